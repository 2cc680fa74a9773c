/**
 * Helpers for the posts and bookmarks stories of the jest suite.
 */
import { screen, within } from '@testing-library/react';
import { DEMO_CREDENTIALS } from '../../contract/seed/default';
import { server, TEST_API_BASE } from '../../mocks/testing/node';
import { bookmarksApi } from '../features/bookmarks/bookmarksApi';
import { postsApi } from '../features/posts/postsApi';
import type { Post } from '../types/api';
import { renderWithProviders } from './renderWithProviders';
import { t } from '../i18n/i18n';

export const API = TEST_API_BASE;

/** Every post the cache holds as Explore lists them: the pages of that list that are loaded, in order. */
export function everyPost(state: unknown): Post[] | undefined {
  const select = postsApi.endpoints.getPostPages.select({ list: 'all' });
  return select(state as Parameters<typeof select>[0]).data?.pages.flatMap((page) => page.posts);
}

/** A post as the app's cache holds it, from any list of pages that has it. */
export function cachedPost(state: unknown, postId: string): Post {
  const queries = (state as { api: { queries: Record<string, { data?: unknown } | undefined> } }).api.queries;
  for (const entry of Object.values(queries)) {
    const pages = (entry?.data as { pages?: { posts: Post[] }[] } | undefined)?.pages;
    const found = pages?.flatMap((page) => page.posts).find((post) => post.id === postId);
    if (found) return found;
  }
  throw new Error(`post ${postId} is not cached`);
}

/** A member's posts the cache holds: the pages of their profile's list that are loaded, in order. */
export function memberPosts(state: unknown, username: string): Post[] | undefined {
  const select = postsApi.endpoints.getPostPages.select({ list: 'member', username });
  return select(state as Parameters<typeof select>[0]).data?.pages.flatMap((page) => page.posts);
}

/** The bookmarked posts the cache holds: the pages of the bookmarks list that are loaded, in order. */
export function bookmarkedPosts(state: unknown): Post[] | undefined {
  return bookmarksApi.endpoints.getBookmarkPages.select(undefined)(state as Parameters<ReturnType<typeof bookmarksApi.endpoints.getBookmarkPages.select>>[0]).data?.pages.flatMap((page) => page.posts);
}

/**
 * How long a test waits for a feed to appear: a page's first render in jsdom loads its lazy code, and
 * a busy 2-core machine has taken over 3 s for it. A wait, not a speed check.
 */
const FEED_APPEARS_WITHIN_MS = 10_000;

/** The feed on screen (a role="feed" region), once it has loaded. */
export async function findFeed(name?: string, timeout = FEED_APPEARS_WITHIN_MS): Promise<HTMLElement> {
  return screen.findByRole('feed', name ? { name } : {}, { timeout });
}

/** A page with a feed (home unless `route` says otherwise) as the demo member, once its feed shows. */
export async function renderHome(route = '/') {
  const view = await renderWithProviders({ route, authAs: DEMO_CREDENTIALS });
  // Home's feed is named by its order, in the language spoken.
  await findFeed(route === '/' ? t('sort.latestPosts') : undefined);
  return view;
}

/** A card's Like button, named by what it shows: 'Like, 3 likes'. */
export const LIKE_BUTTON = /^Like, \d+ likes?$/;

/** The post cards of a feed, in order. */
export function articlesOf(feed: HTMLElement): HTMLElement[] {
  return within(feed).queryAllByRole('article');
}

/** The text of each card's content link, in order. */
export function contentsOf(feed: HTMLElement): string[] {
  return articlesOf(feed).map((article) => article.querySelector('.post-card__content')?.textContent ?? '');
}

/** The card (article) that shows `text`. */
export function cardWith(text: string): HTMLElement {
  const article = screen.getByText(text).closest('article');
  if (!article) throw new Error(`No post card shows "${text}"`);
  return article;
}

/** Records 'METHOD /path' of every call the app makes, until the returned function is called. */
export function recordCalls(): { calls: string[]; stop: () => void } {
  const calls: string[] = [];
  const listener = ({ request }: { request: Request }) => {
    calls.push(`${request.method} ${new URL(request.url).pathname.replace(/^\/api/, '')}`);
  };
  server.events.on('request:start', listener);
  return { calls, stop: () => server.events.removeListener('request:start', listener) };
}

/** The GET calls the backend receives from now on whose path matches `path`, each as '/path?query' (less /api), in order. */
export function watchGets(path: RegExp): string[] {
  const calls: string[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (request.method === 'GET' && path.test(url.pathname)) calls.push(`${url.pathname.replace(/^.*\/api/, '')}${url.search}`);
  });
  return calls;
}

/** A small valid PNG (1x1) as a File, as a member would pick it. */
export function pngFile(name = 'photo.png'): File {
  const base64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new File([bytes], name, { type: 'image/png' });
}
