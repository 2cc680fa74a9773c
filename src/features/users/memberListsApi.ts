import { api } from '../../lib/api/api';
import { CURSOR_PAGES_OPTIONS, cursorQuery, readMembersPage } from '../../lib/api/cursorPages';
import type { MembersPage } from '../../types/api';

/**
 * Which list of members (the `member-lists` extension): who follows a member, whom a member follows,
 * or who likes a post.
 */
export type MemberList = { list: 'followers' | 'following'; userId: string } | { list: 'likes'; postId: string };

/** How many members a page asks for. */
const MEMBERS_PAGE_LIMIT = 20;

function memberListUrl(list: MemberList, cursor: string | null): string {
  const query = cursorQuery(MEMBERS_PAGE_LIMIT, cursor);
  return list.list === 'likes'
    ? `/posts/${encodeURIComponent(list.postId)}/likes?${query}`
    : `/users/${encodeURIComponent(list.userId)}/${list.list}?${query}`;
}

export const memberListsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A list of members, the latest to begin first, a page at a time ("Show more"). */
    getMemberPages: build.infiniteQuery<MembersPage, MemberList, string | null>({
      infiniteQueryOptions: CURSOR_PAGES_OPTIONS,
      query: ({ queryArg, pageParam }) => memberListUrl(queryArg, pageParam),
      transformResponse: readMembersPage,
      // A list that fails to load is said in a toast and in its dialog, with Try again; the member
      // stays where they are, as with a form that stays open, rather than going to /error.
      extraOptions: { formSave: true },
      // A list is read fresh each time it opens: follows and likes change all the time.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetMemberPagesInfiniteQuery } = memberListsApi;
