import { api, cacheAccess, type CacheAccess, type Undo } from '../../lib/api/api';
import { refusedAsAlready } from '../../lib/apiError';
import { idempotencyHeaders } from '../../lib/idempotencyKey';
import type { EventPayloads } from '../../../contract/events';
import type { RepliesPage, Reply, ReplyCreated, ReplyDraftPayload, ReplyRemoval, ReplyResponse, UserSummary } from '../../types/api';
import { patchPost } from '../posts/postCopies';
import { selectCurrentSummary } from '../users/currentMember';
import { unknownMember } from '../users/followUpdates';

/** How many replies a page asks for. */
export const REPLIES_PAGE_LIMIT = 20;

/**
 * Which of a post's lists of replies: from its first reply, or (the `reply-links` extension) from
 * the page that begins at one reply, the one a link lands on.
 */
export interface RepliesOf {
  postId: string;
  at?: string;
}

/** Where a page begins: the start (or the reply `at` names), after a cursor, or before one. */
export type ReplyPageParam = null | { cursor: string } | { before: string };

/** A post's replies as the cache holds them: the pages loaded so far, oldest first. */
export interface ReplyPages {
  pages: RepliesPage[];
  pageParams: ReplyPageParam[];
}

export interface NewReplyInput {
  postId: string;
  text: string;
  /** The reply this one answers, if any. */
  replyTo?: string;
  /** The draft's key: the same reply sent again is stored once. */
  idempotencyKey?: string;
}

/** The tag of one post's list of replies. */
function listTag(postId: string) {
  return { type: 'Reply' as const, id: `LIST:${postId}` };
}

/** A page as the backend answered it; anything missing reads as an empty last page. */
function readRepliesPage(response: Partial<RepliesPage> | undefined): RepliesPage {
  return {
    replies: Array.isArray(response?.replies) ? response.replies : [],
    nextCursor: typeof response?.nextCursor === 'string' ? response.nextCursor : null,
    previousCursor: typeof response?.previousCursor === 'string' ? response.previousCursor : null,
    replyCount: typeof response?.replyCount === 'number' ? response.replyCount : 0,
  };
}

