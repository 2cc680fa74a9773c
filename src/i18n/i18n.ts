import type { MessageId } from './catalogues/en';
import { messagesOf } from './catalogueChunks';
import memberEnglish from './compiled/en.json';
import signupEnglish from './compiled/en-signup.json';
import { i18n } from './firstWords';

export { activateLanguage, chooseLanguage, currentLanguage, formatNumber, i18n, onLanguageChange } from './firstWords';

/**
 * The member's app's words: its English (and the signup form's, whose rules its refusals name)
 * joins the first pages' (./firstWords.ts) as this module loads, with the first of the app's chunks that shows text; the other languages' catalogues hold
 * every word already.
 */
i18n.load('en', messagesOf({ ...signupEnglish, ...memberEnglish }));

/** A text in the language the app speaks now; `values` fill its placeholders (counts in the language's number format). */
export function t(id: MessageId, values?: Record<string, string | number>): string {
  return i18n._(id, values);
}

/** Stands for the part a sentence sets apart (a link, names): no message holds it. */
const SET_APART = '\u0000';

/**
 * A sentence of the member's language around one part the caller renders itself (a link, names in
 * bold): the words before `placeholder` and after it, wherever the language puts it.
 */
export function tAround(id: MessageId, placeholder: string, values?: Record<string, string | number>): { before: string; after: string } {
  const sentence = t(id, { ...values, [placeholder]: SET_APART });
  const at = sentence.indexOf(SET_APART);
  return { before: sentence.slice(0, at), after: sentence.slice(at + SET_APART.length) };
}
