import { useId } from 'react';
import type { ThemeChoice } from '../themeChoice';
import { useThemeChoice } from '../useThemeChoice';
import { MoonIcon, SunIcon, SystemIcon } from './icons';
import './ThemePicker.css';
import type { MessageId } from '../../../i18n/catalogues/en';
import { useT } from '../../../i18n/useT';

const OPTIONS: readonly { value: ThemeChoice; label: MessageId; Icon: typeof SunIcon }[] = [
  { value: 'light', label: 'theme.light', Icon: SunIcon },
  { value: 'dark', label: 'theme.dark', Icon: MoonIcon },
  { value: 'system', label: 'theme.system', Icon: SystemIcon },
];

export interface ThemePickerProps {
  className?: string;
}

/**
 * Light, Dark or System (the default: the system's own setting), as one group of radio buttons named
 * "Theme": arrow keys move between them, and the choice shows at once.
 */
export function ThemePicker({ className }: ThemePickerProps) {
  const say = useT();
  const [choice, choose] = useThemeChoice();
  const name = useId();
  return (
    <fieldset className={`theme-picker${className ? ` ${className}` : ''}`}>
      <legend className="theme-picker__legend">{say('theme.legend')}</legend>
      <div className="theme-picker__options">
        {OPTIONS.map(({ value, label, Icon }) => (
          <label key={value} className="theme-picker__option" title={say(label)}>
            <input
              type="radio"
              className="theme-picker__input"
              name={name}
              value={value}
              checked={choice === value}
              // In a window, focus starts on the choice in force, as Tab into a radio group does.
              data-autofocus={choice === value ? '' : undefined}
              onChange={() => choose(value)}
            />
            <Icon />
            <span className="theme-picker__label">{say(label)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