export const repliesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * A post's replies, oldest first, a page at a time (the `replies` extension); with `at`, from the
     * page that begins at that reply, with the pages before it to load as well. A refusal (a reply
     * that is gone) is for the list to say, where it stands.
     */
    getReplies: build.infiniteQuery<RepliesPage, RepliesOf, ReplyPageParam>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => (lastPage.nextCursor ? { cursor: lastPage.nextCursor } : undefined),
        getPreviousPageParam: (firstPage) => (firstPage.previousCursor ? { before: firstPage.previousCursor } : undefined),
      },
      query: ({ queryArg, pageParam }) => {
        const query = new URLSearchParams({ limit: String(REPLIES_PAGE_LIMIT) });
        if (pageParam === null && queryArg.at !== undefined) query.set('at', queryArg.at);
        else if (pageParam !== null && 'cursor' in pageParam) query.set('cursor', pageParam.cursor);
        else if (pageParam !== null) query.set('before', pageParam.before);
        return `/posts/${encodeURIComponent(queryArg.postId)}/replies?${query}`;
      },
      transformResponse: readRepliesPage,
      extraOptions: { ownRefusals: true },
      providesTags: (data, _error, { postId }) => [
        listTag(postId),
        ...(data?.pages.flatMap((page) => page.replies.map((reply) => ({ type: 'Reply' as const, id: reply.id }))) ?? []),
      ],
    }),
    /** Writes a reply; it joins the list when the member has reached its end, and the post counts it. */
    createReply: build.mutation<ReplyCreated, NewReplyInput>({
      query: ({ postId, text, replyTo, idempotencyKey }) => {
        const body: ReplyDraftPayload = { replyData: { text, ...(replyTo ? { replyTo } : {}) } };
        return { url: `/posts/${encodeURIComponent(postId)}/replies`, method: 'POST', body, headers: idempotencyHeaders(idempotencyKey) };
      },
      // With no backend to be reached, it waits in the outbox with its key (offline/), sent once.
      extraOptions: { waitsOffline: 'reply' },
      async onQueryStarted({ postId }, lifecycle) {
        const { data } = await lifecycle.queryFulfilled.catch(() => ({ data: undefined }));
        if (!data?.reply) return;
        const cache = cacheAccess(lifecycle);
        setReplyCount(cache, postId, data.replyCount);
        appendIfAtEnd(cache, postId, data.reply, data.replyCount);
      },
    }),
    deleteReply: build.mutation<ReplyRemoval, { replyId: string; postId: string }>({
      query: ({ replyId }) => ({ url: `/replies/${encodeURIComponent(replyId)}`, method: 'DELETE' }),
      async onQueryStarted({ replyId, postId }, lifecycle) {
        const { data } = await lifecycle.queryFulfilled.catch(() => ({ data: undefined }));
        if (!data) return;
        const cache = cacheAccess(lifecycle);
        setReplyCount(cache, postId, data.replyCount);
        removeReply(cache, postId, replyId, data.replyCount);
      },
    }),
    /** Likes a reply: the heart fills at once, and empties again if the backend refuses. */
    likeReply: build.mutation<ReplyResponse, { replyId: string; postId: string }>({
      query: ({ replyId }) => ({ url: `/replies/like/${encodeURIComponent(replyId)}`, method: 'POST' }),
      onQueryStarted: likedAtOnce(true),
    }),
    unlikeReply: build.mutation<ReplyResponse, { replyId: string; postId: string }>({
      query: ({ replyId }) => ({ url: `/replies/unlike/${encodeURIComponent(replyId)}`, method: 'POST' }),
      onQueryStarted: likedAtOnce(false),
    }),
  }),
});

/** The post's lists of replies in the cache: from its start, and any that begin at a reply. */
function cachedListsOf(cache: CacheAccess, postId: string): RepliesOf[] {
  return repliesApi.util.selectCachedArgsForQuery(cache.getState(), 'getReplies').filter((args) => args.postId === postId);
}

/** Every cached page of a post's replies, in each of its lists: `recipe` changes each list's draft. */
function patchReplyPages(cache: CacheAccess, postId: string, recipe: (pages: ReplyPages) => void): Undo {
  const patches = cachedListsOf(cache, postId)
    .filter((args) => repliesApi.endpoints.getReplies.select(args)(cache.getState()).data !== undefined)
    .map((args) => cache.dispatch(repliesApi.util.updateQueryData('getReplies', args, (draft) => {
      recipe(draft as ReplyPages);
    })));
  return () => {
    for (const patch of patches) patch.undo();
  };
}

/** Changes one reply wherever its post's list holds it. */
function patchReply(cache: CacheAccess, postId: string, replyId: string, recipe: (reply: Reply) => void): Undo {
  return patchReplyPages(cache, postId, (data) => {
    for (const page of data.pages) {
      const reply = page.replies.find((entry) => entry.id === replyId);
      if (reply) recipe(reply);
    }
  });
}

/** The post's reply count, on every cached copy of the post. */
function setReplyCount(cache: CacheAccess, postId: string, replyCount: number): void {
  patchPost(cache, postId, (post) => {
    post.replyCount = replyCount;
  });
  patchReplyPages(cache, postId, (data) => {
    for (const page of data.pages) page.replyCount = replyCount;
  });
}

/** A new reply the backend answered for (one that waited offline, sent): counted, and at the end of its list. */
export function showCreatedReply(cache: CacheAccess, postId: string, created: Partial<ReplyCreated> | undefined): void {
  if (!created?.reply || typeof created.replyCount !== 'number') return;
  setReplyCount(cache, postId, created.replyCount);
  appendIfAtEnd(cache, postId, created.reply, created.replyCount);
}

