import type { PostsPage } from '../../types/api';

/** How many posts a page of a paged list asks for (the `pages` extension). */
export const POSTS_PAGE_LIMIT = 20;

/** A page's query string: the limit, and the cursor where the page before it ended (none for the first). */
export function pageQuery(cursor: string | null): URLSearchParams {
  const query = new URLSearchParams({ limit: String(POSTS_PAGE_LIMIT) });
  if (cursor) query.set('cursor', cursor);
  return query;
}

/** A page as the backend answered it; a page without a list of posts is an empty last page. */
export function readPage(response: Partial<PostsPage> | undefined): PostsPage {
  return { posts: Array.isArray(response?.posts) ? response.posts : [], nextCursor: typeof response?.nextCursor === 'string' ? response.nextCursor : null };
}

/** What every paged list of posts shares: the first page has no cursor, and the last has no next one. */
export const POST_PAGES_OPTIONS = {
  initialPageParam: null,
  getNextPageParam: (lastPage: PostsPage) => lastPage.nextCursor ?? undefined,
};
