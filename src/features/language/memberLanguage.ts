import { useEffect } from 'react';
import { chooseLanguage, currentLanguage, t } from '../../i18n/i18n';
import { languageAskedFor, LOCALE_NAMES, MEMBER_LOCALES, type Locale } from '../../i18n/locales';
import { backendHasAnswered } from '../../lib/api/api';
import { useAppSelector, useAppStore } from '../../lib/store/hooks';
import { selectCurrentUserId } from '../auth/sessionSlice';
import { selectCurrentMember } from '../users/currentMember';
import { useSaveLanguageMutation } from '../users/usersApi';
import { notifyError } from '../ui/notify';

/** Whether `value` is a language a member may choose (QA's pseudo-locale is not one). */
function isMemberLocale(value: string): value is Locale {
  return (MEMBER_LOCALES as readonly string[]).includes(value);
}

/** Speaks `locale` from now on, in this browser; one whose words cannot load leaves the page as it was, and says so. */
function speak(locale: Locale): Promise<boolean> {
  return chooseLanguage(locale).then(() => true, () => {
    notifyError(t('language.failed', { name: LOCALE_NAMES[locale] }));
    return false;
  });
}

/**
 * The member who chose a language in this app (by id, per store: one app in a page): from then on,
 * the app speaks what they chose, and their record's later answers (their own saves, landing in any
 * order) change nothing.
 */
const choseHere = new WeakMap<object, string | null>();

/**
 * The language on the member's record, where the backend keeps it (`member-language`): spoken as
 * soon as the record arrives (a login, a reload: another device's choice comes with it), and kept in
 * this browser, unless the address asks for a language of its own, or the member chose one here.
 */
export function useLanguageFromRecord(): void {
  const store = useAppStore();
  // The two fields alone: the shell this runs in renders again only when one of them changes.
  const memberId = useAppSelector(selectCurrentUserId);
  const language = useAppSelector((state) => selectCurrentMember(state)?.language);
  useEffect(() => {
    if (!language || !isMemberLocale(language) || language === currentLanguage()) return;
    if (choseHere.get(store) === memberId || languageAskedFor(window.location.search)) return;
    void speak(language);
  }, [store, memberId, language]);
}

/**
 * Chooses a language for the member: spoken at once and kept in this browser, then kept on their
 * record where the backend has it, so that it follows them to their other devices.
 */
export function useChooseLanguage(): (locale: Locale) => void {
  const store = useAppStore();
  const memberId = useAppSelector(selectCurrentUserId);
  const [saveLanguage] = useSaveLanguageMutation();
  return (locale) => {
    choseHere.set(store, memberId);
    void speak(locale).then(async (spoken) => {
      // Chosen maybe before the backend said what it has: its answer is waited for.
      if (spoken && (await backendHasAnswered(store, 'member-language'))) void saveLanguage(locale);
    });
  };
}