/** A new reply joins the end of its post's list when the list shows its end (otherwise it comes with the last page). */
function appendIfAtEnd(cache: CacheAccess, postId: string, reply: Reply, replyCount: number): void {
  patchReplyPages(cache, postId, (data) => {
    const last = data.pages[data.pages.length - 1];
    if (!last || last.nextCursor !== null) return;
    if (data.pages.some((page) => page.replies.some((entry) => entry.id === reply.id))) return;
    last.replies.push(reply);
    last.replyCount = replyCount;
  });
}

function removeReply(cache: CacheAccess, postId: string, replyId: string, replyCount: number): void {
  patchReplyPages(cache, postId, (data) => {
    for (const page of data.pages) {
      page.replies = page.replies.filter((entry) => entry.id !== replyId);
      // Replies that answered it keep the name, no longer the reply.
      for (const entry of page.replies) if (entry.replyTo?.replyId === replyId) entry.replyTo.replyId = null;
      page.replyCount = replyCount;
    }
  });
}

/** Joins or leaves a reply's likers (mutates a draft). */
function applyLiked(reply: Reply, member: UserSummary, liked: boolean): void {
  const likedBy = reply.likes.likedBy.filter((entry) => entry._id !== member._id);
  if (liked) likedBy.push(member);
  reply.likes = { likeCount: likedBy.length, likedBy };
}

/**
 * A like or unlike shows at once; the backend's answer then replaces the reply, a refusal undoes the
 * change, and one that says it already is so (another device) loads the list again.
 */
function likedAtOnce(liked: boolean) {
  return async ({ replyId, postId }: { replyId: string; postId: string }, lifecycle: Parameters<typeof cacheAccess>[0] & { queryFulfilled: Promise<{ data: ReplyResponse }> }) => {
    const cache = cacheAccess(lifecycle);
    const member = selectCurrentSummary(cache.getState());
    const undo = member ? patchReply(cache, postId, replyId, (reply) => applyLiked(reply, member, liked)) : () => undefined;
    try {
      const { data } = await lifecycle.queryFulfilled;
      if (data?.reply) patchReply(cache, postId, replyId, (reply) => Object.assign(reply, data.reply));
    } catch (failure) {
      undo();
      if (refusedAsAlready(failure)) cache.dispatch(api.util.invalidateTags([listTag(postId)]));
    }
  };
}

// ---- What the live stream says of replies ----

/** A reply written elsewhere: the post counts it; a list that shows its end loads it. */
export function replyCreatedElsewhere(cache: CacheAccess, { postId, replyId, replyCount }: EventPayloads['reply-created']): void {
  setReplyCount(cache, postId, replyCount);
  const missing = cachedListsOf(cache, postId).some((args) => {
    const data = repliesApi.endpoints.getReplies.select(args)(cache.getState()).data;
    if (!data) return false;
    const atEnd = data.pages[data.pages.length - 1]?.nextCursor === null;
    return atEnd && !data.pages.some((page) => page.replies.some((reply) => reply.id === replyId));
  });
  if (missing) cache.dispatch(api.util.invalidateTags([listTag(postId)]));
}

export function replyDeletedElsewhere(cache: CacheAccess, { postId, replyId, replyCount }: EventPayloads['reply-deleted']): void {
  setReplyCount(cache, postId, replyCount);
  removeReply(cache, postId, replyId, replyCount);
}

export function replyReactedElsewhere(cache: CacheAccess, { postId, replyId, memberId, liked }: EventPayloads['reply-reacted']): void {
  patchReply(cache, postId, replyId, (reply) => {
    const known = reply.likes.likedBy.find((entry) => entry._id === memberId);
    applyLiked(reply, known ?? unknownMember(memberId), liked);
  });
}

export const {
  useGetRepliesInfiniteQuery,
  useCreateReplyMutation,
  useDeleteReplyMutation,
  useLikeReplyMutation,
  useUnlikeReplyMutation,
} = repliesApi;
