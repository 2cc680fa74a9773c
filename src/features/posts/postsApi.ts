import { copyWithStructuralSharing } from '@reduxjs/toolkit/query';
import { api, cacheAccess, HOME_FEED_TAG, type CacheAccess, type Undo } from '../../lib/api/api';
import { timeOf, type PostOrder } from '../../../contract/order';
import { normaliseTag, tagsOf } from '../../../contract/richText';
import { holdsListStart, POST_PAGES_OPTIONS, pageQuery, readPage, type PagePlace } from '../../lib/api/postPages';
import { reconcileList } from '../../lib/reconcile';
import { refusedAsAlready } from '../../lib/apiError';
import { idempotencyHeaders } from '../../lib/idempotencyKey';
import type { Post, PostDraftPayload, PostRemoval, PostResponse, PostsPage, PostsResponse, ReactionChange, UserSummary } from '../../types/api';
import { selectCurrentSummary } from '../users/currentMember';
import { isPaged, patchPost, removePost, replacePost, rewriteHolders } from './postCopies';
import { applyDislike, applyLike } from './postsCache';

const EMPTY_POSTS: Post[] = [];

/** A response lacking `posts` is ignored (spec section 7). */
function readPosts(response: Partial<PostsResponse> | undefined): Post[] | undefined {
  return Array.isArray(response?.posts) ? response.posts : undefined;
}

/**
 * What a post's mutation answered: every post (the spec's answer), or, from a backend with the
 * `return-minimal` extension, only what changed: the post, or the id of the one deleted; or, for a
 * like or a dislike from a backend with `reaction-counts`, the post's counts after it.
 */
export type PostsChange = { posts: Post[] } | { post: Post } | { removed: string } | { counts: ReactionChange };

function readChange(response: Partial<PostsResponse & PostResponse & PostRemoval & ReactionChange> | undefined): PostsChange | undefined {
  if (Array.isArray(response?.posts)) return { posts: response.posts };
  if (response?.post && typeof response.post === 'object') return { post: response.post };
  if (typeof response?.postId === 'string' && typeof response.likeCount === 'number') {
    return { counts: { postId: response.postId, likeCount: response.likeCount, dislikeCount: response.dislikeCount ?? 0, reaction: response.reaction ?? null } };
  }
  if (typeof response?.postId === 'string') return { removed: response.postId };
  return undefined;
}

/** Post mutations take a changed-only answer where the backend has one. */
const CHANGED_ONLY = { changedOnly: true } as const;
/** A like or a dislike takes its counts alone where the backend has them. */
const COUNTS_ONLY = { changedOnly: true, reactionCounts: true } as const;

export interface NewPostInput {
  text: string;
  /** Data URL of the attached image, or ''. */
  image: string;
  /** The image's description (the `alt-text` extension); sent only with an image. */
  imageAlt?: string;
  /** The draft's key: the same draft sent again is stored once. */
  idempotencyKey?: string;
}

export interface EditPostInput {
  postId: string;
  text: string;
  /** A new description of the post's image (the `alt-text` extension); left out: unchanged. */
  imageAlt?: string;
}

/** The cache tags of a list of posts: the list's own, and one per post it holds. */
function postListTags(posts: readonly Post[] = EMPTY_POSTS) {
  return [{ type: 'Post' as const, id: 'LIST' }, ...posts.map((post) => ({ type: 'Post' as const, id: post.id }))];
}

/**
 * A list of posts a backend answers page by page: every post or a member's, newest first (the `pages`
 * extension), the member's home feed in an order (the `feed` extension), or the posts with a tag,
 * newest first (the `tags` extension; `tag` as written, without its "#").
 */
export type PagedList = { list: 'all' } | { list: 'member'; username: string } | { list: 'feed'; sort: PostOrder } | { list: 'tag'; tag: string };

function pagedListUrl(list: PagedList, cursor: string | null): string {
  const query = pageQuery(cursor);
  switch (list.list) {
    case 'all':
      return `/posts?${query}`;
    case 'member':
      return `/posts/user/${encodeURIComponent(list.username)}?${query}`;
    case 'feed':
      query.set('sort', list.sort);
      return `/feed?${query}`;
    case 'tag':
      return `/tags/${encodeURIComponent(list.tag)}/posts?${query}`;
  }
}

