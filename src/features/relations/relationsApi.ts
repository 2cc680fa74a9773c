import { useEffect, useState } from 'react';
import { paths } from '../../config/paths';
import { api, type CacheAccess } from '../../lib/api/api';
import { hasCapability } from '../../lib/api/capabilities';
import { CURSOR_PAGES_OPTIONS, cursorQuery, readMembersPage } from '../../lib/api/cursorPages';
import { useAppSelector } from '../../lib/store/hooks';
import type { MembersPage, Relation, UserSummary } from '../../types/api';

/** How many muted or blocked members the settings page and the buttons read at once. */
export const RELATIONS_PAGE_LIMIT = 100;

export type RelationList = 'muted' | 'blocked';
export type RelationAction = 'mute' | 'unmute' | 'block' | 'unblock';

const listTag = (list: RelationList) => ({ type: 'Relation' as const, id: list });

/**
 * What a change makes stale: its list, and whatever shows the other member's posts, replies or
 * notifications; a block also ends follows and hides the member from every list of members.
 */
function staleAfter(action: RelationAction) {
  const posts = [{ type: 'Post' as const }, { type: 'Notification' as const }];
  if (action === 'mute' || action === 'unmute') return [listTag('muted'), ...posts];
  return [listTag('blocked'), ...posts, { type: 'Reply' as const }, { type: 'Bookmark' as const }, { type: 'User' as const }];
}

export const relationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The members the member mutes or blocks, the latest first (the `mute-block` extension). */
    getRelationList: build.infiniteQuery<MembersPage, RelationList, string | null>({
      infiniteQueryOptions: CURSOR_PAGES_OPTIONS,
      query: ({ queryArg, pageParam }) => `/users/${queryArg}?${cursorQuery(RELATIONS_PAGE_LIMIT, pageParam)}`,
      // The settings page's content; read beside every other page (a profile's buttons, a post's
      // menu), where a failure leaves the page as it is.
      extraOptions: { pageOf: paths.mutedAndBlocked.pattern },
      transformResponse: readMembersPage,
      providesTags: (_pages, _error, list) => [listTag(list)],
    }),
    changeRelation: build.mutation<Relation, { action: RelationAction; user: UserSummary }>({
      query: ({ action, user }) => ({ url: `/users/${action}/${encodeURIComponent(user._id)}`, method: 'POST' }),
      invalidatesTags: (answer, _error, { action }) => (answer ? staleAfter(action) : []),
    }),
  }),
});

export const { useGetRelationListInfiniteQuery, useChangeRelationMutation } = relationsApi;

/** Whether the backend has the `mute-block` extension: one selector, read by every post card's menu. */
export function selectHasMuteBlock(state: unknown): boolean {
  return hasCapability(state, 'muteBlock');
}

/** The members of a list, as loaded so far. */
function membersOf(data: { pages: MembersPage[] } | undefined): UserSummary[] {
  return data?.pages.flatMap((page) => page.users) ?? [];
}

/** The muted or blocked members loaded so far, with what the list's query says. */
export function useRelationList(list: RelationList, skip = false) {
  const query = useGetRelationListInfiniteQuery(list, { skip });
  return { ...query, members: membersOf(query.data) };
}

/** Where the member stands with another: whether they mute and block them. */
export type StandingWith = { muted: boolean; blocked: boolean; blockedMember?: UserSummary };

/**
 * A list read page after page until it holds the member or ends: a member who mutes or blocks more
 * than a page's worth finds each of them where they stand, not only the latest. A page that fails
 * stops the reading where it is (`stopped`) until `retry`, or until this is used again (a menu
 * opened again).
 */
function useListHolding(list: RelationList, userId: string, skip: boolean) {
  const { data, isError, isFetching, hasNextPage, fetchNextPage, refetch } = useGetRelationListInfiniteQuery(list, { skip });
  // The pages a next page failed after: the reading stops there, and goes on once the list is read
  // again (a change, another device's) or asked to.
  const [stoppedAt, setStoppedAt] = useState<typeof data>();
  const stopped = data !== undefined && stoppedAt === data;
  const member = membersOf(data).find((each) => each._id === userId);
  const readOn = data !== undefined && member === undefined && hasNextPage && !stopped;
  useEffect(() => {
    if (!readOn || isFetching) return;
    fetchNextPage().unwrap().catch(() => setStoppedAt(data));
  }, [readOn, isFetching, fetchNextPage, data]);
  return {
    member,
    failed: stopped || (data === undefined && isError),
    settled: data !== undefined && (member !== undefined || !hasNextPage),
    retry: () => (data === undefined ? void refetch() : setStoppedAt(undefined)),
  };
}

/**
 * Where the member stands with another, with how its two lists' reading went: `loading` until both
 * lists hold the member or have been read to their end, `failed` when either stopped short on a
 * failed call (asked again by `retry`, or where the menu opens again), and `absent` for a backend
 * without the `mute-block` extension.
 */
export function useRelationState(userId: string):
  | { status: 'known'; relation: StandingWith }
  | { status: 'failed'; retry: () => void }
  | { status: 'loading' | 'absent' } {
  const has = useAppSelector(selectHasMuteBlock);
  const muted = useListHolding('muted', userId, !has);
  const blocked = useListHolding('blocked', userId, !has);
  if (!has) return { status: 'absent' };
  if (!muted.settled || !blocked.settled) {
    if (!muted.failed && !blocked.failed) return { status: 'loading' };
    return {
      status: 'failed',
      retry: () => {
        if (muted.failed) muted.retry();
        if (blocked.failed) blocked.retry();
      },
    };
  }
  const blockedMember = blocked.member;
  return {
    status: 'known',
    relation: { muted: muted.member !== undefined, blocked: blockedMember !== undefined, ...(blockedMember ? { blockedMember } : {}) },
  };
}

/**
 * Where the member stands with another: undefined while the lists load or when they could not be
 * read, and for a backend without the `mute-block` extension.
 */
export function useRelationWith(userId: string): StandingWith | undefined {
  const state = useRelationState(userId);
  return state.status === 'known' ? state.relation : undefined;
}

/** The member muted or blocked someone on another device (the stream): what it changes loads again. */
export function relationChangedElsewhere(cache: CacheAccess): void {
  cache.dispatch(api.util.invalidateTags([listTag('muted'), listTag('blocked'), 'Post', 'Notification', 'Reply', 'Bookmark', 'User']));
}
