import { api, cacheAccess, HOME_FEED_TAG, type CacheAccess, type Undo } from '../../lib/api/api';
import type { PostOrder } from '../../../contract/order';
import { normaliseTag, tagsOf } from '../../../contract/richText';
import { postFoundBy } from '../../../contract/search';
import { holdsListStart, POST_PAGES_OPTIONS, pageQuery, readPage, type PagePlace } from '../../lib/api/postPages';
import { classifyFailure, refusedAsAlready } from '../../lib/apiError';
import { idempotencyHeaders } from '../../lib/idempotencyKey';
import type { MoreImageDraft, Post, PostDraftPayload, PostRemoval, PostResponse, PostsPage, PostsResponse, ReactionChange, UserSummary } from '../../types/api';
import { selectCurrentSummary } from '../users/currentMember';
import { patchPost, removePost, replacePost } from './postCopies';
import { applyDislike, applyLike } from './postReactions';

const EMPTY_POSTS: Post[] = [];

/** A response lacking `posts` is ignored (spec section 7). */
function readPosts(response: Partial<PostsResponse> | undefined): Post[] | undefined {
  return Array.isArray(response?.posts) ? response.posts : undefined;
}

/**
 * What a post's change answered: the post, the id of the one deleted, or a like's or a dislike's
 * counts. Each call asks for its changed-only answer (`Prefer`); from a backend that lacks it, the
 * adapter (lib/api/specAdapter) reads the spec's answer as this one. An answer without it is no
 * change (spec section 7).
 */
export type PostsChange = { post: Post } | { removed: string } | { counts: ReactionChange };

export function readPost(response: Partial<PostResponse> | undefined): PostsChange | undefined {
  return response?.post && typeof response.post === 'object' ? { post: response.post } : undefined;
}

function readRemoval(response: Partial<PostRemoval> | undefined): PostsChange | undefined {
  return typeof response?.postId === 'string' ? { removed: response.postId } : undefined;
}

function readCounts(response: Partial<ReactionChange> | undefined): PostsChange | undefined {
  if (typeof response?.postId !== 'string' || typeof response.likeCount !== 'number') return undefined;
  return { counts: { postId: response.postId, likeCount: response.likeCount, dislikeCount: response.dislikeCount ?? 0, reaction: response.reaction ?? null } };
}

/** A change to a post asks for the post alone (`return-minimal`). */
const CHANGED_ONLY = { prefer: 'return=minimal' } as const;
/** A like or a dislike asks for the post's counts alone (`reaction-counts`). */
const COUNTS_ONLY = { prefer: 'return=minimal, reaction-counts' } as const;

export interface NewPostInput {
  text: string;
  /** Data URL of the attached image, or ''. */
  image: string;
  /** The image's description (the `alt-text` extension); sent only with an image. */
  imageAlt?: string;
  /** The images after the first, in order (the `more-images` extension); sent only with a first. */
  moreImages?: MoreImageDraft[];
  /** The content warning (the `content-warnings` extension); sent only when there is one. */
  warning?: string;
  /** The draft's key: the same draft sent again is stored once. */
  idempotencyKey?: string;
  /** The post this one quotes (the `reposts` extension), by id. */
  quoteOf?: string;
}

export interface EditPostInput {
  postId: string;
  text: string;
  /** A new description of the post's image (the `alt-text` extension); left out: unchanged. */
  imageAlt?: string;
  /** A new content warning (the `content-warnings` extension), '' to take it off; left out: unchanged. */
  warning?: string;
  /** New descriptions of the images after the first, one each in order (`more-images`); left out: unchanged. */
  moreImageAlts?: string[];
}

/** The images after a new post's first as its call sends them: only with a first, each description only where given. */
export function moreImagesPayload(image: string, moreImages: readonly MoreImageDraft[] | undefined): { moreImages?: MoreImageDraft[] } {
  if (!image || !moreImages || moreImages.length === 0) return {};
  return { moreImages: moreImages.map(({ image: data, imageAlt }) => ({ image: data, ...(imageAlt ? { imageAlt } : {}) })) };
}

/** The tag of the posts quoting a post (the `reposts` extension): their list loads again when a quote of it is written here. */
export const quotesTag = (postId: string) => ({ type: 'Post' as const, id: `QUOTES:${postId}` });

/** The cache tags of a list of posts: the list's own, and one per post it holds (and per repost that brought one in). */
function postListTags(posts: readonly Post[] = EMPTY_POSTS) {
  return [{ type: 'Post' as const, id: 'LIST' }, ...posts.flatMap((post) => (post.repost ? [post.id, post.repost.id] : [post.id]).map((id) => ({ type: 'Post' as const, id })))];
}

/**
 * A list of posts a backend answers page by page: every post or a member's, newest first (the `pages`
 * extension), the member's home feed in an order (the `feed` extension), or the posts with a tag,
 * newest first (the `tags` extension; `tag` as written, without its "#"), or the posts a search finds,
 * newest first (the `post-search` extension; `q` as typed).
 */
