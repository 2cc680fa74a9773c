import { api, cacheAccess, type CacheAccess, type Undo } from '../../lib/api/api';
import { POST_PAGES_OPTIONS, pageQuery, readPage, type PagePlace } from '../../lib/api/postPages';
import { refusedAsAlready } from '../../lib/apiError';
import type { EventPayloads } from '../../../contract/events';
import type { Post, PostsPage, QuotePolicy, RepostChange, User, UserEditResponse } from '../../types/api';
import { selectCurrentMember } from '../users/currentMember';
import { patchPost } from '../posts/postCopies';
import { reloadPost } from '../posts/postEvents';
import { quotesTag } from '../posts/postsApi';
import { patchCurrentMember } from '../users/usersApi';

const NO_POSTS: Post[] = [];
const NO_IDS: readonly string[] = [];

/** A RepostChange as answered; anything else is no change (the screen keeps what it shows). */
function readRepostChange(response: Partial<RepostChange> | undefined): RepostChange | undefined {
  const { postId, reposted, repostCount, quoteCount } = response ?? {};
  if (typeof postId !== 'string' || typeof reposted !== 'boolean' || typeof repostCount !== 'number' || typeof quoteCount !== 'number') return undefined;
  return { postId, reposted, repostCount, quoteCount };
}

/** The member's record with the post among those they reposted, the latest first, or without it. */
function withRepost(me: User, postId: string, reposted: boolean): User {
  const ids = me.reposts ?? NO_IDS;
  if (ids.includes(postId) === reposted) return me;
  return { ...me, reposts: reposted ? [postId, ...ids] : ids.filter((id) => id !== postId) };
}

/** Whether the member reposted the post, as their record says. */
function repostedByMe(state: Parameters<typeof selectCurrentMember>[0], postId: string): boolean {
  return selectCurrentMember(state)?.reposts?.includes(postId) ?? false;
}

/** A post's counts after a repost or a quote, as the backend says them, in every cached copy. */
function writeShareCounts(cache: CacheAccess, postId: string, counts: { repostCount: number; quoteCount: number }): void {
  patchPost(cache, postId, (post) => {
    post.repostCount = counts.repostCount;
    post.quoteCount = counts.quoteCount;
  });
}

/**
 * A repost or its undoing shows at once: in the member's record (its `reposts`, which every card's
 * menu reads) and in the count of every cached copy of the post; undone with the one undo if the
 * backend refuses. A refusal that says the backend has it so already keeps what the member chose,
 * and the post loads again for its count.
 */
function repostedAtOnce(reposted: boolean) {
  return async (postId: string, lifecycle: Parameters<typeof cacheAccess>[0] & { queryFulfilled: Promise<{ data: RepostChange | undefined }> }) => {
    const cache = cacheAccess(lifecycle);
    const flips = repostedByMe(cache.getState(), postId) !== reposted;
    const undos: Undo[] = flips
      ? [
        patchCurrentMember(cache, (me) => withRepost(me, postId, reposted)),
        patchPost(cache, postId, (post) => {
          post.repostCount = Math.max(0, (post.repostCount ?? 0) + (reposted ? 1 : -1));
        }),
      ]
      : [];
    let data: RepostChange | undefined;
    try {
      ({ data } = await lifecycle.queryFulfilled);
    } catch (failure) {
      // The store's listener says what went wrong; here the card goes back to what it was.
      if (refusedAsAlready(failure)) await reloadPost(cache, postId);
      else for (const undo of undos.reverse()) undo();
      return;
    }
    if (!data) return;
    writeShareCounts(cache, data.postId, data);
    patchCurrentMember(cache, (me) => withRepost(me, data.postId, data.reposted));
  };
}

export const repostsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Reposts a post for the member's followers (the `reposts` extension). */
    repostPost: build.mutation<RepostChange | undefined, string>({
      query: (postId) => ({ url: `/posts/${encodeURIComponent(postId)}/repost`, method: 'POST' }),
      transformResponse: readRepostChange,
      onQueryStarted: repostedAtOnce(true),
    }),
    /** Takes the member's repost of a post back. */
    undoRepost: build.mutation<RepostChange | undefined, string>({
      query: (postId) => ({ url: `/posts/${encodeURIComponent(postId)}/repost`, method: 'DELETE' }),
      transformResponse: readRepostChange,
      onQueryStarted: repostedAtOnce(false),
    }),
    /** The posts quoting a post, newest first, a page at a time. */
    getQuotePages: build.infiniteQuery<PostsPage, string, PagePlace>({
      infiniteQueryOptions: POST_PAGES_OPTIONS,
      query: ({ queryArg, pageParam }) => `/posts/${encodeURIComponent(queryArg)}/quotes?${pageQuery(pageParam.cursor)}`,
      transformResponse: readPage,
      // Each post's tag: a like, an edit or a deletion anywhere reaches the copies here too.
      providesTags: (data, _error, postId) => [
        quotesTag(postId),
        { type: 'Post' as const, id: 'LIST' },
        ...(data?.pages.flatMap((page) => page.posts) ?? NO_POSTS).map((post) => ({ type: 'Post' as const, id: post.id })),
      ],
    }),
    /** Who may quote the member's posts, kept on their record. */
    saveQuotePolicy: build.mutation<UserEditResponse, QuotePolicy>({
      query: (quotePolicy) => ({ url: '/users/edit', method: 'POST', body: { userData: { quotePolicy } } }),
      // Shown at once on the member's record (the choice); undone if the backend refuses.
      async onQueryStarted(quotePolicy, lifecycle) {
        const cache = cacheAccess(lifecycle);
        const undo = patchCurrentMember(cache, (me) => ({ ...me, quotePolicy }));
        try {
          const { data } = await lifecycle.queryFulfilled;
          if (data?.user) patchCurrentMember(cache, () => data.user);
        } catch {
          undo();
        }
      },
    }),
  }),
});

export const { useRepostPostMutation, useUndoRepostMutation, useGetQuotePagesInfiniteQuery, useSaveQuotePolicyMutation } = repostsApi;

/**
 * A member reposted a post or took it back, or quoted it or deleted the quote (the stream's
 * `post-shared`): every cached copy of the post takes its counts; the member's own repost (on
 * another device) shows in their record, which the post's menu reads.
 */
export function sharesHeard(cache: CacheAccess, { postId, memberId, kind, shared, repostCount, quoteCount }: EventPayloads['post-shared']): void {
  writeShareCounts(cache, postId, { repostCount, quoteCount });
  if (kind === 'repost' && memberId === cache.getState().session.userId) patchCurrentMember(cache, (me) => withRepost(me, postId, shared));
}

/** Whether the current member reposted the post: a boolean, so a card re-renders only when its own state flips. */
export function selectIsReposted(state: Parameters<typeof selectCurrentMember>[0], postId: string): boolean {
  return repostedByMe(state, postId);
}

