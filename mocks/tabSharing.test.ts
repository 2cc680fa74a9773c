import { DEMO_CREDENTIALS, DEMO_USER_ID } from '../contract/seed/default';
import { ROUTES, runRoute } from '../contract/routes';
import type { DbSnapshot } from '../contract/snapshot';
import { createMockContext, type MockContext } from './context';
import { createMemoryDb } from './memoryStore';
import { createTabSharing, type Locks } from './tabSharing';
import { buildDefaultSeed } from '../contract/seed/default';

/** What the browser shares between tabs: the saved store, its revision and one lock. */
function browserOfTabs(shared: boolean) {
  let saved: DbSnapshot = buildDefaultSeed();
  let revision: string | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  const locks: Locks = {
    request: (_name, callback) => {
      const run = queue.then(callback, callback);
      queue = run.catch(() => undefined);
      return run;
    },
  };
  let tabs = 0;

  const openTab = (): MockContext => {
    tabs += 1;
    const tab = tabs;
    let writes = 0;
    const sharing = createTabSharing({
      name: 'store',
      locks,
      revision: { read: () => revision, write: (value) => (revision = value) },
      loadSaved: async () => structuredClone(saved),
      apply: (snapshot) => db.load(snapshot),
      newRevision: () => `tab ${tab}, write ${(writes += 1)}`,
    });
    const db = createMemoryDb(structuredClone(saved));
    const ctx = createMockContext({ baseUrl: 'http://localhost/api', delayMs: 0, db, sharing: shared ? sharing : undefined });
    ctx.onWrite = async () => {
      // Saving takes a moment, as IndexedDB does: another tab's write may try to start meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 1));
      saved = ctx.db.snapshot();
      sharing.saved();
    };
    return ctx;
  };
  return { openTab, saved: () => saved };
}

async function call(ctx: MockContext, method: string, path: string, options: { token?: string; body?: unknown; params?: Record<string, string> } = {}) {
  const route = ROUTES.find((spec) => spec.method === method && spec.path === path);
  if (!route) throw new Error(`no route ${method} ${path}`);
  return runRoute(ctx, route, {
    params: options.params ?? {},
    authorization: options.token,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
}

async function logIn(ctx: MockContext): Promise<string> {
  const answer = await call(ctx, 'post', '/auth/login', { body: DEMO_CREDENTIALS });
  expect(answer.status).toBe(200);
  return (answer.body as { encodedToken: string }).encodedToken;
}

async function post(ctx: MockContext, token: string, content: string): Promise<void> {
  const answer = await call(ctx, 'post', '/posts', { token, body: { postData: { text: content } } });
  expect(answer).toMatchObject({ status: 201 });
}

async function like(ctx: MockContext, token: string, postId: string): Promise<void> {
  const answer = await call(ctx, 'post', '/posts/like/:postId', { token, params: { postId } });
  expect(answer).toMatchObject({ status: 201 });
}

/** A seed post the demo member has not liked. */
const NOT_YET_LIKED = buildDefaultSeed().posts.find((entry) => !entry.likedBy.includes(DEMO_USER_ID))!.id;

const contents = (snapshot: DbSnapshot): string[] => snapshot.posts.map((post) => post.content);

/** Two tabs of one browser, opened one after the other, and the demo member's token (logged in on the first). */
async function twoTabs(shared: boolean) {
  const browser = browserOfTabs(shared);
  const first = browser.openTab();
  const second = browser.openTab();
  return { browser, first, second, token: await logIn(first) };
}

describe('one stand-in store for every tab', () => {
  it('keeps a post made in one tab when another tab, opened before it, likes something', async () => {
    const { browser, first, second, token } = await twoTabs(true);

    await post(first, token, 'Written in the first tab');
    await like(second, token, NOT_YET_LIKED);

    const saved = browser.saved();
    expect(contents(saved)).toContain('Written in the first tab');
    expect(saved.posts.find((entry) => entry.id === NOT_YET_LIKED)?.likedBy).toContain(DEMO_USER_ID);
  });

  it('shows a tab what another tab wrote, on its next read', async () => {
    const { first, second, token } = await twoTabs(true);

    await post(first, token, 'Seen from the other tab');
    const answer = await call(second, 'get', '/posts');
    expect((answer.body as { posts: Array<{ content: string }> }).posts.map((post) => post.content)).toContain('Seen from the other tab');
  });

  it('loses none of the writes two tabs make at the same time', async () => {
    const { browser, first, second, token } = await twoTabs(true);
    const before = buildDefaultSeed().posts.length;

    await Promise.all([first, second].flatMap((tab, index) => Array.from({ length: 5 }, (_, n) => (
      post(tab, token, `Tab ${index + 1}, post ${n + 1}`)
    ))));

    expect(browser.saved().posts).toHaveLength(before + 10);
  });

  it('is what stops the last tab to write from erasing the other tab’s post', async () => {
    // The same two tabs with no sharing: each writes over the other from its own copy.
    const { browser, first, second, token } = await twoTabs(false);
    await post(first, token, 'Written in the first tab');
    await like(second, token, NOT_YET_LIKED);
    expect(contents(browser.saved())).not.toContain('Written in the first tab');
  });
});
