/**
 * The languages the app speaks, each with the way its lines run: all that the page's head needs
 * (/theme.js), so their names stay out of it. `en-XA` is the pseudo-locale for QA: English accented,
 * 40% longer and bracketed, so that a text the catalogues missed (plain English) or a layout that
 * cuts a text (no closing bracket) shows at a glance.
 */
export const LOCALE_DIRECTIONS = { en: 'ltr', de: 'ltr', pl: 'ltr', ar: 'rtl', 'en-XA': 'ltr' } as const satisfies Record<string, 'ltr' | 'rtl'>;

export type Locale = keyof typeof LOCALE_DIRECTIONS;

/** Each language's name in itself, as the pickers list it. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', de: 'Deutsch', pl: 'Polski', ar: 'العربية', 'en-XA': '[Ƥšéûđö]' };

/** The pseudo-locale, written from English by `npm run i18n:compile`. */
export const PSEUDO_LOCALE = 'en-XA' satisfies Locale;

export function isLocale(value: string): value is Locale {
  return Object.hasOwn(LOCALE_DIRECTIONS, value);
}

/** The languages a member may choose (the pseudo-locale is QA's: by address, or the workbench). */
export const MEMBER_LOCALES = ['en', 'de', 'pl', 'ar'] as const satisfies readonly Locale[];

/**
 * The first of the browser's languages (`navigator.languages`, most wanted first) that the app
 * speaks, by its language alone: 'de-AT' is German, 'pt-BR' is passed over for the next.
 */
export function browserLanguage(languages: readonly string[]): Locale | undefined {
  for (const tag of languages) {
    const language = tag.split('-')[0]?.toLowerCase() ?? '';
    const found = MEMBER_LOCALES.find((locale) => locale === language);
    if (found) return found;
  }
  return undefined;
}

/** The language a tab's address asks for (`?lang=pl`, as QA share it), when it names one the app speaks. */
export function languageAskedFor(search: string): Locale | undefined {
  const asked = new URLSearchParams(search).get('lang');
  return asked !== null && isLocale(asked) ? asked : undefined;
}