export const postsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * A list of posts, page by page, from a backend with the `pages` extension: the first page at
     * once, the next when the member nears the end of what is loaded.
     */
    getPostPages: build.infiniteQuery<PostsPage, PagedList, PagePlace>({
      infiniteQueryOptions: POST_PAGES_OPTIONS,
      query: ({ queryArg, pageParam }) => pagedListUrl(queryArg, pageParam.cursor),
      transformResponse: readPage,
      providesTags: (data, _error, list) => [...postListTags(data?.pages.flatMap((page) => page.posts)), ...(list.list === 'feed' ? [HOME_FEED_TAG] : [])],
    }),
    /**
     * The newest posts of a list, to count those the member has not seen (a check while the live
     * stream is down): its first page. Patched by nothing.
     */
    getNewestPosts: build.query<Post[], PagedList>({
      query: (list) => pagedListUrl(list, null),
      transformResponse: (response: Partial<PostsResponse> | undefined) => readPosts(response) ?? EMPTY_POSTS,
    }),
    getPost: build.query<Post, string>({
      query: (postId) => `/posts/${encodeURIComponent(postId)}`,
      transformResponse: (response: PostResponse) => response.post,
      providesTags: (_post, _error, postId) => [{ type: 'Post', id: postId }],
    }),
    createPost: build.mutation<PostsChange | undefined, NewPostInput>({
      query: ({ text, image, imageAlt, idempotencyKey }) => {
        // The backend reads `image`; `previewImage` is the client's own preview, so it is not sent twice.
        const body: PostDraftPayload = { postData: { text, image, previewImage: '', ...(image && imageAlt ? { imageAlt } : {}) } };
        return { url: '/posts/', method: 'POST', body, headers: idempotencyHeaders(idempotencyKey) };
      },
      transformResponse: readChange,
      extraOptions: CHANGED_ONLY,
      async onQueryStarted(_arg, lifecycle) {
        await writeAnswer(cacheAccess(lifecycle), lifecycle.queryFulfilled, undefined, { created: true });
      },
    }),
    editPost: build.mutation<PostsChange | undefined, EditPostInput>({
      query: ({ postId, text, imageAlt }) => ({
        url: `/posts/edit/${encodeURIComponent(postId)}`, method: 'POST', body: { postData: { text, ...(imageAlt === undefined ? {} : { imageAlt }) } },
      }),
      transformResponse: readChange,
      extraOptions: CHANGED_ONLY,
      async onQueryStarted(_arg, lifecycle) {
        await writeAnswer(cacheAccess(lifecycle), lifecycle.queryFulfilled);
      },
    }),
    deletePost: build.mutation<PostsChange | undefined, string>({
      query: (postId) => ({ url: `/posts/${encodeURIComponent(postId)}`, method: 'DELETE' }),
      transformResponse: readChange,
      extraOptions: CHANGED_ONLY,
      async onQueryStarted(_arg, lifecycle) {
        await writeAnswer(cacheAccess(lifecycle), lifecycle.queryFulfilled);
      },
    }),
    /** Likes a post: the heart fills and the count goes up at once; undone if the backend refuses. */
    likePost: build.mutation<PostsChange | undefined, string>({
      query: (postId) => ({ url: `/posts/like/${encodeURIComponent(postId)}`, method: 'POST' }),
      transformResponse: readChange,
      extraOptions: COUNTS_ONLY,
      onQueryStarted: votedAtOnce(applyLike),
    }),
    /** Dislikes a post: the heart empties and the count goes down at once; undone if the backend refuses. */
    dislikePost: build.mutation<PostsChange | undefined, string>({
      query: (postId) => ({ url: `/posts/dislike/${encodeURIComponent(postId)}`, method: 'POST' }),
      transformResponse: readChange,
      extraOptions: COUNTS_ONLY,
      onQueryStarted: votedAtOnce(applyDislike),
    }),
  }),
});

/** The post as the backend has it now, in every cached copy of it; nothing is asked when none is shown. */
export async function reloadPost(cache: CacheAccess, postId: string): Promise<void> {
  if (api.util.selectInvalidatedBy(cache.getState(), [{ type: 'Post', id: postId }]).length === 0) return;
  const { data } = await cache.dispatch(postsApi.endpoints.getPost.initiate(postId, { subscribe: false, forceRefetch: true }));
  if (data) replacePost(cache, data);
}

/**
 * A like or dislike shows at once in every cached copy of the post (by the member, as posts record
 * them), and is undone with one undo if the backend refuses.
 */
function votedAtOnce(apply: (post: Post, member: UserSummary) => void) {
  return async (postId: string, lifecycle: Parameters<typeof cacheAccess>[0] & { queryFulfilled: Promise<{ data: PostsChange | undefined }> }) => {
    const cache = cacheAccess(lifecycle);
    const member = selectCurrentSummary(cache.getState());
    const undo = member ? patchPost(cache, postId, (post) => apply(post, member)) : undefined;
    // Liked or disliked already (on another device): the heart the member chose is the backend's too,
    // so it stays, and the post as the backend has it (its count) replaces it in one step.
    await writeAnswer(cache, lifecycle.queryFulfilled, undo, { keepWhen: refusedAsAlready });
    await lifecycle.queryFulfilled.catch((failure: unknown) => (refusedAsAlready(failure) ? reloadPost(cache, postId) : undefined));
  };
}

