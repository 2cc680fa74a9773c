import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { api } from '../../app/api';
import type { Post, PostDraftPayload, PostRemoval, PostResponse, PostsResponse, UserSummary } from '../../types/api';
import type { SessionState } from '../auth/sessionSlice';
import { bookmarksApi, selectBookmarksResult } from '../bookmarks/bookmarksApi';
import { applyDislike, applyLike, reconcilePost, reconcilePosts } from './postsCache';

const EMPTY_POSTS: Post[] = [];

/** A response lacking `posts` is ignored (spec section 7). */
function readPosts(response: Partial<PostsResponse> | undefined): Post[] | undefined {
  return Array.isArray(response?.posts) ? response.posts : undefined;
}

/**
 * What a post's mutation answered: every post (the spec's answer), or, from a backend with the
 * `return-minimal` extension, only what changed: the post, or the id of the one deleted.
 */
export type PostsChange = { posts: Post[] } | { post: Post } | { removed: string };

function readChange(response: Partial<PostsResponse & PostResponse & PostRemoval> | undefined): PostsChange | undefined {
  if (Array.isArray(response?.posts)) return { posts: response.posts };
  if (response?.post && typeof response.post === 'object') return { post: response.post };
  if (typeof response?.postId === 'string') return { removed: response.postId };
  return undefined;
}

/** Post mutations take a changed-only answer where the backend has one. */
const CHANGED_ONLY = { changedOnly: true } as const;

export interface NewPostInput {
  text: string;
  /** Data URL of the attached image, or ''. */
  image: string;
}

export interface EditPostInput {
  postId: string;
  text: string;
}

// The cache's thunks are typed against the API's own state shape; the store's is a superset of it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Dispatch = ThunkDispatch<any, unknown, UnknownAction>;
type GetState = () => unknown;

/** The cache tags of a list of posts: the list's own, and one per post it holds. */
export function postListTags(posts: readonly Post[] = EMPTY_POSTS) {
  return [{ type: 'Post' as const, id: 'LIST' }, ...posts.map((post) => ({ type: 'Post' as const, id: post.id }))];
}

export const postsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Every post. A fresh load replaces the list, and the store sets the feed's sort back to latest (spec section 4). */
    getPosts: build.query<Post[], void>({
      query: () => '/posts',
      transformResponse: (response: Partial<PostsResponse> | undefined) => readPosts(response) ?? EMPTY_POSTS,
      providesTags: (posts) => postListTags(posts),
    }),
    getPost: build.query<Post, string>({
      query: (postId) => `/posts/${encodeURIComponent(postId)}`,
      transformResponse: (response: PostResponse) => response.post,
      providesTags: (_post, _error, postId) => [{ type: 'Post', id: postId }],
    }),
    getUserPosts: build.query<Post[], string>({
      query: (username) => `/posts/user/${encodeURIComponent(username)}`,
      transformResponse: (response: Partial<PostsResponse> | undefined) => readPosts(response) ?? EMPTY_POSTS,
      providesTags: (posts) => postListTags(posts),
    }),
    createPost: build.mutation<PostsChange | undefined, NewPostInput>({
      query: ({ text, image }) => {
        // The backend reads `image`; `previewImage` is the client's own preview, so it is not sent twice.
        const body: PostDraftPayload = { postData: { text, image, previewImage: '' } };
        return { url: '/posts/', method: 'POST', body };
      },
      transformResponse: readChange,
      extraOptions: CHANGED_ONLY,
      async onQueryStarted(_arg, { dispatch, getState, queryFulfilled }) {
        await writeAnswer(dispatch, getState, queryFulfilled, undefined, { created: true });
      },
    }),
    editPost: build.mutation<PostsChange | undefined, EditPostInput>({
      query: ({ postId, text }) => ({ url: `/posts/edit/${encodeURIComponent(postId)}`, method: 'POST', body: { postData: { text } } }),
      transformResponse: readChange,
      extraOptions: CHANGED_ONLY,
      async onQueryStarted(_arg, { dispatch, getState, queryFulfilled }) {
        await writeAnswer(dispatch, getState, queryFulfilled);
      },
    }),
    deletePost: build.mutation<PostsChange | undefined, string>({
      query: (postId) => ({ url: `/posts/${encodeURIComponent(postId)}`, method: 'DELETE' }),
      transformResponse: readChange,
      extraOptions: CHANGED_ONLY,
      async onQueryStarted(_arg, { dispatch, getState, queryFulfilled }) {
        await writeAnswer(dispatch, getState, queryFulfilled);
      },
    }),
    /** Likes a post: the heart fills and the count goes up at once; undone if the backend refuses. */
    likePost: build.mutation<PostsChange | undefined, string>({
      query: (postId) => ({ url: `/posts/like/${encodeURIComponent(postId)}`, method: 'POST' }),
      transformResponse: readChange,
      extraOptions: CHANGED_ONLY,
      async onQueryStarted(postId, { dispatch, getState, queryFulfilled }) {
        const member = currentMember(getState);
        const undo = member ? patchPostEverywhere(dispatch, getState, postId, (post) => applyLike(post, member)) : () => undefined;
        await writeAnswer(dispatch, getState, queryFulfilled, undo);
      },
    }),
    /** Dislikes a post: the heart empties and the count goes down at once; undone if the backend refuses. */
    dislikePost: build.mutation<PostsChange | undefined, string>({
      query: (postId) => ({ url: `/posts/dislike/${encodeURIComponent(postId)}`, method: 'POST' }),
      transformResponse: readChange,
      extraOptions: CHANGED_ONLY,
      async onQueryStarted(postId, { dispatch, getState, queryFulfilled }) {
        const member = currentMember(getState);
        const undo = member ? patchPostEverywhere(dispatch, getState, postId, (post) => applyDislike(post, member)) : () => undefined;
        await writeAnswer(dispatch, getState, queryFulfilled, undo);
      },
    }),
  }),
});

