import { useCallback, useSyncExternalStore } from 'react';
import type { MessageId } from './catalogues/en';
import { currentLanguage, onLanguageChange, t } from './i18n';
import type { Locale } from './locales';

/** `t`, for a component that shows text: it renders again in the new language when the member switches. */
export function useT(): typeof t {
  const locale = useLanguage();
  // A new function per language, so that memoised children that take it render again too.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useCallback((id: MessageId, values?: Record<string, string | number>) => t(id, values), [locale]);
}

/** The language the app speaks, for a component that formats dates or numbers itself; it renders again on a switch. */
export function useLanguage(): Locale {
  return useSyncExternalStore(onLanguageChange, currentLanguage, currentLanguage);
}
