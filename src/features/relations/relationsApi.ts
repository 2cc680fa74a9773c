import { paths } from '../../config/paths';
import { api, SUGGESTIONS_TAG, type CacheAccess } from '../../lib/api/api';
import { hasCapability } from '../../lib/api/capabilities';
import { CURSOR_PAGES_OPTIONS, cursorQuery, readMembersPage } from '../../lib/api/cursorPages';
import { useAppSelector } from '../../lib/store/hooks';
import type { MembersPage, Relation, RelationWith, UserSummary } from '../../types/api';

/** How many muted or blocked members the settings page and the buttons read at once. */
export const RELATIONS_PAGE_LIMIT = 100;

export type RelationList = 'muted' | 'blocked';
export type RelationAction = 'mute' | 'unmute' | 'block' | 'unblock';

const listTag = (list: RelationList) => ({ type: 'Relation' as const, id: list });
/** Where the member stands with one other, read on its own: any change may move it. */
const ONE_MEMBER_TAG = { type: 'Relation' as const, id: 'one member' };

/**
 * What a change makes stale: its list, and whatever shows the other member's posts, replies or
 * notifications; a block also ends follows and hides the member from every list of members.
 */
function staleAfter(action: RelationAction) {
  const posts = [{ type: 'Post' as const }, { type: 'Notification' as const }];
  // Nobody muted is suggested to follow: the suggestions are asked for again (a block's 'User' does it).
  if (action === 'mute' || action === 'unmute') return [listTag('muted'), ONE_MEMBER_TAG, SUGGESTIONS_TAG, ...posts];
  return [listTag('blocked'), ONE_MEMBER_TAG, ...posts, { type: 'Reply' as const }, { type: 'Bookmark' as const }, { type: 'User' as const }];
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
    /**
     * Where the member stands with one other, in one call: for a member whose lists run past their
     * first page, which would otherwise be read to their end to say.
     */
    getRelationWith: build.query<RelationWith, string>({
      query: (userId) => `/users/relation/${encodeURIComponent(userId)}`,
      // Read beside a page (a profile's buttons, a post's menu): a failure leaves the page as it is.
      extraOptions: { aside: true },
      providesTags: [ONE_MEMBER_TAG],
    }),
    changeRelation: build.mutation<Relation, { action: RelationAction; user: UserSummary }>({
      query: ({ action, user }) => ({ url: `/users/${action}/${encodeURIComponent(user._id)}`, method: 'POST' }),
      invalidatesTags: (answer, _error, { action }) => (answer ? staleAfter(action) : []),
    }),
  }),
});

export const { useGetRelationListInfiniteQuery, useGetRelationWithQuery, useChangeRelationMutation } = relationsApi;

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
 * What a list's first page (or the pages the settings page read) says of the member: whether it holds
 * them, and whether it can say so (`says`: it holds them, or it has no page after).
 */
function useListHolding(list: RelationList, userId: string, skip: boolean) {
  const { data, isError, hasNextPage, refetch } = useGetRelationListInfiniteQuery(list, { skip });
  const member = membersOf(data).find((each) => each._id === userId);
  return {
    member,
    read: data !== undefined,
    says: data !== undefined && (member !== undefined || !hasNextPage),
    failed: data === undefined && isError,
    retry: () => void refetch(),
  };
}

/**
 * Where the member stands with another, with how its reading went: `loading` until it is known,
 * `failed` when a read failed (asked again by `retry`, or where the menu opens again), and `absent`
 * for a backend without the `mute-block` extension. The first pages of the two lists, read once for
 * every profile and menu, say it for most members; a member whose lists go on past them asks for the
 * one other member alone.
 */
export function useRelationState(userId: string):
  | { status: 'known'; relation: StandingWith }
  | { status: 'failed'; retry: () => void }
  | { status: 'loading' | 'absent' } {
  const has = useAppSelector(selectHasMuteBlock);
  const muted = useListHolding('muted', userId, !has);
  const blocked = useListHolding('blocked', userId, !has);
  const listsSay = muted.says && blocked.says;
  const one = useGetRelationWithQuery(userId, { skip: !has || !muted.read || !blocked.read || listsSay });
  if (!has) return { status: 'absent' };
  if (muted.failed || blocked.failed) {
    return {
      status: 'failed',
      retry: () => {
        if (muted.failed) muted.retry();
        if (blocked.failed) blocked.retry();
      },
    };
  }
  const known = (isMuted: boolean, blockedMember: UserSummary | undefined) => ({
    status: 'known' as const,
    relation: { muted: isMuted, blocked: blockedMember !== undefined, ...(blockedMember ? { blockedMember } : {}) },
  });
  if (listsSay) return known(muted.member !== undefined, blocked.member);
  // This member's answer (another member's stays out while this one's is on its way).
  if (one.currentData) return known(one.currentData.muted, one.currentData.blocked ? one.currentData.user : undefined);
  if (one.isError) return { status: 'failed', retry: () => void one.refetch() };
  return { status: 'loading' };
}

/**
 * Where the member stands with another: undefined while it is read or when it could not be, and for
 * a backend without the `mute-block` extension.
 */
export function useRelationWith(userId: string): StandingWith | undefined {
  const state = useRelationState(userId);
  return state.status === 'known' ? state.relation : undefined;
}

/** The member muted or blocked someone on another device (the stream): what it changes loads again. */
export function relationChangedElsewhere(cache: CacheAccess): void {
  cache.dispatch(api.util.invalidateTags([listTag('muted'), listTag('blocked'), ONE_MEMBER_TAG, 'Post', 'Notification', 'Reply', 'Bookmark', 'User']));
}
