import { useState } from 'react';
import { chooseLanguage, currentLanguage } from '../../i18n/i18n';
import { useLanguage } from '../../i18n/useT';
import { LOCALE_NAMES, PSEUDO_LOCALE, isLocale } from '../../i18n/locales';

/** The workbench's link with the language the app speaks, so that it opens in it elsewhere. */
export function linkInLanguage(link: string, locale: string): string {
  const url = new URL(link);
  if (locale === 'en') url.searchParams.delete('lang');
  else url.searchParams.set('lang', locale);
  return url.toString();
}

/**
 * QA's language: any the app speaks, the pseudo-locale among them, switched in place (nothing
 * reloads, nothing typed is lost) and kept in this browser, as a member's choice is.
 */
export function LanguageSection() {
  const locale = useLanguage();
  const [failure, setFailure] = useState<string>();
  const choose = (value: string) => {
    if (!isLocale(value)) return;
    setFailure(undefined);
    chooseLanguage(value).catch(() => setFailure(`The ${LOCALE_NAMES[value]} catalogue could not load (the connection?); the app goes on in ${LOCALE_NAMES[currentLanguage()]}.`));
  };
  return (
    <section aria-labelledby="workbench-language">
      <h3 id="workbench-language" className="workbench__heading">Language</h3>
      <label className="workbench__field">
        The app&apos;s language, kept in this browser
        <select value={locale} onChange={(event) => choose(event.target.value)}>
          {Object.entries(LOCALE_NAMES).map(([code, name]) => (
            <option key={code} value={code}>{`${name} (${code})`}</option>
          ))}
        </select>
      </label>
      <p className="workbench__text">
        {`${PSEUDO_LOCALE} is the pseudo-locale: each translated text accented, 40% longer and in brackets. Plain English there has not been translated yet; a text with no closing bracket is cut off.`}
      </p>
      {failure ? <p className="workbench__error" role="alert">{failure}</p> : null}
    </section>
  );
}
