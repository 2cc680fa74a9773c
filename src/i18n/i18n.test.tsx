import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, render, screen } from '@testing-library/react';
import { CharacterCount } from '../features/posts/components/CharacterCount';
import { CATALOGUES } from './catalogues';
import { en, type MessageId } from './catalogues/en';
import { compileCatalogue, compiledFiles, type CompiledMessage } from './compile';
import memberEnglish from './compiled/en.json';
import firstEnglish from './compiled/en-first.json';
import signupEnglish from './compiled/en-signup.json';
import { activateLanguage, chooseLanguage, t } from './i18n';
import { keepLanguageChoice, readLanguageChoice } from './languageChoice';
import { browserLanguage, languageAskedFor, LOCALE_DIRECTIONS, PSEUDO_LOCALE, type Locale } from './locales';
import { startingLanguage } from './languageChoice';

afterEach(async () => {
  await activateLanguage('en');
});

const COUNTS = [0, 1, 2, 5, 22];

async function countsIn(locale: Locale, id: MessageId): Promise<string[]> {
  await activateLanguage(locale);
  return COUNTS.map((count) => t(id, { count }));
}

describe('counts, as each language counts them', () => {
  it('English: one, and every other count', async () => {
    expect(await countsIn('en', 'profile.followers')).toEqual(['0 Followers', '1 Follower', '2 Followers', '5 Followers', '22 Followers']);
    expect(t('profile.followers', { count: 1200 })).toBe('1,200 Followers');
  });

  it('Polish: one, few (2-4, 22-24) and many (0, 5-21)', async () => {
    expect(await countsIn('pl', 'post.likes')).toEqual(['0 polubień', '1 polubienie', '2 polubienia', '5 polubień', '22 polubienia']);
    expect(await countsIn('pl', 'feed.newPosts')).toEqual(['0 nowych wpisów', '1 nowy wpis', '2 nowe wpisy', '5 nowych wpisów', '22 nowe wpisy']);
    // A number in Polish's own format: a space (no-break) between thousands from 10,000.
    expect(t('post.likes', { count: 1200 })).toBe('1200 polubień');
    expect(t('post.likes', { count: 12000 })).toBe('12\u00a0000 polubień');
  });

  it('Arabic: zero, one, two, few (3-10) and many (11-99), each its own words', async () => {
    expect(await countsIn('ar', 'profile.followers')).toEqual(['لا متابعين', 'متابع واحد', 'متابعان', '5 متابعين', '22 متابعًا']);
    expect(t('profile.followers', { count: 100 })).toBe('100 متابع');
  });

  it('German: one and other, numbers with a dot between thousands', async () => {
    expect(await countsIn('de', 'replies.count')).toEqual(['0 Antworten', '1 Antwort', '2 Antworten', '5 Antworten', '22 Antworten']);
    expect(t('replies.count', { count: 1200 })).toBe('1.200 Antworten');
  });
});

describe('the page speaks the language', () => {
  it("sets <html lang dir>: right to left for Arabic, and back", async () => {
    await activateLanguage('ar');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    await activateLanguage('de');
    expect(document.documentElement).toHaveAttribute('lang', 'de');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
  });

  it('a component on screen says its text again in the new language, with nothing reloaded', async () => {
    render(<CharacterCount id="count" text="Hello" />);
    expect(screen.getByText('495 characters left')).toBeInTheDocument();
    await act(() => activateLanguage('pl'));
    expect(screen.getByText('Pozostało 495 znaków')).toBeInTheDocument();
    await act(() => activateLanguage('ar'));
    expect(screen.getByText('بقي 495 حرفًا')).toBeInTheDocument();
  });

  it('a language is asked for by the address, one the app speaks', () => {
    expect(languageAskedFor('?lang=pl')).toBe('pl');
    expect(languageAskedFor('?scenario=busy&lang=en-XA')).toBe('en-XA');
    expect(languageAskedFor('?lang=xx')).toBeUndefined();
    expect(languageAskedFor('?lang=toString')).toBeUndefined();
    expect(languageAskedFor('')).toBeUndefined();
  });

  it("starts in the address's language, else the browser's choice, else the first of the browser's languages it speaks, else English", () => {
    const kept = (value: string | null) => () => ({ getItem: () => value }) as unknown as Storage;
    expect(browserLanguage(['de-AT', 'en-US'])).toBe('de');
    expect(browserLanguage(['pt-BR', 'PL'])).toBe('pl');
    // QA's pseudo-locale is never a browser's.
    expect(browserLanguage(['en-XA'])).toBe('en');
    expect(browserLanguage(['pt-BR', 'ja'])).toBeUndefined();
    expect(startingLanguage('?lang=ar', kept('pl'), ['de'])).toBe('ar');
    expect(startingLanguage('', kept('pl'), ['de'])).toBe('pl');
    expect(startingLanguage('', kept('xx'), ['ar-EG', 'de'])).toBe('ar');
    expect(startingLanguage('', kept(null), ['ja'])).toBe('en');
    expect(startingLanguage('', () => undefined, [])).toBe('en');
  });
});

