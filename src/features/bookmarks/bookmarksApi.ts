import { copyWithStructuralSharing } from '@reduxjs/toolkit/query';
import { api, cacheAccess, type CacheAccess, type Undo } from '../../lib/api/api';
import { holdsListStart, POST_PAGES_OPTIONS, pageQuery, readPage, type PagePlace } from '../../lib/api/postPages';
import { reconcileList } from '../../lib/reconcile';
import { refusedAsAlready } from '../../lib/apiError';
import type { BookmarkChange, BookmarksResponse, Post, PostsPage, User } from '../../types/api';
import { selectCurrentMember } from '../users/currentMember';
import { patchCurrentMember } from '../users/usersApi';

const EMPTY_BOOKMARKS: Post[] = [];

/** A response lacking `bookmarks` is ignored (spec section 7): it reads as "no change". */
function readBookmarks(response: Partial<BookmarksResponse> | undefined): Post[] | undefined {
  return Array.isArray(response?.bookmarks) ? response.bookmarks : undefined;
}

/**
 * What a bookmark call answered: the member's bookmarks (the spec's answer), or, from a backend with
 * the `return-minimal` extension, only the change (with the post, unless the backend also has
 * `change-counts`: the card already shows the post the member bookmarked).
 */
type BookmarksAnswer = { bookmarks: Post[] } | { change: BookmarkChange };

function readAnswer(response: Partial<BookmarksResponse & BookmarkChange> | undefined): BookmarksAnswer | undefined {
  const bookmarks = readBookmarks(response);
  if (bookmarks) return { bookmarks };
  if (typeof response?.postId === 'string' && typeof response.bookmarked === 'boolean') {
    return { change: { postId: response.postId, bookmarked: response.bookmarked, post: response.post } };
  }
  return undefined;
}

/** The cache tags of bookmarked posts: the list's own, and one per post it holds (a post's tag finds every cached copy of it). */
function bookmarkTags(posts: readonly Post[] = EMPTY_BOOKMARKS) {
  return [{ type: 'Bookmark' as const, id: 'LIST' }, ...posts.map((post) => ({ type: 'Post' as const, id: post.id }))];
}

export const bookmarksApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The current member's bookmarked posts (full posts), most recently bookmarked first. */
    getBookmarks: build.query<Post[], void>({
      query: () => '/users/bookmark',
      transformResponse: (response: Partial<BookmarksResponse> | undefined) => readBookmarks(response) ?? EMPTY_BOOKMARKS,
      providesTags: (posts) => bookmarkTags(posts),
    }),
    /** The same list page by page, from a backend with the `pages` extension. */
    getBookmarkPages: build.infiniteQuery<PostsPage, void, PagePlace>({
      infiniteQueryOptions: POST_PAGES_OPTIONS,
      query: ({ pageParam }) => `/users/bookmark?${pageQuery(pageParam.cursor)}`,
      transformResponse: readPage,
      providesTags: (data) => bookmarkTags(data?.pages.flatMap((page) => page.posts)),
    }),
    /** Bookmarks a post; shows at once, undone if the backend refuses. */
    addBookmark: build.mutation<BookmarksAnswer | undefined, Post>({
      query: (post) => ({ url: `/users/bookmark/${encodeURIComponent(post.id)}`, method: 'POST' }),
      transformResponse: readAnswer,
      extraOptions: { changedOnly: true, changeCounts: true },
      async onQueryStarted(post, lifecycle) {
        await showAtOnce(cacheAccess(lifecycle), post.id, post, lifecycle.queryFulfilled);
      },
    }),
    /** Removes a bookmark; disappears at once, comes back if the backend refuses. */
    removeBookmark: build.mutation<BookmarksAnswer | undefined, string>({
      query: (postId) => ({ url: `/users/remove-bookmark/${encodeURIComponent(postId)}`, method: 'POST' }),
      transformResponse: readAnswer,
      extraOptions: { changedOnly: true, changeCounts: true },
      async onQueryStarted(postId, lifecycle) {
        await showAtOnce(cacheAccess(lifecycle), postId, null, lifecycle.queryFulfilled);
      },
    }),
  }),
});

/**
 * A bookmark (`post`) or its removal (null) shows at once: in the member's record, which every
 * card's toggle reads, and in the bookmarks list wherever it is cached (whole, or in pages: a new
 * bookmark is the first of the first page, where the list still holds that page). The backend's
 * answer is then written over it; a refusal undoes it all.
 */
