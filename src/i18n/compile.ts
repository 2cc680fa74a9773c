/**
 * Build-time only (the app never imports it): turns a catalogue's ICU messages into Lingui's compiled
 * form, which the app reads with no parser in its bundle, and writes the pseudo-locale from English.
 * `npm run i18n:compile` writes `compiled/` (JSON: data the app imports); a test fails when a compiled
 * file is behind its source.
 */
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { CATALOGUES } from './catalogues';
import { en, type Catalogue } from './catalogues/en';
import { firstWords, signupWords } from './catalogues/enFirst';
import { PSEUDO_LOCALE } from './locales';

/** Lingui's compiled message: text, or tokens (text, a placeholder, a plural or select with its branches). */
export type CompiledMessage = string | CompiledToken[];
type CompiledToken = string | [string, string?, (Record<string, CompiledMessage> | string)?];

export function compileCatalogue(catalogue: Catalogue): Record<string, CompiledMessage> {
  return Object.fromEntries(Object.entries(catalogue).map(([id, message]) => [id, compileMessage(message) as CompiledMessage]));
}

const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter, index) => [letter, [...'àƀçđéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÀƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'][index] ?? letter]),
);

/** Text a pseudo-locale reader sees: each letter accented, and 40% more of it, so a cut shows. */
function accent(text: string): string {
  return [...text].map((letter) => ACCENTED[letter] ?? letter).join('');
}

function pseudoTokens(tokens: CompiledToken[]): CompiledToken[] {
  let length = 0;
  const accented = tokens.map((token): CompiledToken => {
    // `#` stands for the count inside a plural's branch.
    if (typeof token === 'string') {
      if (token === '#') return token;
      length += token.length;
      return accent(token);
    }
    const [name, kind, options] = token;
    if (options === undefined || typeof options === 'string') return token;
    // A plural's `offset` is a number, or absent; its branches are messages.
    const branches = Object.entries(options).map(([branch, message]) => [branch, Array.isArray(message) ? pseudoTokens(message) : typeof message === 'string' ? pseudoTokens([message]) : message]);
    return [name, kind, Object.fromEntries(branches)];
  });
  const longer = '·'.repeat(Math.ceil(length * 0.4));
  return longer ? [...accented, longer] : accented;
}

/** The pseudo-locale's form of a compiled message: accented, longer and bracketed. */
export function pseudoMessage(message: CompiledMessage): CompiledMessage {
  return ['[', ...pseudoTokens(typeof message === 'string' ? [message] : message), ']'];
}

export function pseudoCatalogue(compiled: Record<string, CompiledMessage>): Record<string, CompiledMessage> {
  return Object.fromEntries(Object.entries(compiled).map(([id, message]) => [id, pseudoMessage(message)]));
}

/**
 * A compiled catalogue as `npm run i18n:compile` writes it: JSON, one message a line, so that a
 * change to a catalogue shows as the lines of the messages it touched.
 */
export function compiledJson(compiled: Record<string, CompiledMessage>): string {
  const lines = Object.entries(compiled).map(([id, message]) => `  ${JSON.stringify(id)}: ${JSON.stringify(message)}`);
  return `{\n${lines.join(',\n')}\n}\n`;
}

/**
 * Every compiled file, by name (`src/i18n/compiled/<name>.json`), with its content: each language
 * whole, but English in three parts (the first pages' words, in the first bundle; the signup form's,
 * with its code; and the member's app's), and the pseudo-locale made from English.
 */
export function compiledFiles(): Record<string, string> {
  const english = compileCatalogue(en);
  const partOf = (id: string) => (id in firstWords ? 'first' : id in signupWords ? 'signup' : 'member');
  const part = (name: string) => Object.fromEntries(Object.entries(english).filter(([id]) => partOf(id) === name));
  return {
    'en-first': compiledJson(part('first')),
    'en-signup': compiledJson(part('signup')),
    en: compiledJson(part('member')),
    [PSEUDO_LOCALE]: compiledJson(pseudoCatalogue(english)),
    ...Object.fromEntries((['de', 'pl', 'ar'] as const).map((locale) => [locale, compiledJson(compileCatalogue(CATALOGUES[locale]))])),
  };
}
