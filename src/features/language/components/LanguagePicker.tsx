import { useId } from 'react';
import { strokeIcon } from '../../../components/strokeIcon';
import { LOCALE_NAMES, MEMBER_LOCALES, type Locale } from '../../../i18n/locales';
import { useLanguage, useT } from '../../../i18n/useT';
import { useChooseLanguage } from '../memberLanguage';
import './LanguagePicker.css';

const GlobeIcon = strokeIcon(20, ['M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z', 'M3 12h18', 'M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z']);

export interface LanguagePickerProps {
  className?: string;
}

/**
 * The language the app speaks, chosen by its name in itself ("Deutsch", "العربية"): the page changes
 * in place, with no reload, and the choice is kept in this browser, and on the member's record where
 * the backend keeps it (memberLanguage.ts). Named "Language" in the language spoken. QA's pseudo-locale shows here only while it is in force (the address or the workbench chose it).
 * A language whose words cannot load leaves the page in the one it speaks, with a toast saying so.
 */
export function LanguagePicker({ className }: LanguagePickerProps) {
  const say = useT();
  const current = useLanguage();
  const id = useId();
  const choose = useChooseLanguage();
  const choices: readonly Locale[] = (MEMBER_LOCALES as readonly Locale[]).includes(current) ? MEMBER_LOCALES : [...MEMBER_LOCALES, current];
  return (
    <div className={`language-picker${className ? ` ${className}` : ''}`}>
      <label htmlFor={id} className="language-picker__label">{say('language.label')}</label>
      <span className="language-picker__field">
        <GlobeIcon />
        <select
          id={id}
          className="language-picker__select"
          value={current}
          onChange={(event) => choose(event.currentTarget.value as Locale)}
        >
          {choices.map((locale) => (
            <option key={locale} value={locale} lang={locale}>
              {LOCALE_NAMES[locale]}
            </option>
          ))}
        </select>
      </span>
    </div>
  );
}
