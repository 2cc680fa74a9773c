/** The extension's page and feed parameters: `?limit=N&cursor=C`, `?sort=`. */
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from '../api';
import { refusal } from '../errors';
import { POST_ORDERS, type PostOrder } from '../order';
import type { PageRequest } from '../store';

export type Query = Readonly<Record<string, string | undefined>>;

/**
 * The page a list call asks for, or undefined when it asks for none (then the spec's whole list is
 * the answer). A limit is a whole number from 1 to 100; an empty cursor is the first page.
 */
export function pageOf(query: Query | undefined, alwaysPaged = false): PageRequest | undefined {
  const limitText = query?.limit;
  const cursorText = query?.cursor;
  if (!alwaysPaged && limitText === undefined && cursorText === undefined) return undefined;
  let limit = PAGE_LIMIT_DEFAULT;
  if (limitText !== undefined) {
    if (!/^\d{1,3}$/.test(limitText)) throw refusal('pageLimitInvalid');
    limit = Number(limitText);
    if (limit < 1 || limit > PAGE_LIMIT_MAX) throw refusal('pageLimitInvalid');
  }
  return cursorText === undefined || cursorText === '' ? { limit } : { limit, cursor: cursorText };
}

/** The order the home feed is asked in; latest when none is named. */
export function feedOrderOf(query: Query | undefined): PostOrder {
  const sort = query?.sort;
  if (sort === undefined || sort === '') return 'latest';
  if (!(POST_ORDERS as readonly string[]).includes(sort)) throw refusal('feedSortInvalid');
  return sort as PostOrder;
}

/** Whether a mutation asked for only what changed and this preference too (`Prefer: return=minimal, <name>`). */
function wantsMinimalWith(prefer: string | undefined, name: string): boolean {
  return wantsMinimal(prefer) && prefer !== undefined && prefer.split(',').some((preference) => preference.trim().toLowerCase() === name);
}

/** Whether a like or a dislike asked for its counts alone (`Prefer: return=minimal, reaction-counts`). */
export function wantsReactionCounts(prefer: string | undefined): boolean {
  return wantsMinimalWith(prefer, 'reaction-counts');
}

/** Whether a bookmark or a follow asked for the change and its counts alone (`Prefer: return=minimal, change-counts`). */
export function wantsChangeCounts(prefer: string | undefined): boolean {
  return wantsMinimalWith(prefer, 'change-counts');
}

/** Whether a mutation asked for only what changed (RFC 7240: `Prefer: return=minimal`). */
export function wantsMinimal(prefer: string | undefined): boolean {
  return prefer !== undefined && prefer.split(',').some((preference) => preference.trim().toLowerCase() === 'return=minimal');
}
