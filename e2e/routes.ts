import type { Page } from '@playwright/test';
import type { RealServer } from './backend';
import { expect } from './fixtures';
import { DEMO, login, MEMBERS, postCards, seedPostId } from './helpers';
import { CATALOGUES } from '../src/i18n/catalogues';

/** A route of the app, how to tell it has finished loading, and a file-friendly name. */
export interface RouteCheck {
  name: string;
  path: string;
  ready: (page: Page) => Promise<void>;
}

const heading = (name: string | RegExp, level?: number) => async (page: Page) => {
  await expect(page.getByRole('heading', { name, level })).toBeVisible();
};

/** Waits until the images on the page have loaded (or failed), so screenshots and contrast are final. */
export async function imagesSettled(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => Array.from(document.images).every((image) => image.loading === 'lazy' || image.complete)))
    .toBe(true);
}

/**
 * Routes cut into parts of at most `size`, in order: a walk split so the workers share it and each part
 * stays well inside a test's time on a slow machine.
 */
export function inParts<T>(routes: readonly T[], size: number): T[][] {
  const parts: T[][] = [];
  for (let start = 0; start < routes.length; start += size) parts.push(routes.slice(start, start + size));
  return parts;
}

/** A route's address asking for a language (`?lang=`), after any query of its own. */
export function inLanguage(path: string, lang: string): string {
  const [beforeHash = '', hash] = path.split('#');
  return `${beforeHash}${beforeHash.includes('?') ? '&' : '?'}lang=${lang}${hash === undefined ? '' : `#${hash}`}`;
}

/** The catalogue of the language the page speaks (`<html lang>`): the words a journey finds it by. */
export async function wordsOf(page: Page): Promise<(typeof CATALOGUES)['en']> {
  const lang = (await page.locator('html').getAttribute('lang')) ?? 'en';
  return lang in CATALOGUES ? CATALOGUES[lang as keyof typeof CATALOGUES] : CATALOGUES.en;
}

/**
 * The member shell has finished loading: on wide screens the side navigation shows the member and
 * 'Who to follow?' its list (phones show neither).
 */
export async function memberShellReady(page: Page): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  if (width <= 768) return;
  // The shell's landmarks are named in the page's language.
  const words = await wordsOf(page);
  await expect(page.getByRole('navigation', { name: words['nav.main'] }).getByText('@demo_user')).toBeVisible();
  await expect(page.getByRole('complementary', { name: words['people.panel'] }).getByRole('region', { name: words['people.whoToFollow'] }).getByRole('listitem').first()).toBeVisible();
}

export const PUBLIC_ROUTES: RouteCheck[] = [
  // In the page's language: a page built ahead in English is ready once the app has turned it.
  { name: 'login', path: '/login', ready: async (page) => heading((await wordsOf(page))['auth.loginTitle'], 1)(page) },
  { name: 'signup', path: '/signup', ready: async (page) => heading((await wordsOf(page))['auth.signupTitle'], 1)(page) },
  { name: 'forgot-password', path: '/forgot-password', ready: async (page) => heading((await wordsOf(page))['page.forgotPassword'], 1)(page) },
  // As a mailed link opens it: its form, waiting for the new password.
  { name: 'reset-password', path: '/reset-password#token=a-link-token', ready: async (page) => heading((await wordsOf(page))['page.resetPassword'], 1)(page) },
  { name: 'confirm-email', path: '/confirm-email', ready: async (page) => heading((await wordsOf(page))['page.confirmEmail'], 1)(page) },
  { name: 'error', path: '/error', ready: async (page) => heading((await wordsOf(page))['errorPage.serverTitle'])(page) },
  { name: 'not-found', path: '/no-such-page', ready: async (page) => heading((await wordsOf(page))['notFound.title'])(page) },
];