export const selectPostsResult = postsApi.endpoints.getPosts.select();

/** The current member as posts record them, from the session (id alone until their record arrives). */
function currentMember(getState: GetState): UserSummary | null {
  const session = (getState() as { session?: SessionState }).session;
  if (!session?.userId) return null;
  const user = session.user;
  return user
    ? { _id: user._id, username: user.username, firstName: user.firstName, lastName: user.lastName, image: user.image }
    : { _id: session.userId, username: '', firstName: '', lastName: '', image: '' };
}

/** Waits for a mutation's answer; writes what it carries into the cache, or undoes the optimistic change. */
async function writeAnswer(
  dispatch: Dispatch,
  getState: GetState,
  queryFulfilled: Promise<{ data: PostsChange | undefined }>,
  undo: () => void = () => undefined,
  { created = false }: { created?: boolean } = {},
): Promise<void> {
  let data: PostsChange | undefined;
  try {
    ({ data } = await queryFulfilled);
  } catch {
    // The global listener shows the backend's message; here the screen goes back to what it was.
    undo();
    return;
  }
  if (!data) return;
  if ('posts' in data) writePostsList(dispatch, getState, data.posts);
  else if ('post' in data) writeOnePost(dispatch, getState, data.post, created);
  else removePostEverywhere(dispatch, getState, data.removed);
}

/**
 * Applies a change to one post in every cached view of it (all posts, a post's page, a member's posts,
 * bookmarks). Returns how to undo it.
 */
function patchPostEverywhere(dispatch: Dispatch, getState: GetState, postId: string, change: (post: Post) => void): () => void {
  type CacheState = Parameters<typeof postsApi.util.selectCachedArgsForQuery>[0];
  const state = getState() as CacheState;
  const patches = [
    dispatch(
      postsApi.util.updateQueryData('getPosts', undefined, (draft) => {
        const post = draft.find((entry) => entry.id === postId);
        if (post) change(post);
      }),
    ),
    ...postsApi.util.selectCachedArgsForQuery(state, 'getPost').filter((id) => id === postId).map((id) =>
      dispatch(postsApi.util.updateQueryData('getPost', id, (draft) => { change(draft); })),
    ),
    ...postsApi.util.selectCachedArgsForQuery(state, 'getUserPosts').map((username) =>
      dispatch(
        postsApi.util.updateQueryData('getUserPosts', username, (draft) => {
          const post = draft.find((entry) => entry.id === postId);
          if (post) change(post);
        }),
      ),
    ),
    dispatch(
      bookmarksApi.util.updateQueryData('getBookmarks', undefined, (draft) => {
        const post = draft.find((entry) => entry.id === postId);
        if (post) change(post);
      }),
    ),
  ];
  return () => {
    for (const patch of patches.reverse()) patch.undo();
  };
}

/**
 * A mutation's answer carries the whole `posts` list (spec section 7): it replaces the cached list, and
 * every cached post page, member's posts and bookmark follows it. Unchanged posts keep their objects.
 */
