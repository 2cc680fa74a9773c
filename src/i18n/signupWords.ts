import type { FirstMessageId, SignupMessageId } from './catalogues/en';
import { messagesOf } from './catalogueChunks';
import signupEnglish from './compiled/en-signup.json';
import { i18n, useWords } from './firstWords';

/**
 * The signup form's words: their English joins the first pages' as this module loads, with
 * /signup's code; the other languages' catalogues hold them already.
 */
i18n.load('en', messagesOf(signupEnglish));

/** A text of the signup page in the language the app speaks now; `values` fill its placeholders. */
export function t(id: FirstMessageId | SignupMessageId, values?: Record<string, string | number>): string {
  return i18n._(id, values);
}

/** `t` for a component of the signup page. */
export function useT(): typeof t {
  return useWords<FirstMessageId | SignupMessageId>();
}
