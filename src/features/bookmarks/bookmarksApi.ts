import { api, cacheAccess, type CacheAccess } from '../../lib/api/api';
import { reconcileItem, reconcileList } from '../../lib/reconcile';
import type { BookmarkChange, BookmarksResponse, Post } from '../../types/api';
import { patchCurrentMember } from '../users/usersApi';

const EMPTY_BOOKMARKS: Post[] = [];

/** A response lacking `bookmarks` is ignored (spec section 7): it reads as "no change". */
function readBookmarks(response: Partial<BookmarksResponse> | undefined): Post[] | undefined {
  return Array.isArray(response?.bookmarks) ? response.bookmarks : undefined;
}

/**
 * What a bookmark call answered: the member's bookmarks (the spec's answer), or, from a backend with
 * the `return-minimal` extension, only the change.
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

export const bookmarksApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The current member's bookmarked posts (full posts). */
    getBookmarks: build.query<Post[], void>({
      query: () => '/users/bookmark',
      transformResponse: (response: Partial<BookmarksResponse> | undefined) => readBookmarks(response) ?? EMPTY_BOOKMARKS,
      // The list's own tag, and one per post it holds: a post's tag finds every cached copy of it.
      providesTags: (posts = EMPTY_BOOKMARKS) => [{ type: 'Bookmark' as const, id: 'LIST' }, ...posts.map((post) => ({ type: 'Post' as const, id: post.id }))],
    }),
    /** Bookmarks a post; shows at once, undone if the backend refuses. */
    addBookmark: build.mutation<BookmarksAnswer | undefined, Post>({
      query: (post) => ({ url: `/users/bookmark/${encodeURIComponent(post.id)}`, method: 'POST' }),
      transformResponse: readAnswer,
      extraOptions: { changedOnly: true },
      async onQueryStarted(post, lifecycle) {
        const cache = cacheAccess(lifecycle);
        const patch = cache.dispatch(
          bookmarksApi.util.updateQueryData('getBookmarks', undefined, (draft) => {
            if (!draft.some((entry) => entry.id === post.id)) draft.push(post);
          }),
        );
        try {
          const { data } = await lifecycle.queryFulfilled;
          if (data) writeAnswer(cache, data);
        } catch {
          patch.undo();
        }
      },
    }),
    /** Removes a bookmark; disappears at once, comes back if the backend refuses. */
    removeBookmark: build.mutation<BookmarksAnswer | undefined, string>({
      query: (postId) => ({ url: `/users/remove-bookmark/${encodeURIComponent(postId)}`, method: 'POST' }),
      transformResponse: readAnswer,
      extraOptions: { changedOnly: true },
      async onQueryStarted(postId, lifecycle) {
        const cache = cacheAccess(lifecycle);
        const patch = cache.dispatch(
          bookmarksApi.util.updateQueryData('getBookmarks', undefined, (draft) => draft.filter((entry) => entry.id !== postId)),
        );
        try {
          const { data } = await lifecycle.queryFulfilled;
          if (data) writeAnswer(cache, data);
        } catch {
          patch.undo();
        }
      },
    }),
  }),
});

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
    cache.dispatch(bookmarksApi.util.updateQueryData('getBookmarks', undefined, (draft) => {
      const index = draft.findIndex((entry) => entry.id === postId);
      if (index >= 0) draft[index] = reconcileItem(draft[index], post);
    }));
  }
  patchCurrentMember(cache, (me) => {
    const ids = me.bookmarks.filter((id) => id !== postId);
    if (bookmarked) ids.push(postId);
    return sameIds(me.bookmarks, ids) ? me : { ...me, bookmarks: ids };
  });
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

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, index) => id === b[index]);
}

export const selectBookmarksResult = bookmarksApi.endpoints.getBookmarks.select();

export const { useGetBookmarksQuery, useAddBookmarkMutation, useRemoveBookmarkMutation } = bookmarksApi;
