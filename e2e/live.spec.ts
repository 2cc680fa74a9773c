/**
 * The live network: one member, two tabs of one browser (the stand-in's network is the browser's;
 * on the real server it is the server's, and the tabs share one stream there too). What one tab
 * does shows in the other within 2 s, from the stream's event, without a reload: the tab that shows
 * it asks the backend for nothing meanwhile. (Without the stream, a tab told of the other's change
 * over their BroadcastChannel would load its lists again, and these journeys would fail there.)
 */
import type { BrowserContext, Page, Request } from '@playwright/test';
import { test, expect } from './fixtures';
import { callsOnTheirWay, expectToast, likeCount, login, navigateTo, postCard, SEED_TEXT, seedPostId, writePost } from './helpers';

/** The lock of the tab that reads the stream (src/features/live/useLiveNetwork.ts). */
const LEADER_LOCK = 'socialconnect.events';
/** The channel the tabs tell each other on (src/features/live/useChangesFromOtherTabs.ts). */
const TABS_CHANNEL = 'socialconnect.changes';

/** A live change reaches the other tab within this. */
const LIVE = { timeout: 2_000 };

/** Post 2, Maya's, on the demo member's Home, not yet liked by her. */
const LAKE = 'The lake went completely still just before dusk.';

/**
 * The member's second tab, on Home, once it follows the first tab's stream: it then waits in line for
 * the stream's lock (the first tab reads the stream for both). Until then a change told by the other tab
 * reloads its lists, and a new post shows at the top at once rather than behind "1 new post".
 */
async function secondTab(context: BrowserContext): Promise<Page> {
  const tab = await context.newPage();
  const onTheirWay = callsOnTheirWay(tab);
  await tab.goto('/');
  await expect(tab.getByRole('heading', { name: 'Latest Posts' })).toBeVisible();
  // Counted by the stream lock's name: another lock waited for at that moment (the stand-in's store,
  // saved one tab at a time) is no sign the tab follows the stream, and let the journey begin too soon.
  await expect.poll(() => tab.evaluate(async (name) => (await navigator.locks.query()).pending?.filter((lock) => lock.name === name).length ?? 0, LEADER_LOCK)).toBe(1);
  // Following is not yet hearing: the tab counts the stream as open once the leading tab says it is,
  // and on a busy machine the leader's stream may still be opening. Asked as the tab asks, over the
  // tabs' channel: the leader's answer reaches this tab's own listener too.
  await expect.poll(() => tab.evaluate(leaderSaysLive, TABS_CHANNEL), { timeout: 10_000 }).toBe(true);
  // A read still on its way (a list loading again) would bring a change the journey makes next with
  // its answer: the journeys' changes must come by the stream alone.
  await expect.poll(onTheirWay).toBe(0);
  return tab;
}

/** In the page: asks the leading tab whether its stream is open, and reads its answer (false after 200 ms of silence). */
function leaderSaysLive(channelName: string): Promise<boolean> {
  return new Promise((resolve) => {
    const channel = new BroadcastChannel(channelName);
    const done = (live: boolean) => {
      clearTimeout(silence);
      channel.close();
      resolve(live);
    };
    const silence = setTimeout(() => done(false), 200);
    channel.onmessage = ({ data }: MessageEvent<unknown>) => {
      const message = data as { kind?: unknown; live?: unknown } | null;
      if (message?.kind === 'live') done(message.live === true);
    };
    channel.postMessage({ kind: 'live?' });
  });
}

/**
 * The backend's reads `tab` makes from now on (the stream itself, and the health check, aside): a
 * change that reached it by the stream needs none.
 */
function readsOf(tab: Page): { paths: string[] } {
  const reads = { paths: [] as string[] };
  tab.on('request', (request: Request) => {
    const { pathname } = new URL(request.url());
    if (request.method() === 'GET' && pathname.startsWith('/api/') && pathname !== '/api/events' && pathname !== '/api/health') reads.paths.push(pathname);
  });
  return reads;
}

test.describe('A live network', { tag: ['@server', '@standin'] }, () => {
  test('a post from one tab waits behind "1 new post" in the other, and shows at the top once pressed', async ({ page, context }) => {
    await login(page);
    const other = await secondTab(context);
    const reads = readsOf(other);

    await writePost(page, 'Posted while the other tab reads.');

    const newPosts = other.getByRole('button', { name: '1 new post' });
    await expect(newPosts).toBeVisible(LIVE);
    await expect(postCard(other, 'Posted while the other tab reads.')).toHaveCount(0);
    expect(reads.paths).toEqual([]);
    await newPosts.click();
    await expect(postCard(other, 'Posted while the other tab reads.')).toBeVisible();
    await expect(other.getByRole('feed', { name: 'Latest Posts' })).toBeFocused();
  });

  test("a like in one tab changes the other's count", async ({ page, context }) => {
    await login(page);
    const other = await secondTab(context);
    const before = await likeCount(postCard(page, LAKE));
    const reads = readsOf(page);

    await postCard(other, LAKE).getByRole('button', { name: 'Like' }).click();
    await expectToast(other, 'You Liked the Post!');
    await expect(postCard(page, LAKE).getByRole('button', { name: 'Like' })).toContainText(String(before + 1), LIVE);
    expect(reads.paths).toEqual([]);
  });

  test("a reply written in one tab raises the post's reply count in the other, and shows on its page there", async ({ page, context }) => {
    await login(page);
    const other = await secondTab(context);
    await other.goto(`/posts/${seedPostId(2)}`);
    await expect(other.getByText('No replies yet. Start the conversation!')).toBeVisible();
    const reads = readsOf(other);

    await page.goto(`/posts/${seedPostId(2)}`);
    await page.getByRole('textbox', { name: 'Your reply' }).fill('Written in the first tab.');
    await page.getByRole('button', { name: 'Reply', exact: true }).click();
    await expectToast(page, 'Reply posted!');

    await expect(postCard(other, LAKE).getByRole('link', { name: 'Replies, 1 reply' })).toBeVisible(LIVE);
    await expect(other.getByRole('list', { name: 'Replies' }).getByText('Written in the first tab.')).toBeVisible(LIVE);
    // The event names the new reply and carries the count; its text is read, with that page of replies alone.
    expect(reads.paths).toEqual([`/api/posts/${seedPostId(2)}/replies`]);
  });

  test('a bookmark removed in one tab leaves Bookmarks in the other', async ({ page, context }) => {
    await login(page);
    const other = await secondTab(context);
    await navigateTo(other, 'Bookmark');
    await expect(postCard(other, SEED_TEXT.northernLights)).toBeVisible();
    const reads = readsOf(other);

    await postCard(page, SEED_TEXT.northernLights).getByRole('button', { name: 'Bookmark' }).click();
    await expectToast(page, 'Removed from Bookmark!');
    await expect(postCard(other, SEED_TEXT.northernLights)).toHaveCount(0, LIVE);
    expect(reads.paths).toEqual([]);
  });
});
