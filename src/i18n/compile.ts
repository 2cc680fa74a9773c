/**
 * Build-time only (the app never imports it): turns a catalogue's ICU messages into Lingui's compiled
 * form, which the app reads with no parser in its bundle, and writes the pseudo-locale from English.
 * `npm run i18n:compile` writes `compiled/`; a test fails when a compiled file is behind its source.
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

/** The source of a compiled catalogue module, as `npm run i18n:compile` writes it from `from` (under src/i18n/). */
export function compiledModule(from: string, compiled: Record<string, CompiledMessage>): string {
  return [
    `// Written by \`npm run i18n:compile\` from src/i18n/${from}: edit the catalogue, not this file.`,
    "import type { Messages } from '@lingui/core';",
    '',
    'export const messages: Messages = {',
    ...Object.entries(compiled).map(([id, message]) => `  ${JSON.stringify(id)}: ${JSON.stringify(message)},`),
    '};',
    '',
  ].join('\n');
}

/**
 * Every compiled file, by name (`src/i18n/compiled/<name>.ts`), with its source: each language
 * whole, but English in three parts (the first pages' words, in the first bundle; the signup form's,
 * with its code; and the member's app's), and the pseudo-locale made from English.
 */
export function compiledFiles(): Record<string, string> {
  const english = compileCatalogue(en);
  const partOf = (id: string) => (id in firstWords ? 'first' : id in signupWords ? 'signup' : 'member');
  const part = (name: string) => Object.fromEntries(Object.entries(english).filter(([id]) => partOf(id) === name));
  return {
    'en-first': compiledModule('catalogues/enFirst.ts', part('first')),
    'en-signup': compiledModule('catalogues/enFirst.ts', part('signup')),
    en: compiledModule('catalogues/en.ts', part('member')),
    [PSEUDO_LOCALE]: compiledModule('catalogues/en.ts and enFirst.ts, made pseudo', pseudoCatalogue(english)),
    ...Object.fromEntries((['de', 'pl', 'ar'] as const).map((locale) => [locale, compiledModule(`catalogues/${locale}.ts`, compileCatalogue(CATALOGUES[locale]))])),
  };
}