export type PagedList = { list: 'all' } | { list: 'member'; username: string } | { list: 'feed'; sort: PostOrder } | { list: 'tag'; tag: string } | { list: 'search'; q: string };

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
    case 'search':
      query.set('q', list.q);
      return `/search/posts?${query}`;
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
      query: ({ text, image, imageAlt, moreImages, warning, idempotencyKey, quoteOf }) => {
        // The backend reads `image`; `previewImage` is the client's own preview, so it is not sent twice.
        const body: PostDraftPayload = {
          postData: { text, image, previewImage: '', ...(image && imageAlt ? { imageAlt } : {}), ...moreImagesPayload(image, moreImages), ...(warning ? { warning } : {}) },
          ...(quoteOf ? { quoteOf } : {}),
        };
        return { url: '/posts/', method: 'POST', body, headers: { ...idempotencyHeaders(idempotencyKey), ...CHANGED_ONLY } };
      },
      // With no backend to be reached, it waits in the outbox with its key (offline/), sent once.
      extraOptions: { waitsOffline: 'post' },
      transformResponse: readPost,
      async onQueryStarted(_arg, lifecycle) {
        await writeAnswer(cacheAccess(lifecycle), lifecycle.queryFulfilled, undefined, { created: true });
      },
    }),
    editPost: build.mutation<PostsChange | undefined, EditPostInput>({
      query: ({ postId, text, imageAlt, warning, moreImageAlts }) => ({
        url: `/posts/edit/${encodeURIComponent(postId)}`,
        method: 'POST',
        body: { postData: { text, ...(imageAlt === undefined ? {} : { imageAlt }), ...(warning === undefined ? {} : { warning }), ...(moreImageAlts === undefined ? {} : { moreImageAlts }) } },
        headers: CHANGED_ONLY,
      }),
      // With no backend to be reached, it waits in the outbox, shown on the post at once (offline/).
      extraOptions: { waitsOffline: 'edit' },
      transformResponse: readPost,
      async onQueryStarted(_arg, lifecycle) {
        await writeAnswer(cacheAccess(lifecycle), lifecycle.queryFulfilled);
      },
    }),
    deletePost: build.mutation<PostsChange | undefined, string>({
      query: (postId) => ({ url: `/posts/${encodeURIComponent(postId)}`, method: 'DELETE', headers: CHANGED_ONLY }),
      transformResponse: readRemoval,
      async onQueryStarted(_arg, lifecycle) {
        await writeAnswer(cacheAccess(lifecycle), lifecycle.queryFulfilled);
      },
    }),
    /** Likes a post: the heart fills and the count goes up at once; undone if the backend refuses. */
    likePost: build.mutation<PostsChange | undefined, string>({
      query: (postId) => ({ url: `/posts/like/${encodeURIComponent(postId)}`, method: 'POST', headers: COUNTS_ONLY }),
      extraOptions: { waitsOffline: 'like' },
      transformResponse: readCounts,
      onQueryStarted: votedAtOnce(applyLike),
    }),
    /** Dislikes a post: the heart empties and the count goes down at once; undone if the backend refuses. */
    dislikePost: build.mutation<PostsChange | undefined, string>({
      query: (postId) => ({ url: `/posts/dislike/${encodeURIComponent(postId)}`, method: 'POST', headers: COUNTS_ONLY }),
      extraOptions: { waitsOffline: 'dislike' },
      transformResponse: readCounts,
      onQueryStarted: votedAtOnce(applyDislike),
    }),
  }),
});

/**
 * The post as the backend has it now, in every cached copy of it; a post the backend no longer
 * shows this member (deleted, or its author blocked them) leaves every copy. Nothing is asked when
 * no copy is shown.
 */
export async function reloadPost(cache: CacheAccess, postId: string): Promise<void> {
  if (api.util.selectInvalidatedBy(cache.getState(), [{ type: 'Post', id: postId }]).length === 0) return;
  const { data, error } = await cache.dispatch(postsApi.endpoints.getPost.initiate(postId, { subscribe: false, forceRefetch: true }));
  if (data) replacePost(cache, data);
  else if (classifyFailure(error, true).status === 404) removePost(cache, postId);
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
  if ('post' in data) writeOnePost(cache, data.post, created);
  else if ('counts' in data) writeCounts(cache, data.counts);
  else removePost(cache, data.removed);
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

/** A new post the backend answered for (one that waited offline, sent): it joins the top of its lists. */
export function showCreatedPost(cache: CacheAccess, post: Post): void {
  writeOnePost(cache, post, true);
}

/**
 * A changed-only answer's post replaces its old version in every cached copy of it; a new post also
 * joins the top of the lists it belongs to (all posts, its author's, a tag's, a search's).
 */
function writeOnePost(cache: CacheAccess, post: Post, created: boolean): void {
  replacePost(cache, post);
  if (!created) return;
  if (post.quote) quoteWritten(cache, post.quote);
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
      (list.list === 'tag' && tagsOf(post.content).includes(normaliseTag(list.tag))) ||
      (list.list === 'search' && postFoundBy(list.q, post));
    if (holdsIt) cache.dispatch(postsApi.util.updateQueryData('getPostPages', list, (draft) => {
      if (draft.pages[0] && holdsListStart(draft)) joinTop(draft.pages[0].posts);
    }));
  }
}

/**
 * A quote written here: the quoted post's counts as the answer carries them (one more where it does
 * not), and the list of its quotes loads again where it is shown.
 */
function quoteWritten(cache: CacheAccess, { postId, post: quoted }: NonNullable<Post['quote']>): void {
  patchPost(cache, postId, (post) => {
    post.quoteCount = quoted?.quoteCount ?? (post.quoteCount ?? 0) + 1;
    if (quoted?.repostCount !== undefined) post.repostCount = quoted.repostCount;
  });
  cache.dispatch(api.util.invalidateTags([quotesTag(postId)]));
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
