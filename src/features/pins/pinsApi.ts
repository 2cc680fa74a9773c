import { api, cacheAccess, type CacheAccess } from '../../lib/api/api';
import type { PinChange, Post, PostsResponse } from '../../types/api';
import { cachedPostIdsBy, patchPost } from '../posts/postCopies';

const NO_POSTS: Post[] = [];

/** The tag of a member's pinned posts: their list, loaded again when their record changes. */
const pinsTag = (userId: string) => ({ type: 'Pin' as const, id: userId });

/** The post as pinned or not: `pinned` is on the wire only when true. */
function withPinned(post: Post, pinned: boolean): Post {
  if (Boolean(post.pinned) === pinned) return post;
  const { pinned: _was, ...rest } = post;
  return pinned ? { ...rest, pinned: true } : rest;
}

export const pinsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A member's pinned posts, the latest pinned first (the `pins` extension). */
    getPinnedPosts: build.query<Post[], string>({
      query: (userId) => `/users/${encodeURIComponent(userId)}/pinned`,
      transformResponse: (response: Partial<PostsResponse> | undefined) => (Array.isArray(response?.posts) ? response.posts : NO_POSTS),
      // Each post's tag: a like, an edit or a deletion anywhere reaches the copies here too.
      providesTags: (posts = NO_POSTS, _error, userId) => [pinsTag(userId), { type: 'Post' as const, id: 'LIST' }, ...posts.map((post) => ({ type: 'Post' as const, id: post.id }))],
    }),
    /** Pins the member's own post to their profile (`pinned`), or takes it off. */
    changePin: build.mutation<PinChange, { post: Post; pinned: boolean }>({
      query: ({ post, pinned }) => ({ url: `/posts/${pinned ? 'pin' : 'unpin'}/${encodeURIComponent(post.id)}`, method: 'POST' }),
      async onQueryStarted({ post }, lifecycle) {
        const { data } = await lifecycle.queryFulfilled.catch(() => ({ data: undefined }));
        if (!data) return;
        const cache = cacheAccess(lifecycle);
        // Every copy of the post says whether it is pinned now (its card's button).
        patchPost(cache, post.id, (entry) => withPinned(entry, data.pinned));
        // The member's pinned posts in the answer's order, from the posts at hand; one the cache does
        // not hold (pinned on another device meanwhile) comes with a reload.
        const cached = pinsApi.endpoints.getPinnedPosts.select(post._id)(cache.getState()).data;
        const known = new Map([...(cached ?? NO_POSTS), post].map((entry) => [entry.id, entry]));
        const posts = data.pinnedPostIds.flatMap((id) => {
          const entry = known.get(id);
          return entry ? [withPinned(entry, true)] : [];
        });
        if (cached && posts.length === data.pinnedPostIds.length) cache.dispatch(pinsApi.util.upsertQueryData('getPinnedPosts', post._id, posts));
        else cache.dispatch(api.util.invalidateTags([pinsTag(post._id)]));
      },
    }),
  }),
});

export const { useGetPinnedPostsQuery, useChangePinMutation } = pinsApi;

/**
 * The member's own record changed (the stream's `member-updated`: on another device, or in this tab):
 * their pinned posts are read again, and every copy of their posts here says whether it is pinned, so
 * a pin made or taken off elsewhere shows on this device's Home too.
 */
export async function ownPinsChanged(cache: CacheAccess, memberId: string): Promise<void> {
  const request = cache.dispatch(pinsApi.endpoints.getPinnedPosts.initiate(memberId, { forceRefetch: true, subscribe: false }));
  const posts = await request.unwrap().catch(() => undefined);
  if (!posts) return;
  const pinned = new Set(posts.map((post) => post.id));
  for (const postId of cachedPostIdsBy(cache.getState(), memberId)) patchPost(cache, postId, (post) => withPinned(post, pinned.has(post.id)));
}