export const MEMBER_ROUTES: RouteCheck[] = [
  {
    name: 'home',
    path: '/',
    ready: async (page) => {
      await expect(page.getByRole('heading', { name: (await wordsOf(page))['sort.latestPosts'] })).toBeVisible();
      await expect(postCards(page)).toHaveCount(12);
    },
  },
  {
    name: 'explore',
    path: '/explore',
    ready: async (page) => {
      await expect(page.getByRole('heading', { name: (await wordsOf(page))['page.explore'], level: 1 })).toBeVisible();
      await expect(postCards(page)).toHaveCount(20);
    },
  },
  {
    name: 'bookmark',
    path: '/bookmark',
    ready: async (page) => {
      await expect(page.getByRole('heading', { name: (await wordsOf(page))['page.bookmarks'], level: 1 })).toBeVisible();
      await expect(postCards(page)).toHaveCount(1);
    },
  },
  {
    name: 'createpost',
    path: '/createpost',
    ready: async (page) => {
      const words = await wordsOf(page);
      await heading(words['page.createPost'], 1)(page);
      await expect(page.getByRole('form', { name: words['composer.form'] }).getByPlaceholder(words['composer.placeholder'])).toBeVisible();
    },
  },
  {
    name: 'post',
    path: `/posts/${seedPostId(12)}`,
    ready: async (page) => {
      await expect(postCards(page)).toHaveCount(1);
      // Both backends of the journeys answer replies: the page is whole once they have loaded.
      const words = await wordsOf(page);
      await expect(page.getByRole('heading', { name: words['post.replies'], level: 2 })).toBeVisible();
      await expect(page.getByText(words['replies.empty'])).toBeVisible();
    },
  },
  {
    name: 'notifications',
    path: '/notifications',
    ready: async (page) => {
      const words = await wordsOf(page);
      await heading(words['page.notifications'], 1)(page);
      // The seed's five: two likes of her posts, three followers.
      await expect(page.getByRole('list', { name: words['page.notifications'] }).getByRole('link')).toHaveCount(5);
    },
  },
  {
    name: 'profile-own',
    path: `/users/${MEMBERS.ava.id}`,
    ready: async (page) => {
      await expect(page.getByRole('heading', { name: 'Ava Reed', level: 1 })).toBeVisible();
      await expect(postCards(page)).toHaveCount(2);
    },
  },
  {
    name: 'profile-other',
    // Noah's: two of his posts were edited, so the walk covers the "edited" mark too.
    path: `/users/${MEMBERS.noah.id}`,
    ready: async (page) => {
      await expect(page.getByRole('heading', { name: 'Noah Kim', level: 1 })).toBeVisible();
      await expect(postCards(page)).toHaveCount(4);
      await expect(page.getByRole('button', { name: (await wordsOf(page))['post.edited'] }).first()).toBeVisible();
    },
  },
  {
    name: 'search',
    // The seed's one post with "walk" in its text (a bio's "walks" is no post).
    path: '/search?q=walk',
    ready: async (page) => {
      await heading((await wordsOf(page))['search.title'], 1)(page);
      await expect(postCards(page)).toHaveCount(1);
    },
  },
  {
    name: 'muted-and-blocked',
    path: '/settings/muted-and-blocked',
    ready: async (page) => {
      const words = await wordsOf(page);
      await heading(words['page.mutedAndBlocked'], 1)(page);
      await expect(page.getByText(words['relations.mutedEmpty'])).toBeVisible();
      await expect(page.getByText(words['relations.blockedEmpty'])).toBeVisible();
    },
  },
  {
    name: 'account',
    path: '/settings/account',
    ready: async (page) => {
      const words = await wordsOf(page);
      await heading(words['page.account'], 1)(page);
      await expect(page.getByRole('list', { name: words['devices.list'] }).getByText(words['devices.thisDevice'])).toBeVisible();
    },
  },
  {
    name: 'scheduled',
    path: '/scheduled',
    ready: async (page) => {
      const words = await wordsOf(page);
      await heading(words['page.scheduled'], 1)(page);
      await expect(page.getByText(words['scheduled.empty'])).toBeVisible();
    },
  },
];

/**
 * The routes of the network's moderators and admins, walked as an admin (see `loginAsStaff`): the
 * other walks log in as a member, to whom /moderation says it is not for them.
 */
export const STAFF_ROUTES: RouteCheck[] = [
  {
    name: 'moderation',
    path: '/moderation',
    ready: async (page) => {
      const words = await wordsOf(page);
      await heading(words['page.moderation'], 1)(page);
      // Each part has its heading from the start, and says it is loading until it has loaded.
      await heading(words['moderation.queue'], 2)(page);
      await heading(words['moderation.restricted'], 2)(page);
      await heading(words['moderation.audit'], 2)(page);
      await expect(page.getByText(words['moderation.loading'])).toHaveCount(0);
      await expect(page.getByText(words['moderation.restrictedEmpty'])).toBeVisible();
    },
  },
];

/**
 * Logs the demo member in as an admin, for STAFF_ROUTES: on the stand-in, its `moderation` scenario
 * (four open reports, demo_user an admin); on the server, the role given there (no report waits).
 */
export async function loginAsStaff(page: Page, realServer: RealServer | undefined): Promise<void> {
  if (realServer) {
    await realServer.setRoles({ [DEMO.id]: 'admin' });
    await login(page);
  } else {
    await login(page, { scenario: 'moderation' });
  }
}
