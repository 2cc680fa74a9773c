/**
 * The app kept for a start with the network gone (src/offline/): a build for a real server keeps its
 * scripts, styles and pages in a service worker once visited, so a reload offline shows the app.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { DEMO, expectToast, login, logout, MEMBERS, postCard, postCards, quietOnceAsked, readKept, SEED_TEXT, setNetwork, UPLOAD_PHOTO } from './helpers';

/** The post Ava writes with no network. */
const OFFLINE_POST = 'Written on the train with no signal: sent once the network is back.';
const OFFLINE_EDIT = 'Hello SocialConnect! Rewritten on the train, the week already under way.';

/** Until the app's service worker is in charge of the site: installed, its files kept, activated. */
async function appKept(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active;
    if (worker && worker.state !== 'activated') {
      await new Promise<void>((resolve) => worker.addEventListener('statechange', () => resolve(), { once: true }));
    }
  });
}

/** The side panel's people: the search and "Who to follow?". */
function people(page: Page) {
  return page.getByRole('complementary', { name: 'People' });
}

/** The picture of the newest post, at the top of Ava's Home. */
function newestPicture(page: Page) {
  return postCard(page, SEED_TEXT.newest).getByRole('img').last();
}

/** Until the newest post's picture has come and the app's service worker has kept it. */
async function pictureKept(page: Page): Promise<void> {
  await expect.poll(() => newestPicture(page).evaluate(async (image: HTMLImageElement) => {
    // Asked of the worker's own cache, without making one where there is none.
    const kept = (await caches.has('socialconnect-media')) && (await (await caches.open('socialconnect-media')).match(image.currentSrc)) !== undefined;
    return image.complete && image.naturalWidth > 0 && kept;
  })).toBe(true);
}

/**
 * Ava logs in and reads Home (the 12 posts of the members she follows, and her own) until the app
 * is kept and, Home loaded once more under the worker, its newest picture too.
 */
async function homeKept(page: Page): Promise<void> {
  await login(page);
  await expect(postCards(page)).toHaveCount(12);
  await readKept(page, '/feed?');
  await appKept(page);
  // The pictures shown once the worker is in charge are kept: those on screen after this reload.
  await page.reload();
  await expect(postCards(page)).toHaveCount(12);
  await pictureKept(page);
}