/** Waits for a mutation's answer; writes what it carries into the cache, or undoes the optimistic change. */
async function writeAnswer(
  cache: CacheAccess,
  queryFulfilled: Promise<{ data: PostsChange | undefined }>,
  undo: Undo = () => undefined,
  { created = false, keepWhen }: { created?: boolean; keepWhen?: (failure: unknown) => boolean } = {},
): Promise<void> {
  let data: PostsChange | undefined;
  try {
    ({ data } = await queryFulfilled);
  } catch (failure) {
    // The global listener shows the backend's message; here the screen goes back to what it was,
    // unless the refusal says the backend has it as shown already (`keepWhen`).
    if (!keepWhen?.(failure)) undo();
    return;
  }
  if (!data) return;
  if ('posts' in data) {
    writePostsList(cache, data.posts);
    // A post created: the spec's whole answer holds it as the member's newest, and it joins the top
    // of the lists in pages that it belongs to, as a changed-only answer's does.
    const mine = created ? newestOf(data.posts, selectCurrentSummary(cache.getState())?.username) : undefined;
    if (mine) writeOnePost(cache, mine, true);
  } else if ('post' in data) writeOnePost(cache, data.post, created);
  else if ('counts' in data) writeCounts(cache, data.counts);
  else removePost(cache, data.removed);
}

/** The newest of `username`'s posts in `posts` (usernames match ignoring case, as the backend does). */
function newestOf(posts: readonly Post[], username: string | undefined): Post | undefined {
  const wanted = username?.toLowerCase();
  if (!wanted) return undefined;
  return posts.filter((post) => post.username.toLowerCase() === wanted).reduce<Post | undefined>(
    (newest, post) => (!newest || timeOf(post.createdAt) > timeOf(newest.createdAt) ? post : newest), undefined);
}

/**
 * A mutation's answer carries the whole `posts` list (spec section 7): it replaces the cached list,
 * and every other cached post (its page, a bookmark) takes its new version or leaves with it.
 * Unchanged posts keep their objects.
 */
function writePostsList(cache: CacheAccess, posts: Post[]): void {
  const byId = new Map(posts.map((post) => [post.id, post]));
  rewriteHolders(cache, (endpointName, _originalArgs, data) => {
    if (isPaged(data)) {
      // The pages keep their posts' places: a post takes its new version or leaves. A post new to the
      // list shows when the list is loaded again (its place among the pages is the backend's to say).
      const pages = data.pages.map((page) => {
        const posts = reconcileList(page.posts, page.posts.flatMap((post) => byId.get(post.id) ?? []));
        return posts === page.posts ? page : { ...page, posts };
      });
      return pages.every((page, index) => page === data.pages[index]) ? data : { ...data, pages };
    }
    if (!Array.isArray(data)) {
      const fresh = byId.get(data.id);
      return fresh ? copyWithStructuralSharing(data, fresh) : undefined;
    }
    return reconcileList(data, data.flatMap((post) => byId.get(post.id) ?? []));
  });
}

/**
 * A like's or a dislike's counts: every cached copy of the post takes the backend's count; the
 * member's own heart is already shown (the lists of other members who reacted come with the post's
 * next load).
 */
function writeCounts(cache: CacheAccess, counts: ReactionChange): void {
  patchPost(cache, counts.postId, (post) => {
    post.likes.likeCount = counts.likeCount;
  });
}

/**
 * A changed-only answer's post replaces its old version in every cached copy of it; a new post also
 * joins the top of the lists it belongs to (all posts, its author's).
 */
function writeOnePost(cache: CacheAccess, post: Post, created: boolean): void {
  replacePost(cache, post);
  if (!created) return;
  const state = cache.getState();
  const joinTop = (draft: Post[]) => {
    if (!draft.some((entry) => entry.id === post.id)) draft.unshift(post);
  };
  // Lists in pages, newest first (all posts, its author's, the member's feed): a new post is the first
  // of the first page (where the list still holds it; a list that let it go loads it again). The feed in another order takes it when next loaded (choosing a sort loads it again).
  for (const list of postsApi.util.selectCachedArgsForQuery(state, 'getPostPages')) {
    const holdsIt =
      list.list === 'all' ||
      (list.list === 'member' && list.username.toLowerCase() === post.username.toLowerCase()) ||
      (list.list === 'feed' && list.sort === 'latest') ||
      (list.list === 'tag' && tagsOf(post.content).includes(normaliseTag(list.tag)));
    if (holdsIt) cache.dispatch(postsApi.util.updateQueryData('getPostPages', list, (draft) => {
      if (draft.pages[0] && holdsListStart(draft)) joinTop(draft.pages[0].posts);
    }));
  }
}

export const {
  useGetPostPagesInfiniteQuery,
  useGetPostQuery,
  useCreatePostMutation,
  useEditPostMutation,
  useDeletePostMutation,
  useLikePostMutation,
  useDislikePostMutation,
} = postsApi;
