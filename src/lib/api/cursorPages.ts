import type { MembersPage } from '../../types/api';

/** A page's query string: the limit, and the cursor where the page before it ended (none for the first). */
export function cursorQuery(limit: number, cursor: string | null): URLSearchParams {
  const query = new URLSearchParams({ limit: String(limit) });
  if (cursor) query.set('cursor', cursor);
  return query;
}

/** What a list read a page at a time by the backend's cursor shares: no cursor first, then the one each page names. */
export const CURSOR_PAGES_OPTIONS = {
  initialPageParam: null as string | null,
  getNextPageParam: (lastPage: { nextCursor: string | null }) => lastPage.nextCursor ?? undefined,
};

/** A page of members as the backend answered it; anything missing reads as an empty last page. */
export function readMembersPage(response: Partial<MembersPage> | undefined): MembersPage {
  return {
    users: Array.isArray(response?.users) ? response.users : [],
    nextCursor: typeof response?.nextCursor === 'string' ? response.nextCursor : null,
  };
}