test.describe('The app with the network gone', { tag: ['@server'] }, () => {
  // The real projects leave the app's service worker out of their other journeys (playwright.config.ts).
  test.use({ serviceWorkers: 'allow' });

  test.beforeEach(({ consoleGuard }) => {
    // What the page asks of the network while it is off fails, as it should.
    consoleGuard.allow(/ERR_INTERNET_DISCONNECTED/);
  });

  test('a reload with the network off shows /login as the build wrote it, and its form works once the network is back', async ({ page, context }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Login', level: 1 })).toBeVisible();
    await appKept(page);
    await setNetwork(context, false);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Login', level: 1 })).toBeVisible();
    await setNetwork(context, true);
    await login(page);
    await expect(page.getByRole('heading', { name: 'Latest Posts' })).toBeVisible();
  });

  test("a member's Home reloaded with the network off shows its posts and pictures as last seen, says from when, and is brought up to date once the network returns", async ({ page, context, request }) => {
    await homeKept(page);
    await setNetwork(context, false);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Latest Posts' })).toBeVisible();
    await expect(postCards(page)).toHaveCount(12);
    await expect(page.getByRole('status').filter({ hasText: /^Offline, as of \d{1,2}:\d{2}( [AP]M)?\. Reconnecting when your connection is back…$/ })).toBeVisible();
    await expect.poll(() => newestPicture(page).evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);

    // Liam posts from his own device meanwhile; once Ava's network is back, her Home loads afresh.
    const text = 'Posted by Liam while Ava was offline.';
    const liam = await request.post('/api/auth/login', { data: { username: MEMBERS.liam.username, password: DEMO.password } });
    const { encodedToken } = (await liam.json()) as { encodedToken: string };
    expect((await request.post('/api/posts', { headers: { authorization: encodedToken }, data: { postData: { text } } })).status()).toBe(201);
    await setNetwork(context, true);
    await expect(page.getByRole('status').filter({ hasText: /Offline, as of/ })).toHaveCount(0);
    await expect(postCard(page, text)).toBeVisible();
    await expect(postCards(page)).toHaveCount(13);
  });

  test('likes, a bookmark, a follow, a post with an image and an edit made offline wait, outlive the tab, and are each stored once when the network returns', async ({ page, context, request, consoleGuard }) => {
    // Pictures of posts scrolled to offline, never shown before, fail as the worker asks the network for them.
    consoleGuard.allow(/ERR_FAILED/);
    await homeKept(page);
    await setNetwork(context, false);
    // Ava likes the first three posts she has not liked yet, and bookmarks the first of them.
    const cards = postCards(page);
    const liked: { id: string; text: string }[] = [];
    for (let index = 0; liked.length < 3; index += 1) {
      const card = cards.nth(index);
      const like = card.getByRole('button', { name: /^Like, / });
      if ((await like.getAttribute('aria-pressed')) === 'true') continue;
      await like.click();
      await expect(like).toHaveAttribute('aria-pressed', 'true');
      await expect(card.getByText('Waiting to send')).toBeVisible();
      liked.push({ id: (await card.getAttribute('data-post-id')) ?? '', text: (await card.locator('.post-card__content').innerText()).trim() });
    }
    const first = postCard(page, liked[0]!.text);
    await first.getByRole('button', { name: 'Bookmark', pressed: false }).click();
    await expect(first.getByRole('button', { name: 'Bookmark', pressed: true })).toBeVisible();
    // And follows Noah, from the side panel.
    await people(page).getByRole('button', { name: `Follow ${MEMBERS.noah.name}` }).click();
    await expect(people(page).getByRole('button', { name: `Unfollow ${MEMBERS.noah.name}` })).toBeVisible();
    await expect(people(page).getByText('Waiting to send')).toBeVisible();
    // And writes a post with a photo: it waits above the feed, and the composer is free.
    const composer = page.getByRole('form', { name: 'Create a post' });
    await composer.getByLabel('Image file').setInputFiles(UPLOAD_PHOTO);
    await expect(composer.getByRole('img', { name: 'Preview of the image to post' })).toBeVisible();
    await composer.getByRole('textbox', { name: 'New post text' }).fill(OFFLINE_POST);
    await composer.getByRole('button', { name: 'Post' }).click();
    await expectToast(page, 'No connection: your post will be sent once it is back.');
    await expect(composer.getByRole('textbox', { name: 'New post text' })).toHaveValue('');
    const waitingPost = page.getByRole('region', { name: 'Posts waiting to send' }).getByRole('article');
    await expect(waitingPost).toContainText(OFFLINE_POST);
    await expect(waitingPost.getByText('Waiting to send')).toBeVisible();
    // And rewrites a post of her own: the card shows the new text at once, waiting.
    const own = postCard(page, SEED_TEXT.avaHello);
    const ownId = (await own.getAttribute('data-post-id')) ?? '';
    await own.getByRole('button', { name: 'Edit post' }).click();
    const editWindow = page.getByRole('dialog', { name: 'New Post Content:' });
    await editWindow.getByRole('textbox', { name: 'Post content' }).fill(OFFLINE_EDIT);
    await editWindow.getByRole('button', { name: 'Update Post' }).click();
    await expectToast(page, 'No connection: your edit will be sent once it is back.');
    await expect(editWindow).toHaveCount(0);
    await expect(postCard(page, OFFLINE_EDIT).getByText('Waiting to send')).toBeVisible();
    // Each is kept in the browser once made: the tab closes.
    await expect.poll(() => page.evaluate(() => new Promise<number>((resolve) => {
      const opening = indexedDB.open('socialconnect-outbox');
      opening.onsuccess = () => {
        const reading = opening.result.transaction('writes').objectStore('writes').get('writes u-ava-reed');
        reading.onsuccess = () => resolve(Array.isArray(reading.result) ? reading.result.length : 0);
      };
    }))).toBe(7);
    await page.close();

    // Opened again, still offline: Home as last seen, with what waits shown as made.
    const again = await context.newPage();
    await again.goto('/');
    // Home's twelve posts, and above them the post that waits.
    await expect(again.getByRole('feed').locator('article.post-card')).toHaveCount(12);
    for (const { text } of liked) {
      await expect(postCard(again, text).getByRole('button', { name: /^Like, / })).toHaveAttribute('aria-pressed', 'true');
      await expect(postCard(again, text).getByText('Waiting to send')).toBeVisible();
    }
    await expect(postCard(again, liked[0]!.text).getByRole('button', { name: 'Bookmark', pressed: true })).toBeVisible();
    // Ava follows Noah as far as this page knows: "Who to follow?" no longer offers him.
    await expect(people(again).getByRole('region', { name: 'Who to follow?' }).getByText(MEMBERS.zoe.name)).toBeVisible();
    await expect(people(again).getByRole('region', { name: 'Who to follow?' }).getByText(MEMBERS.noah.name)).toHaveCount(0);
    await expect(again.getByRole('region', { name: 'Posts waiting to send' }).getByRole('article')).toContainText(OFFLINE_POST);
    await expect(postCard(again, OFFLINE_EDIT).getByText('Waiting to send')).toBeVisible();
    await expect(postCard(again, SEED_TEXT.avaHello)).toHaveCount(0);

    await setNetwork(context, true);
    await expect(again.getByText('Waiting to send')).toHaveCount(0, { timeout: 15_000 });
    // As the server has them: each like once, the bookmark once.
    const login = await request.post('/api/auth/login', { data: { username: DEMO.username, password: DEMO.password } });
    const { encodedToken } = (await login.json()) as { encodedToken: string };
    for (const { id } of liked) {
      const answer = (await (await request.get(`/api/posts/${id}`, { headers: { authorization: encodedToken } })).json()) as { post: { likes: { likedBy: { _id: string }[] } } };
      expect(answer.post.likes.likedBy.filter((member) => member._id === DEMO.id)).toHaveLength(1);
    }
    const { bookmarks } = (await (await request.get('/api/users/bookmark', { headers: { authorization: encodedToken } })).json()) as { bookmarks: { id: string }[] };
    expect(bookmarks.filter((post) => post.id === liked[0]!.id)).toHaveLength(1);
    const { user } = (await (await request.get(`/api/users/${DEMO.id}`, { headers: { authorization: encodedToken } })).json()) as { user: { following: { _id: string }[] } };
    expect(user.following.filter((member) => member._id === MEMBERS.noah.id)).toHaveLength(1);
    // The post once, with its photo stored, and first in Home as the server has it.
    const { posts } = (await (await request.get('/api/posts', { headers: { authorization: encodedToken } })).json()) as { posts: { content: string; postImage: string }[] };
    const stored = posts.filter((post) => post.content === OFFLINE_POST);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.postImage).toMatch(/^\/media\/[0-9a-f]{64}\.jpg$/);
    // The edit, as the server has it.
    const edited = (await (await request.get(`/api/posts/${ownId}`, { headers: { authorization: encodedToken } })).json()) as { post: { content: string } };
    expect(edited.post.content).toBe(OFFLINE_EDIT);
    await expect(again.getByRole('region', { name: 'Posts waiting to send' })).toHaveCount(0);
    await expect(postCards(again).first()).toContainText(OFFLINE_POST);
  });

  test('a like made offline in one tab shows waiting in the other, is sent once when the network returns, and both show it stored', async ({ page, context, request }) => {
    await homeKept(page);
    // A second tab of Home, open beside the first.
    const second = await context.newPage();
    await second.goto('/');
    await expect(postCards(second)).toHaveCount(12);
    await setNetwork(context, false);
    const cards = postCards(page);
    let liked = '';
    for (let index = 0; !liked; index += 1) {
      const like = cards.nth(index).getByRole('button', { name: /^Like, / });
      if ((await like.getAttribute('aria-pressed')) === 'true') continue;
      await like.click();
      await expect(cards.nth(index).getByText('Waiting to send')).toBeVisible();
      liked = (await cards.nth(index).getAttribute('data-post-id')) ?? '';
    }
    const inSecond = second.locator(`article.post-card[data-post-id="${liked}"]`);
    await expect(inSecond.getByText('Waiting to send')).toBeVisible();
    await expect(inSecond.getByRole('button', { name: /^Like, / })).toHaveAttribute('aria-pressed', 'true');
    // The likes the server answered (a try with the network off fails, and is not counted).
    const likesSent: string[] = [];
    for (const tab of [page, second]) {
      tab.on('requestfinished', (sent) => {
        if (sent.method() === 'POST' && sent.url().includes(`/api/posts/like/${liked}`)) likesSent.push(sent.url());
      });
    }

    await setNetwork(context, true);
    for (const tab of [page, second]) {
      const card = tab.locator(`article.post-card[data-post-id="${liked}"]`);
      await expect(card.getByText('Waiting to send')).toHaveCount(0, { timeout: 15_000 });
      await expect(card.getByRole('button', { name: /^Like, / })).toHaveAttribute('aria-pressed', 'true');
    }
    expect(likesSent).toHaveLength(1);
    const login = await request.post('/api/auth/login', { data: { username: DEMO.username, password: DEMO.password } });
    const { encodedToken } = (await login.json()) as { encodedToken: string };
    const answer = (await (await request.get(`/api/posts/${liked}`, { headers: { authorization: encodedToken } })).json()) as { post: { likes: { likedBy: { _id: string }[] } } };
    expect(answer.post.likes.likedBy.filter((member) => member._id === DEMO.id)).toHaveLength(1);
  });

  test('a page never seen, opened with the network off, says so in the app, and Reload brings it once it returns', async ({ page, context }) => {
    await login(page);
    await appKept(page);
    await setNetwork(context, false);
    await page.goto(`/users/${MEMBERS.liam.id}`);
    await expect(page.getByRole('heading', { name: "You're offline" })).toBeVisible();
    await setNetwork(context, true);
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect(page.getByRole('heading', { name: MEMBERS.liam.name, level: 1 })).toBeVisible();
  });

  test('after logging out, nothing of the member is kept: the same reload offline shows /login', async ({ page, context }) => {
    await homeKept(page);
    expect(await page.evaluate(async () => (await caches.keys()).includes('socialconnect-media'))).toBe(true);
    await logout(page);
    await expect.poll(() => page.evaluate(async () => (await caches.keys()).includes('socialconnect-media'))).toBe(false);
    await setNetwork(context, false);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Login', level: 1 })).toBeVisible();
  });

  test.describe('without the service worker', () => {
    test.use({ serviceWorkers: 'block' });

    test("the same reload is the browser's own error: nothing of the app", async ({ page, context }) => {
      // The login page's read of /api/health is made by the app's code: the app has started.
      const quiet = quietOnceAsked(page, (path) => path === '/api/health');
      await page.goto('/login');
      await expect(page.getByRole('heading', { name: 'Login', level: 1 })).toBeVisible();
      // The page built ahead shows before the app's code has come: all of it here before the network goes.
      await quiet();
      await setNetwork(context, false);
      await expect(page.reload()).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
    });
  });
});