describe('the pseudo-locale', () => {
  it('brackets, accents and lengthens every text, and keeps its counts', async () => {
    await activateLanguage(PSEUDO_LOCALE);
    const followers = t('profile.followers', { count: 2 });
    expect(followers).toMatch(/^\[2 Ƒöļļöŵéŕš·+\]$/);
    for (const id of Object.keys(en) as MessageId[]) {
      const values = { count: 3, shown: 2, length: 170, max: 160, over: 10, from: 1, to: 20, total: 40, more: 'yes', name: 'Ø', others: 2, actors: 'Ø', about: 'reply', when: '1', megabytes: 2, hint: 'Ø', pixels: 16, square: 'yes', side: '4', author: 'Ø', username: 'Ø', min: 8, done: 1, posts: 3, replies: 2, lists: 5, follows: 2, bookmarks: 1, mutes: 1, blocks: 1, skipped: 1, kind: 'follow', why: 'Ø', file: 'Ø', date: 'Ø', position: 2, added: 1, excess: 1, number: 1, title: 'Ø', subject: 'Ø', action: 'Ø', actor: 'Ø', member: 'Ø' };
      const pseudo = t(id, values);
      await activateLanguage('en');
      const english = t(id, values);
      await activateLanguage(PSEUDO_LOCALE);
      expect(pseudo.startsWith('[') && pseudo.endsWith(']')).toBe(true);
      expect(pseudo.length).toBeGreaterThanOrEqual(Math.floor(english.length * 1.4));
      // No English letter left, but in what the values put in.
      expect(pseudo.replace(/[\d,.]/g, '')).not.toMatch(/[a-zA-Z]/);
    }
  });
});

/** The placeholders a compiled message uses (counts, numbers, plurals), each branch's too. */
function placeholders(message: CompiledMessage): string[] {
  if (typeof message === 'string') return [];
  return message.flatMap((token) => {
    if (typeof token === 'string') return [];
    const [name, , options] = token;
    const inBranches = options && typeof options === 'object' ? Object.values(options).flatMap((branch) => (branch === undefined ? [] : placeholders(branch))) : [];
    return [name, ...inBranches];
  });
}

describe('the catalogues', () => {
  const compiledEnglish = compileCatalogue(en);

  it.each(Object.keys(CATALOGUES).filter((locale) => locale !== 'en'))('%s uses the placeholders English does, in every message', (locale) => {
    const compiled = compileCatalogue(CATALOGUES[locale as keyof typeof CATALOGUES]);
    for (const id of Object.keys(en)) {
      expect([id, [...new Set(placeholders(compiled[id]!))].sort()]).toEqual([id, [...new Set(placeholders(compiledEnglish[id]!))].sort()]);
    }
  });

  it.each(Object.entries(compiledFiles()))('src/i18n/compiled/%s.json is what `npm run i18n:compile` writes from its catalogue', (file, source) => {
    expect(readFileSync(join(__dirname, 'compiled', `${file}.json`), 'utf8')).toBe(source);
  });

  it("writes every language, and English in three parts (the first pages', the signup form's, the member's app's), each id in one", () => {
    expect(Object.keys(compiledFiles()).sort()).toEqual(['en-first', 'en-signup', ...Object.keys(LOCALE_DIRECTIONS)].sort());
    const parts = [firstEnglish, signupEnglish, memberEnglish].map((part) => Object.keys(part));
    const all = parts.flat();
    expect(all.length).toBe(new Set(all).size);
    expect(all.sort()).toEqual(Object.keys(en).sort());
  });
});

describe('the language kept in the browser', () => {
  const storageOf = (stored: Record<string, string>) => () => ({ getItem: (key: string) => stored[key] ?? null, setItem: (key: string, value: string) => { stored[key] = value; } }) as unknown as Storage;

  it('reads a kept language the app speaks, and nothing else', () => {
    expect(readLanguageChoice(storageOf({ language: 'ar' }))).toBe('ar');
    expect(readLanguageChoice(storageOf({ language: 'xx' }))).toBeUndefined();
    expect(readLanguageChoice(storageOf({}))).toBeUndefined();
    expect(readLanguageChoice(() => undefined)).toBeUndefined();
    expect(readLanguageChoice(() => { throw new DOMException('Denied', 'SecurityError'); })).toBeUndefined();
  });

  it('keeps a choice, and a storage that refuses it costs nothing but the keeping', async () => {
    const stored: Record<string, string> = {};
    keepLanguageChoice(storageOf(stored), 'pl');
    expect(stored).toEqual({ language: 'pl' });
    const full = () => ({ setItem: () => { throw new DOMException('Full', 'QuotaExceededError'); } }) as unknown as Storage;
    expect(() => keepLanguageChoice(full, 'de')).not.toThrow();
    await chooseLanguage('de');
    expect(localStorage.getItem('language')).toBe('de');
    expect(t('replies.count', { count: 1 })).toBe('1 Antwort');
    localStorage.clear();
  });
});