async function showAtOnce(cache: CacheAccess, postId: string, post: Post | null, answered: Promise<{ data: BookmarksAnswer | undefined }>): Promise<void> {
  const bookmarked = post !== null;
  const undos: Undo[] = [
    patchCurrentMember(cache, (me) => withBookmark(me, postId, bookmarked)),
    ...patchBookmarkLists(cache, (list, first) => {
      if (!bookmarked) return list.filter((entry) => entry.id !== postId);
      if (first && !list.some((entry) => entry.id === postId)) list.unshift(post);
    }),
  ];
  try {
    const { data } = await answered;
    if (data) writeAnswer(cache, data);
  } catch (failure) {
    // "Already bookmarked", "not bookmarked yet": the backend has it as asked (another device did it), as shown.
    if (refusedAsAlready(failure)) return;
    for (const undo of undos.reverse()) undo();
  }
}

/**
 * `change` made to the bookmarks list wherever it is cached: whole, and each of its pages (`first`:
 * the whole list, or the page that begins it).
 */
function patchBookmarkLists(cache: CacheAccess, change: (list: Post[], first: boolean) => Post[] | void): Undo[] {
  return [
    cache.dispatch(bookmarksApi.util.updateQueryData('getBookmarks', undefined, (list) => change(list, true))).undo,
    cache.dispatch(bookmarksApi.util.updateQueryData('getBookmarkPages', undefined, (draft) => {
      draft.pages.forEach((page, index) => {
        page.posts = change(page.posts, index === 0 && holdsListStart(draft)) ?? page.posts;
      });
    })).undo,
  ];
}

/**
 * A bookmark made or removed on the member's other device: the member's record (every card's toggle)
 * follows at once; a removed one leaves the bookmarks list where it is cached, and a new one comes in
 * with the list loaded again (the event names the post, the list needs all of it).
 */
export function bookmarkChangedElsewhere(cache: CacheAccess, postId: string, bookmarked: boolean): void {
  const me = selectCurrentMember(cache.getState());
  if (me && me.bookmarks.some((entry: unknown) => bookmarkId(entry) === postId) === bookmarked) return;
  patchCurrentMember(cache, (current) => withBookmark(current, postId, bookmarked));
  if (bookmarked) {
    cache.dispatch(bookmarksApi.util.invalidateTags([{ type: 'Bookmark', id: 'LIST' }]));
    return;
  }
  patchBookmarkLists(cache, (list) => list.filter((entry) => entry.id !== postId));
}

/**
 * The post id of an entry of a member's `bookmarks`: an id, or (from a backend that lists them as the
 * spec's User does) a post, whose `id` is the post's (its `_id` is its author's).
 */
export function bookmarkId(entry: unknown): string | undefined {
  if (typeof entry === 'string') return entry;
  const id = (entry as { id?: unknown } | null | undefined)?.id;
  return typeof id === 'string' ? id : undefined;
}

/** The member's record with the post among their bookmarks, or not (the other entries as they were). */
function withBookmark(me: User, postId: string, bookmarked: boolean): User {
  const entries: unknown[] = me.bookmarks;
  const kept = entries.filter((entry) => bookmarkId(entry) !== postId);
  const next = bookmarked ? [...kept, postId] : kept;
  return sameIds(entries, next) ? me : { ...me, bookmarks: next as string[] };
}

function writeAnswer(cache: CacheAccess, answer: BookmarksAnswer): void {
  if ('bookmarks' in answer) writeBookmarks(cache, answer.bookmarks);
  else writeBookmarkChange(cache, answer.change);
}

/**
 * A changed-only answer: the post's latest version takes its place in the list (already changed
 * at once), and the member's record gains or loses its id.
 */
function writeBookmarkChange(cache: CacheAccess, { postId, bookmarked, post }: BookmarkChange): void {
  if (post) {
    patchBookmarkLists(cache, (list) => {
      const index = list.findIndex((entry) => entry.id === postId);
      if (index >= 0) list[index] = copyWithStructuralSharing(list[index], post);
    });
  }
  patchCurrentMember(cache, (me) => withBookmark(me, postId, bookmarked));
}

/**
 * The backend's answer becomes the bookmarks list in the cache (unchanged posts keep their objects),
 * and the member's record keeps the same ids, so every view agrees on what is bookmarked.
 */
function writeBookmarks(cache: CacheAccess, bookmarks: Post[]): void {
  const { dispatch, getState } = cache;
  const cached = selectBookmarksResult(getState()).data;
  if (cached) {
    dispatch(bookmarksApi.util.updateQueryData('getBookmarks', undefined, () => reconcileList(cached, bookmarks)));
  } else {
    void dispatch(bookmarksApi.util.upsertQueryData('getBookmarks', undefined, bookmarks));
  }
  const ids = bookmarks.map((post) => post.id);
  patchCurrentMember(cache, (me) => (sameIds(me.bookmarks, ids) ? me : { ...me, bookmarks: ids }));
}

function sameIds(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((id, index) => id === b[index]);
}

export const selectBookmarksResult = bookmarksApi.endpoints.getBookmarks.select();

export const { useGetBookmarksQuery, useGetBookmarkPagesInfiniteQuery, useAddBookmarkMutation, useRemoveBookmarkMutation } = bookmarksApi;