export function writePostsList(dispatch: Dispatch, getState: GetState, posts: Post[]): void {
  type CacheState = Parameters<typeof postsApi.util.selectCachedArgsForQuery>[0];
  const state = getState() as CacheState;
  const cached = selectPostsResult(state).data;
  if (cached) dispatch(postsApi.util.updateQueryData('getPosts', undefined, () => reconcilePosts(cached, posts)));

  const byId = new Map(posts.map((post) => [post.id, post]));
  for (const postId of postsApi.util.selectCachedArgsForQuery(state, 'getPost')) {
    const fresh = byId.get(postId);
    const old = postsApi.endpoints.getPost.select(postId)(state).data;
    if (fresh && old) dispatch(postsApi.util.updateQueryData('getPost', postId, () => reconcilePost(old, fresh)));
  }
  for (const username of postsApi.util.selectCachedArgsForQuery(state, 'getUserPosts')) {
    const old = postsApi.endpoints.getUserPosts.select(username)(state).data;
    if (old) {
      // The backend matches usernames ignoring case.
      const wanted = username.toLowerCase();
      const mine = posts.filter((post) => post.username.toLowerCase() === wanted);
      dispatch(postsApi.util.updateQueryData('getUserPosts', username, () => reconcilePosts(old, mine)));
    }
  }
  const bookmarks = selectBookmarksResult(getState() as Parameters<typeof selectBookmarksResult>[0]).data;
  if (bookmarks && bookmarks.length > 0) {
    const next = bookmarks.flatMap((post) => {
      const fresh = byId.get(post.id);
      return fresh ? [reconcilePost(post, fresh)] : [];
    });
    if (next.length !== bookmarks.length || next.some((post, index) => post !== bookmarks[index])) {
      dispatch(bookmarksApi.util.updateQueryData('getBookmarks', undefined, () => next));
    }
  }
}

/**
 * A changed-only answer's post replaces its old version in every cached view of it; a new post also
 * joins the top of the lists it belongs to (all posts, its author's).
 */
function writeOnePost(dispatch: Dispatch, getState: GetState, post: Post, created: boolean): void {
  type CacheState = Parameters<typeof postsApi.util.selectCachedArgsForQuery>[0];
  const state = getState() as CacheState;
  const intoList = (draft: Post[], joins: boolean): Post[] | void => {
    const index = draft.findIndex((entry) => entry.id === post.id);
    if (index >= 0) {
      const old = draft[index];
      draft[index] = reconcilePost(old, post);
    } else if (joins) {
      draft.unshift(post);
    }
  };
  if (selectPostsResult(state).data) dispatch(postsApi.util.updateQueryData('getPosts', undefined, (draft) => intoList(draft, created)));
  for (const postId of postsApi.util.selectCachedArgsForQuery(state, 'getPost')) {
    if (postId === post.id) dispatch(postsApi.util.updateQueryData('getPost', postId, (draft) => reconcilePost(draft, post)));
  }
  for (const username of postsApi.util.selectCachedArgsForQuery(state, 'getUserPosts')) {
    const joins = created && username.toLowerCase() === post.username.toLowerCase();
    dispatch(postsApi.util.updateQueryData('getUserPosts', username, (draft) => intoList(draft, joins)));
  }
  dispatch(bookmarksApi.util.updateQueryData('getBookmarks', undefined, (draft) => intoList(draft, false)));
}

/** A changed-only answer to a delete: the post leaves every cached list. */
function removePostEverywhere(dispatch: Dispatch, getState: GetState, postId: string): void {
  type CacheState = Parameters<typeof postsApi.util.selectCachedArgsForQuery>[0];
  const state = getState() as CacheState;
  const without = (draft: Post[]): Post[] | void => {
    const index = draft.findIndex((entry) => entry.id === postId);
    if (index >= 0) draft.splice(index, 1);
  };
  if (selectPostsResult(state).data) dispatch(postsApi.util.updateQueryData('getPosts', undefined, without));
  for (const username of postsApi.util.selectCachedArgsForQuery(state, 'getUserPosts')) {
    dispatch(postsApi.util.updateQueryData('getUserPosts', username, without));
  }
  dispatch(bookmarksApi.util.updateQueryData('getBookmarks', undefined, without));
}

export const {
  useGetPostsQuery,
  useGetPostQuery,
  useGetUserPostsQuery,
  useCreatePostMutation,
  useEditPostMutation,
  useDeletePostMutation,
  useLikePostMutation,
  useDislikePostMutation,
} = postsApi;
