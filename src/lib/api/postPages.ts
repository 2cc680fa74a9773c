import type { PostsPage } from '../../types/api';
import { cursorQuery } from './cursorPages';

/** How many posts a page of a paged list asks for (the `pages` extension). */
const POSTS_PAGE_LIMIT = 20;

/** A page's query string: the limit, and the cursor where the page before it ended (none for the first). */
export function pageQuery(cursor: string | null): URLSearchParams {
  return cursorQuery(POSTS_PAGE_LIMIT, cursor);
}

/** A page as the backend answered it; a page without a list of posts is an empty last page. */
export function readPage(response: Partial<PostsPage> | undefined): PostsPage {
  return { posts: Array.isArray(response?.posts) ? response.posts : [], nextCursor: typeof response?.nextCursor === 'string' ? response.nextCursor : null };
}

/**
 * Where a page of a list starts: the cursor that asks for it (none for the first), how many posts of
 * the list come before it, and the place of the page before it. A list keeps only its last few pages;
 * the places of those it let go of stay (a few bytes a page), so they load again on the way back up.
 */
export interface PagePlace {
  cursor: string | null;
  before: number;
  previous: PagePlace | null;
}

const FIRST_PAGE: PagePlace = { cursor: null, before: 0, previous: null };

/**
 * The most pages a list keeps: the 100 cards a list shows at most, a page ahead of them either way,
 * and a page to spare, so that loading a page at one end never makes the other end ask again.
 */
export const MAX_PAGES_KEPT = 8;

/** What every paged list of posts shares: its pages' places, and how many pages it keeps. */
export const POST_PAGES_OPTIONS = {
  initialPageParam: FIRST_PAGE,
  maxPages: MAX_PAGES_KEPT,
  getNextPageParam: (lastPage: PostsPage, _pages: PostsPage[], place: PagePlace): PagePlace | undefined =>
    lastPage.nextCursor ? { cursor: lastPage.nextCursor, before: place.before + lastPage.posts.length, previous: place } : undefined,
  getPreviousPageParam: (_firstPage: PostsPage, _pages: PostsPage[], place: PagePlace): PagePlace | undefined => place.previous ?? undefined,
};

/** Whether a list's loaded pages begin with its first page, where a new post (or bookmark) joins it. */
export function holdsListStart(data: { pageParams: readonly unknown[] }): boolean {
  const place = data.pageParams[0] as PagePlace | undefined;
  return place?.previous === null;
}
