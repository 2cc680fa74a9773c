/**
 * Post search (the `post-search` extension): what a query asks for, read the same way by both
 * backends. A query is words, `"quoted phrases"`, `#tags` and at most one `from:username`, in any
 * order. A post matches when its text holds every word and phrase (anywhere, so part of a word
 * matches too), ignoring case and accents; holds every tag (as the `tags` extension reads them); and
 * was written by that member. Matches come newest first, a page at a time.
 */
import { refusal, RuleError } from './errors';
import { LIMITS } from './limits';
import { isTag, normaliseTag, tagsOf } from './richText';

export interface PostSearch {
  /** The words and phrases, each in its search form (searchForm): every one must be in the text. */
  words: string[];
  /** The tags, normalised: every one must be among the text's tags. */
  tags: string[];
  /** The username after `from:`, as typed; null when the query names no author. */
  from: string | null;
}

/** The marks NFKD splits off letters (accents, cedillas, umlauts): what search ignores. */
const COMBINING_MARKS = /[\u0300-\u036f]/g;

/**
 * A text as search compares it: its accents taken off and its letters in lower case ("Ça" reads
 * "ca"). PostgreSQL's `post_search_text` (migration 0025) does the same, in the same order.
 */
export function searchForm(text: string): string {
  return text.normalize('NFKD').replace(COMBINING_MARKS, '').toLowerCase();
}

/** Letters and digits at a word's ends: what is left of a word once its punctuation is trimmed. */
const UNTRIMMED = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;
/** A query's terms: a quoted phrase, or a run of anything but spaces. */
const TERMS = /"([^"]*)"?|(\S+)/gu;
const FROM = /^from:/i;

/**
 * What a query asks for, refused with a clear message when it asks for nothing (no term left),
 * for too little to search by (no word of LIMITS.searchWordMin characters, no tag and no author), for
 * too much (over LIMITS.searchQueryMax characters or LIMITS.searchTermsMax terms), for two authors,
 * or for a tag no text could hold.
 */
export function parsePostSearch(query: string | undefined): PostSearch {
  const text = (query ?? '').trim();
  if (Array.from(text).length > LIMITS.searchQueryMax) throw refusal('searchTooLong');
  const search: PostSearch = { words: [], tags: [], from: null };
  let terms = 0;
  for (const match of text.matchAll(TERMS)) {
    const [, phrase, term] = match;
    if (phrase !== undefined) {
      const words = phrase.trim().split(/\s+/u).map((word) => word.replace(UNTRIMMED, '')).filter((word) => word !== '');
      if (words.length === 0) continue;
      search.words.push(searchForm(words.join(' ')));
    } else if (term !== undefined && FROM.test(term)) {
      if (search.from !== null) throw refusal('searchOneAuthor');
      search.from = term.replace(FROM, '').replace(/^@/, '');
      if (search.from === '') throw refusal('searchOneAuthor');
    } else if (term !== undefined && term.startsWith('#') && term.length > 1) {
      const tag = term.slice(1).replace(/[^\p{L}\p{N}_]+$/u, '');
      if (!isTag(tag)) throw refusal('tagInvalid');
      const normal = normaliseTag(tag);
      if (!search.tags.includes(normal)) search.tags.push(normal);
    } else if (term !== undefined) {
      const word = term.replace(UNTRIMMED, '');
      if (word === '') continue;
      search.words.push(searchForm(word));
    } else {
      continue;
    }
    terms += 1;
  }
  if (terms === 0 && search.words.length === 0) throw refusal('searchEmpty');
  if (terms > LIMITS.searchTermsMax) throw refusal('searchTooManyTerms');
  const longEnough = search.words.some((word) => Array.from(word).length >= LIMITS.searchWordMin);
  if (!longEnough && search.tags.length === 0 && search.from === null) throw refusal('searchTooShort');
  search.words = [...new Set(search.words)];
  return search;
}

/**
 * What `q` asks for, or the refusal a backend would answer it with: a client's reading of what was
 * typed, before it sends anything.
 */
export function readPostSearch(q: string): PostSearch | RuleError {
  try {
    return parsePostSearch(q);
  } catch (error) {
    if (error instanceof RuleError) return error;
    throw error;
  }
}

/** Whether a post's text matches a search's words and tags (its author is the caller's to check). */
export function textMatches(search: Pick<PostSearch, 'words' | 'tags'>, content: string): boolean {
  const form = searchForm(content);
  if (!search.words.every((word) => form.includes(word))) return false;
  if (search.tags.length === 0) return true;
  const tags = tagsOf(content);
  return search.tags.every((tag) => tags.includes(tag));
}

/**
 * Whether a post by `username` with this text is among what the search `q` finds (a client's
 * check of a new post against a list it holds); false for a search that cannot be sent.
 */
export function postFoundBy(q: string, post: { content: string; username: string }): boolean {
  const search = readPostSearch(q);
  if (search instanceof RuleError) return false;
  return (search.from === null || search.from.toLowerCase() === post.username.toLowerCase()) && textMatches(search, post.content);
}

/** The first `limit` of `items` that `keeps` keeps, in their order, and how many it keeps. */
export function firstKept<T>(items: Iterable<T>, keeps: (item: T) => boolean, limit: number): { kept: T[]; total: number } {
  const kept: T[] = [];
  let total = 0;
  for (const item of items) {
    if (!keeps(item)) continue;
    total += 1;
    if (kept.length < limit) kept.push(item);
  }
  return { kept, total };
}

/** People search (spec section 5): whether a member's first or last name holds `text`, ignoring case. */
export function nameHolds(member: { firstName: string; lastName: string }, text: string): boolean {
  const wanted = text.trim().toLowerCase();
  return wanted !== '' && (member.firstName.toLowerCase().includes(wanted) || member.lastName.toLowerCase().includes(wanted));
}

/** A username as a lookup compares it: trimmed, an `@` before it dropped, in lower case. */
export function usernameKey(username: string): string {
  return username.trim().replace(/^@/, '').toLowerCase();
}

/** What a member search asks for (the `member-search` extension): names holding a text, or one username. */
export type MemberSearch = { name: string } | { username: string };

/**
 * A member search's query: `username` when it names one, else `q`; refused (`searchTooLong`) when
 * either is longer than a search may be.
 */
export function parseMemberSearch(query: { q?: string; username?: string } | undefined): MemberSearch {
  const { q = '', username } = query ?? {};
  for (const text of [q, username ?? '']) if (Array.from(text).length > LIMITS.searchQueryMax) throw refusal('searchTooLong');
  return username !== undefined && username.trim() !== '' ? { username: usernameKey(username) } : { name: q };
}

/** Whether `member` is what `search` looks for. */
export function memberMatches(member: { username: string; firstName: string; lastName: string }, search: MemberSearch): boolean {
  return 'username' in search ? member.username.toLowerCase() === search.username : nameHolds(member, search.name);
}
