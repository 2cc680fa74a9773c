import { useId } from 'react';
import type { ThemeChoice } from '../themeChoice';
import { useThemeChoice } from '../useThemeChoice';
import { MoonIcon, SunIcon, SystemIcon } from './icons';
import './ThemePicker.css';

const OPTIONS: readonly { value: ThemeChoice; label: string; Icon: typeof SunIcon }[] = [
  { value: 'light', label: 'Light', Icon: SunIcon },
  { value: 'dark', label: 'Dark', Icon: MoonIcon },
  { value: 'system', label: 'System', Icon: SystemIcon },
];

export interface ThemePickerProps {
  className?: string;
}

/**
 * Light, Dark or System (the default: the system's own setting), as one group of radio buttons named
 * "Theme": arrow keys move between them, and the choice shows at once.
 */
export function ThemePicker({ className }: ThemePickerProps) {
  const [choice, choose] = useThemeChoice();
  const name = useId();
  return (
    <fieldset className={`theme-picker${className ? ` ${className}` : ''}`}>
      <legend className="theme-picker__legend">Theme</legend>
      <div className="theme-picker__options">
        {OPTIONS.map(({ value, label, Icon }) => (
          <label key={value} className="theme-picker__option" title={label}>
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
            <span className="theme-picker__label">{label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
