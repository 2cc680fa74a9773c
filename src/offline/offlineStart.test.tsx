import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { DEMO_CREDENTIALS, SEED_USER_IDS, SEED_USERNAMES, seedPostId } from '../../contract/seed/default';
import { getMockDb, server, TEST_API_BASE } from '../../mocks/testing/node';
import { connectionText } from '../features/live/connectionTexts';
import { t } from '../i18n/firstWords';
import { cardWith, findFeed } from '../test/posts';
import { currentPath, renderAfterReload, renderWithProviders, topBar } from '../test/renderWithProviders';
import { LAKE } from '../test/seedTexts';
import { createKeptReads, keepReadsIn, VISITOR, type KeptReads } from './keptReads';
import { memoryStorage } from './memoryStorage';

const LAKE_EDITED = 'The lake went completely still just before dusk. Edited while you were back online.';
/** When every answer of these tests is kept: a fixed time, so the notice's words are known. */
const KEPT_AT = Date.UTC(2026, 10, 29, 14, 32);

let storage: ReturnType<typeof memoryStorage>;
let kept: KeptReads;

beforeEach(() => {
  storage = memoryStorage();
  kept = createKeptReads({ storage, now: () => KEPT_AT });
  keepReadsIn(kept);
  // A backend without the live stream: what is shown loads again once it answers.
  server.use(http.get(`${TEST_API_BASE}/health`, () => HttpResponse.json({ status: 'ok', extensions: ['pages', 'feed', 'return-minimal'] })));
});

afterEach(() => keepReadsIn(null));

/** Nothing answers: every call fails as with no network. */
function networkGone(): void {
  server.use(http.all(`${TEST_API_BASE}/*`, () => HttpResponse.error()));
}

function networkBack(): void {
  server.resetHandlers();
  server.use(http.get(`${TEST_API_BASE}/health`, () => HttpResponse.json({ status: 'ok', extensions: ['pages', 'feed', 'return-minimal'] })));
}

/** Until what the page loaded is kept: at least `pages` answers. */
async function keptAtLeast(pages: number): Promise<void> {
  await waitFor(async () => expect((await kept.size()).pages).toBeGreaterThanOrEqual(pages));
}

describe('a start with the network gone', () => {
  it("shows the member's Home as last seen, says from when, and brings it up to date once the backend answers", async () => {
    const first = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    await findFeed('Latest Posts');
    expect(cardWith(LAKE)).toBeInTheDocument();
    await keptAtLeast(2);
    first.unmount();

    networkGone();
    const { router } = renderAfterReload('/');
    await findFeed('Latest Posts');
    expect(cardWith(LAKE)).toBeInTheDocument();
    const line = await screen.findByText(connectionText('unreachable', KEPT_AT));
    expect(line.closest('[role="status"]')).not.toBeNull();
    expect(currentPath(router)).toBe('/');

    const post = getMockDb().posts.get(seedPostId(2));
    if (!post) throw new Error('seed');
    post.content = LAKE_EDITED;
    networkBack();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText(LAKE_EDITED, {}, { timeout: 5_000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(connectionText('unreachable', KEPT_AT))).not.toBeInTheDocument());
  });

  it('says Offline, as of the time, when the device says it has no network', async () => {
    const first = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    await findFeed('Latest Posts');
    await keptAtLeast(2);
    first.unmount();
    const onLine = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      networkGone();
      renderAfterReload('/');
      expect(await screen.findByText(connectionText('offline', KEPT_AT))).toBeInTheDocument();
      expect(connectionText('offline', KEPT_AT)).toBe(`Offline, as of ${new Intl.DateTimeFormat('en', { hour: 'numeric', minute: '2-digit' }).format(KEPT_AT)}. Reconnecting when your connection is back…`);
      expect(screen.queryByText(connectionText('offline'))).not.toBeInTheDocument();
    } finally {
      onLine.mockRestore();
    }
  });

  it("a page never seen (another member's profile) still goes to the error page, which speaks of the connection", async () => {
    const first = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    await findFeed('Latest Posts');
    await keptAtLeast(2);
    first.unmount();
    networkGone();
    renderAfterReload(`/users/${SEED_USER_IDS.liam}`);
    expect(await screen.findByRole('heading', { name: t('errorPage.unreachableTitle') })).toBeInTheDocument();
  });
});

describe('a page open when the network goes', () => {
  it('keeps what it shows (fresher than what was kept) and says it is reconnecting, not from when', async () => {
    await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    await findFeed('Latest Posts');
    await keptAtLeast(2);
    const post = getMockDb().posts.get(seedPostId(2));
    if (!post) throw new Error('seed');
    post.content = LAKE_EDITED;
    // The member comes back to the tab: Home loads again, shows the edit, and that answer is kept.
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(await screen.findByText(LAKE_EDITED)).toBeInTheDocument();
    networkGone();
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(await screen.findByText(connectionText('unreachable'))).toBeInTheDocument();
    expect(screen.queryByText(connectionText('unreachable', KEPT_AT))).not.toBeInTheDocument();
    expect(screen.getByText(LAKE_EDITED)).toBeInTheDocument();
  });
});

describe('nothing of one member for the next', () => {
  it("logging out forgets every answer of the member's kept, in the browser store too", async () => {
    const first = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    await findFeed('Latest Posts');
    await keptAtLeast(2);
    await first.user.click(within(topBar()).getByRole('button', { name: 'Logout' }));
    await screen.findByRole('heading', { name: 'Login' });
    // What /login reads as a visitor (the backend's health) may be kept again; nothing of the member's.
    await waitFor(() => expect([...storage.data.keys()].filter((key) => key.startsWith('read ') && !key.startsWith(`read ${VISITOR} `))).toEqual([]));
  });

  it('logging in and logging out each forget the images the service worker kept', async () => {
    const deleted = jest.fn(async (_name: string) => true);
    Object.defineProperty(globalThis, 'caches', { value: { delete: deleted }, configurable: true });
    try {
      const view = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
      await waitFor(() => expect(deleted.mock.calls).toEqual([['socialconnect-media']]));
      await findFeed('Latest Posts');
      await view.user.click(within(topBar()).getByRole('button', { name: 'Logout' }));
      await waitFor(() => expect(deleted.mock.calls).toEqual([['socialconnect-media'], ['socialconnect-media']]));
    } finally {
      Reflect.deleteProperty(globalThis, 'caches');
    }
  });

  it("another member logging in forgets the last one's answers", async () => {
    const first = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    await findFeed('Latest Posts');
    await keptAtLeast(2);
    const avasKeys = [...storage.data.keys()].filter((key) => key.startsWith('read '));
    expect(avasKeys.length).toBeGreaterThanOrEqual(2);
    first.unmount();

    const second = await renderWithProviders({ route: '/', authAs: { username: SEED_USERNAMES.liam, password: DEMO_CREDENTIALS.password } });
    await findFeed('Latest Posts');
    await waitFor(() => expect([...storage.data.keys()].filter((key) => avasKeys.includes(key))).toEqual([]));
    second.unmount();
  });
});
