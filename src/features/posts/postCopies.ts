import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { copyWithStructuralSharing } from '@reduxjs/toolkit/query';
import { api, type ApiRootState, type CacheAccess, type Undo } from '../../lib/api/api';
import type { Post, PostsPage } from '../../types/api';

/** A list loaded page by page (the `pages` extension), as RTK Query's infinite queries hold it. */
export interface PagedPosts {
  pages: PostsPage[];
  pageParams: unknown[];
}

/**
 * Every query that provides a post's tag holds that post, a list of posts (post lists, bookmarks),
 * or a list of them loaded page by page.
 */
export type PostHolder = Post | Post[] | PagedPosts;

export function isPaged(holder: PostHolder): holder is PagedPosts {
  return !Array.isArray(holder) && 'pages' in holder;
}

/** The lists of posts a holder keeps (one, or one a page); none for a single post. */
function listsOf(holder: PostHolder): Post[][] {
  if (Array.isArray(holder)) return [holder];
  return isPaged(holder) ? holder.pages.map((page) => page.posts) : [];
}
/** What `updateQueryData` takes (a change of the draft, or new data) and gives back (its undo). */
type Recipe<T> = (draft: T) => T | void;
interface PatchCollection {
  undo: () => void;
}

/**
 * `updateQueryData` for any query holding posts, whichever feature defined it: the base API knows
 * none of them by name, and what they hold is the invariant above.
 */
const updateHolder = api.util.updateQueryData as unknown as (
  endpointName: string,
  arg: unknown,
  recipe: Recipe<PostHolder>,
) => ThunkAction<PatchCollection, ApiRootState, unknown, UnknownAction>;

/** The tags every list of posts provides, whatever its last load did. */
const LIST_TAGS = [{ type: 'Post', id: 'LIST' }, { type: 'Bookmark', id: 'LIST' }] as const;

/**
 * The cached queries holding these posts (found by their tags), or holding any post at all. A list
 * whose last reload failed still shows its posts, but RTK Query works a failed query's tags out
 * without its data, so its posts' tags are gone: such a list is found by its list's tag.
 */
function postHolders(state: ApiRootState, postIds: readonly string[] | 'any') {
  const tags = postIds === 'any' ? (['Post'] as const) : postIds.map((id) => ({ type: 'Post' as const, id }));
  const found = api.util.selectInvalidatedBy(state, tags);
  const failedLists = api.util
    .selectInvalidatedBy(state, LIST_TAGS)
    .filter(({ queryCacheKey }) => state.api.queries[queryCacheKey]?.status === 'rejected' && !found.some((entry) => entry.queryCacheKey === queryCacheKey));
  return failedLists.length === 0 ? found : [...found, ...failedLists];
}

/**
 * Whether a list's entry is the post named: by the post's id, or by the id of the repost that brought
 * it into the list (the `reposts` extension: a repost taken back names the repost, and its entry goes).
 */
function isNamed(entry: Post, postId: string): boolean {
  return entry.id === postId || entry.repost?.id === postId;
}

/**
 * Changes every cached copy of a post (lists and its own page) and returns the one undo. `recipe`
 * gets the post's draft; what it returns (if anything) replaces the post, and null takes the post out
 * of the lists (its own page keeps it). A repost's id names the entry it brought into a list.
 *
 * Copies are found by their tags: `updateQueryData` works each query's tags out again after a change
 * (its default), so a list that gains or loses a post is found, or no longer found, by that post's tag.
 */
export function patchPost(cache: CacheAccess, postId: string, recipe: (post: Post) => Post | null | void): Undo {
  const patches = postHolders(cache.getState(), [postId]).map(({ endpointName, originalArgs }) =>
    cache.dispatch(
      updateHolder(endpointName, originalArgs, (draft) => {
        if (!Array.isArray(draft) && !isPaged(draft)) return isNamed(draft, postId) ? (recipe(draft) ?? undefined) : undefined;
        for (const list of listsOf(draft)) {
          const index = list.findIndex((entry) => isNamed(entry, postId));
          if (index < 0) continue;
          const next = recipe(list[index]!);
          if (next === null) list.splice(index, 1);
          else if (next) list[index] = next;
        }
        return undefined;
      }),
    ),
  );
  return () => {
    for (const patch of patches.reverse()) patch.undo();
  };
}

/** A cached copy of a post (from any list or its own page), or undefined where none holds it. */
export function cachedPost(state: ApiRootState, postId: string): Post | undefined {
  for (const { queryCacheKey } of postHolders(state, [postId])) {
    const holder = state[api.reducerPath].queries[queryCacheKey]?.data as PostHolder | undefined;
    if (!holder) continue;
    const found = Array.isArray(holder) || isPaged(holder) ? listsOf(holder).flat().find((post) => post.id === postId) : holder.id === postId ? holder : undefined;
    if (found) return found;
  }
  return undefined;
}

/**
 * A post's new version takes the place of the old in every cached copy (an equal one keeps the old
 * object). A list that holds the post because a member reposted it keeps saying who (`repost`): the
 * post's own answer does not carry it.
 */
export function replacePost(cache: CacheAccess, post: Post): void {
  patchPost(cache, post.id, (old) => copyWithStructuralSharing(old, old.repost && !post.repost ? { ...post, repost: old.repost } : post));
}

/** A deleted post leaves every cached list holding it. */
export function removePost(cache: CacheAccess, postId: string): void {
  patchPost(cache, postId, () => null);
}

/** The ids of a member's posts that any cached list or post page holds. */
export function cachedPostIdsBy(state: ApiRootState, authorId: string): Set<string> {
  const postIds = new Set<string>();
  for (const { queryCacheKey } of postHolders(state, 'any')) {
    const holder = state[api.reducerPath].queries[queryCacheKey]?.data as PostHolder | undefined;
    if (!holder) continue;
    const posts = Array.isArray(holder) || isPaged(holder) ? listsOf(holder).flat() : [holder];
    for (const post of posts) if (post._id === authorId) postIds.add(post.id);
  }
  return postIds;
}

/**
 * A member's posts leave every cached list, and their own pages load again (to be answered not
 * found): what a block by their author does to the blocked member's screens.
 */
export function removePostsBy(cache: CacheAccess, authorId: string): void {
  const postIds = cachedPostIdsBy(cache.getState(), authorId);
  for (const postId of postIds) removePost(cache, postId);
  if (postIds.size > 0) cache.dispatch(api.util.invalidateTags([...postIds].map((id) => ({ type: 'Post' as const, id }))));
}
