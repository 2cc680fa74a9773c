import { copyWithStructuralSharing } from '@reduxjs/toolkit/query';
import { api, cacheAccess, type CacheAccess, type Undo } from '../../lib/api/api';
import { paths } from '../../config/paths';
import { holdsListStart, POST_PAGES_OPTIONS, pageQuery, readPage, type PagePlace } from '../../lib/api/postPages';
import { refusedAsAlready } from '../../lib/apiError';
import type { BookmarkChange, Post, PostsPage, User } from '../../types/api';
import { selectCurrentMember } from '../users/currentMember';
import { patchCurrentMember } from '../users/usersApi';

const EMPTY_BOOKMARKS: Post[] = [];

/** A bookmark asks for the change alone (`return-minimal`, `change-counts`). */
const CHANGE_ALONE = { prefer: 'return=minimal, change-counts' } as const;

/**
 * What a bookmark call answered: the change (with the post, unless the backend has `change-counts`:
 * the card already shows the post the member bookmarked). A backend that answers the spec alone
 * answers every bookmark; the adapter (lib/api/specAdapter) turns that into the change. An answer
 * without it reads as "no change" (spec section 7).
 */
function readChange(response: Partial<BookmarkChange> | undefined): BookmarkChange | undefined {
  if (typeof response?.postId !== 'string' || typeof response.bookmarked !== 'boolean') return undefined;
  return { postId: response.postId, bookmarked: response.bookmarked, post: response.post };
}

/** The cache tags of bookmarked posts: the list's own, and one per post it holds (a post's tag finds every cached copy of it). */
function bookmarkTags(posts: readonly Post[] = EMPTY_BOOKMARKS) {
  return [{ type: 'Bookmark' as const, id: 'LIST' }, ...posts.map((post) => ({ type: 'Post' as const, id: post.id }))];
}

export const bookmarksApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The current member's bookmarked posts, most recently bookmarked first, page by page (from a
     * backend without the `pages` extension, the adapter cuts its whole list into the pages).
     */
    getBookmarkPages: build.infiniteQuery<PostsPage, void, PagePlace>({
      infiniteQueryOptions: POST_PAGES_OPTIONS,
      query: ({ pageParam }) => `/users/bookmark?${pageQuery(pageParam.cursor)}`,
      // The Bookmarks page's content; the member's shell loads the first page on every other page too.
      extraOptions: { pageOf: paths.bookmarks.pattern },
      transformResponse: readPage,
      providesTags: (data) => bookmarkTags(data?.pages.flatMap((page) => page.posts)),
    }),
    /** Bookmarks a post; shows at once, undone if the backend refuses. */
    addBookmark: build.mutation<BookmarkChange | undefined, Post>({
      query: (post) => ({ url: `/users/bookmark/${encodeURIComponent(post.id)}`, method: 'POST', headers: CHANGE_ALONE }),
      extraOptions: { waitsOffline: 'bookmark' },
      transformResponse: readChange,
      async onQueryStarted(post, lifecycle) {
        await showAtOnce(cacheAccess(lifecycle), post.id, post, lifecycle.queryFulfilled);
      },
    }),
    /** Removes a bookmark; disappears at once, comes back if the backend refuses. */
    removeBookmark: build.mutation<BookmarkChange | undefined, string>({
      query: (postId) => ({ url: `/users/remove-bookmark/${encodeURIComponent(postId)}`, method: 'POST', headers: CHANGE_ALONE }),
      extraOptions: { waitsOffline: 'unbookmark' },
      transformResponse: readChange,
      async onQueryStarted(postId, lifecycle) {
        await showAtOnce(cacheAccess(lifecycle), postId, null, lifecycle.queryFulfilled);
      },
    }),
  }),
});

/**
 * A bookmark (`post`) or its removal (null) shows at once: in the member's record, which every
 * card's toggle reads, and in the bookmarks list's pages (a new bookmark is the first of the first
 * page, where the list still holds that page). The backend's answer is then written over it; a
 * refusal undoes it all.
 */
async function showAtOnce(cache: CacheAccess, postId: string, post: Post | null, answered: Promise<{ data: BookmarkChange | undefined }>): Promise<void> {
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
    if (data) writeBookmarkChange(cache, data);
  } catch (failure) {
    // "Already bookmarked", "not bookmarked yet": the backend has it as asked (another device did it), as shown.
    if (refusedAsAlready(failure)) return;
    for (const undo of undos.reverse()) undo();
  }
}

/** `change` made to each page of the bookmarks list (`first`: the page that begins it). */
function patchBookmarkLists(cache: CacheAccess, change: (list: Post[], first: boolean) => Post[] | void): Undo[] {
  return [
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
 * A bookmark or its removal that waits to be sent (offline/outboxSender.ts), shown as made: in the
 * member's record, which every card's toggle reads, and in the bookmarks list: a removal gone from
 * it, a new bookmark first in it (`post`, a copy of it from any list that holds one), even in a list
 * loaded since, which the backend answered without it. Shown again as often as asked, it changes
 * nothing more.
 */
export function showBookmarkWaiting(cache: CacheAccess, postId: string, bookmarked: boolean, post?: Post): void {
  patchCurrentMember(cache, (me) => withBookmark(me, postId, bookmarked));
  if (!bookmarked) {
    patchBookmarkLists(cache, (list) => (list.some((entry) => entry.id === postId) ? list.filter((entry) => entry.id !== postId) : undefined));
    return;
  }
  if (!post) return;
  patchBookmarkLists(cache, (list, first) => {
    if (first && !list.some((entry) => entry.id === postId)) list.unshift(post);
  });
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

function sameIds(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((id, index) => id === b[index]);
}

export const { useGetBookmarkPagesInfiniteQuery, useAddBookmarkMutation, useRemoveBookmarkMutation } = bookmarksApi;
