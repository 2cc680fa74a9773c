import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { DEMO_CREDENTIALS, seedPostId } from '../../../contract/seed/default';
import { MESSAGES } from '../../../contract/messages';
import { getMockDb, server, TEST_API_BASE, useScenario } from '../../../mocks/testing/node';
import { connectionText } from './connectionTexts';
import { selectLive } from './liveSlice';
import { t } from '../../i18n/firstWords';
import { cardWith, findFeed } from '../../test/posts';
import { writeStoredToken } from '../auth/tokenStorage';
import { currentPath, loginThroughApi, renderAfterReload, renderWithProviders } from '../../test/renderWithProviders';
import { LAKE } from '../../test/seedTexts';

const LAKE_EDITED = 'The lake went completely still just before dusk. Edited while you were away.';

/** A backend without the live stream: lists load again when the tab comes back into view. */
function withoutEvents(): void {
  server.use(http.get(`${TEST_API_BASE}/health`, () => HttpResponse.json({ status: 'ok', extensions: ['pages', 'feed', 'return-minimal'] })));
}

/** Nothing answers: every call fails as with no connection (or, with `status`, answers that server error). */
function serverDown(status?: number): void {
  server.use(http.all(`${TEST_API_BASE}/*`, () => (status === undefined ? HttpResponse.error() : HttpResponse.json({ errors: [MESSAGES.serviceUnavailable] }, { status }))));
}

/** The server answers again, as before the outage (a backend without the stream, as the test began). */
function serverBack(): void {
  server.resetHandlers();
  withoutEvents();
}

/** The member comes back to the tab: the lists load again (a backend without the stream). */
function backToTheTab(): void {
  act(() => {
    window.dispatchEvent(new Event('focus'));
  });
}

/** The reconnecting notice, once: in a live region that a screen reader reads out as it comes. */
async function findNotice(text: string): Promise<HTMLElement> {
  const line = await screen.findByText(text);
  expect(line.closest('[role="status"]')).not.toBeNull();
  return line;
}

/** Another device edits Maya's lake post meanwhile: the next load of Home shows the new text. */
function editedElsewhere(): void {
  const post = getMockDb().posts.get(seedPostId(2));
  if (!post) throw new Error('seed');
  post.content = LAKE_EDITED;
}

describe('an outage while a page is open', () => {
  it.each([
    ['cannot be reached', () => serverDown()],
    ['answers 503 to everything', () => serverDown(503)],
  ])('the server %s when the tab reloads its lists: the page stays, says it is reconnecting, and recovers by itself', async (_how, down) => {
    withoutEvents();
    const { router } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    await findFeed('Latest Posts');
    down();
    backToTheTab();

    await findNotice(connectionText('unreachable'));
    expect(currentPath(router)).toBe('/');
    expect(cardWith(LAKE)).toBeInTheDocument();
    // Another reload that fails says nothing more.
    backToTheTab();
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(screen.getAllByText(connectionText('unreachable'))).toHaveLength(1);
    expect(currentPath(router)).toBe('/');

    editedElsewhere();
    serverBack();
    // The app checks by itself (the first check within about a second), then loads the page again.
    await waitFor(() => expect(screen.queryByText(connectionText('unreachable'))).not.toBeInTheDocument(), { timeout: 5000 });
    expect(await screen.findByText(LAKE_EDITED)).toBeInTheDocument();
    expect(currentPath(router)).toBe('/');
  });

  it('the server goes away as Home opens, its posts shown and the side panel not yet: Home stays, says it is reconnecting, and the people come once the server answers', async () => {
    // The people to follow (the side panel's) is the call the outage meets, once the posts are
    // shown: everything fails from then on.
    let postsShown: () => void = () => undefined;
    const shown = new Promise<void>((resolve) => {
      postsShown = resolve;
    });
    server.use(http.get(`${TEST_API_BASE}/users/suggestions`, async () => {
      await shown;
      serverDown();
      return HttpResponse.error();
    }, { once: true }));
    const { router } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    await findFeed('Latest Posts');
    postsShown();
    // (A call already on its way may still land first, the notice going for a moment: it comes back.)
    await waitFor(() => expect(screen.getByText(connectionText('unreachable')).closest('[role="status"]')).not.toBeNull());
    expect(currentPath(router)).toBe('/');
    expect(cardWith(LAKE)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: t('errorPage.unreachableTitle') })).not.toBeInTheDocument();

    // Back, live stream and all: the notice goes, and the list that failed loads again.
    server.resetHandlers();
    await waitFor(() => expect(screen.queryByText(connectionText('unreachable'))).not.toBeInTheDocument(), { timeout: 5000 });
    const people = await screen.findByRole('region', { name: 'Who to follow?' });
    expect(await within(people).findAllByRole('listitem')).not.toHaveLength(0);
    expect(currentPath(router)).toBe('/');
  });

  it("the member's bookmarks (the shell's check on every page) fail to load beside Home: Home stays, and they load again", async () => {
    withoutEvents();
    let failed = false;
    server.use(http.get(`${TEST_API_BASE}/users/bookmark`, () => {
      failed = true;
      return HttpResponse.error();
    }, { once: true }));
    const { router, store } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    await findFeed('Latest Posts');
    await waitFor(() => expect(failed).toBe(true));
    // The calls that answer say the connection is there: the failed one goes again.
    const bookmarks = () => Object.values(store.getState().api.queries).find((entry) => entry?.endpointName === 'getBookmarkPages');
    await waitFor(() => expect(bookmarks()?.status).toBe('fulfilled'), { timeout: 5000 });
    expect(currentPath(router)).toBe('/');
    expect(cardWith(LAKE)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: t('errorPage.unreachableTitle') })).not.toBeInTheDocument();
  });

  it('the same failure on Bookmarks, whose content they are, goes to the error screen', async () => {
    withoutEvents();
    server.use(http.get(`${TEST_API_BASE}/users/bookmark`, () => HttpResponse.error(), { once: true }));
    await renderWithProviders({ route: '/bookmark', authAs: DEMO_CREDENTIALS });
    expect(await screen.findByRole('heading', { name: t('errorPage.unreachableTitle') })).toBeInTheDocument();
  });

  it("says the device is offline when the browser says so, and reconnects once it is back online", async () => {
    withoutEvents();
    const onLine = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const { router } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
      await findFeed('Latest Posts');
      serverDown();
      backToTheTab();
      await findNotice(connectionText('offline'));
      expect(screen.queryByText(connectionText('unreachable'))).not.toBeInTheDocument();

      onLine.mockReturnValue(true);
      serverBack();
      act(() => {
        window.dispatchEvent(new Event('online'));
      });
      await waitFor(() => expect(screen.queryByText(connectionText('offline'))).not.toBeInTheDocument());
      expect(currentPath(router)).toBe('/');
    } finally {
      onLine.mockRestore();
    }
  });

  it('the live stream ends and the server does not answer: the notice comes without waiting for a reload', async () => {
    let endStream: () => void = () => undefined;
    server.use(http.get(`${TEST_API_BASE}/events`, () => new HttpResponse(new ReadableStream({
      start(controller) {
        endStream = () => controller.close();
      },
    }), { headers: { 'content-type': 'text/event-stream' } }), { once: true }));
    const { store, router } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    await findFeed('Latest Posts');
    await waitFor(() => expect(selectLive(store.getState())).toBe(true));

    serverDown();
    act(() => endStream());
    await findNotice(connectionText('unreachable'));
    expect(currentPath(router)).toBe('/');
    expect(cardWith(LAKE)).toBeInTheDocument();

    server.resetHandlers();
    await waitFor(() => expect(screen.queryByText(connectionText('unreachable'))).not.toBeInTheDocument(), { timeout: 5000 });
  });

  it('the live stream never opened and then the server stops: the notice comes at its next try', async () => {
    // The stream is refused from the start (a proxy that drops it, say); the rest of the API answers.
    server.use(http.get(`${TEST_API_BASE}/events`, () => HttpResponse.error()));
    const { store, router } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    await findFeed('Latest Posts');
    expect(selectLive(store.getState())).toBe(false);
    // The server answers its health check meanwhile: nothing is said.
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(screen.queryByText(connectionText('unreachable'))).not.toBeInTheDocument();

    serverDown();
    await findNotice(connectionText('unreachable'));
    expect(currentPath(router)).toBe('/');
    expect(cardWith(LAKE)).toBeInTheDocument();
  });
});

/** The demo member logged in before: a new tab finds the session in storage. */
async function loggedInBefore(): Promise<void> {
  writeStoredToken((await loginThroughApi(DEMO_CREDENTIALS)).encodedToken);
}

describe('a page that cannot load at all', () => {
  it('goes to /error, which speaks of the connection when the backend was not reached', async () => {
    const { router } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    await findFeed('Latest Posts');
    serverDown();
    await act(() => router.navigate('/explore'));

    expect(await screen.findByRole('heading', { name: t('errorPage.unreachableTitle') })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/error');
    expect(screen.getByText(t('errorPage.unreachableText'))).toBeInTheDocument();
    expect(screen.queryByText(/on our side/)).not.toBeInTheDocument();
  });

  it("the offline scenario: the page that cannot load says so in words of the connection, and You're offline when the device is", async () => {
    const onLine = jest.spyOn(navigator, 'onLine', 'get');
    try {
      await loggedInBefore();
      useScenario('offline');
      renderAfterReload('/bookmark');
      expect(await screen.findByRole('heading', { name: t('errorPage.unreachableTitle') })).toBeInTheDocument();

      onLine.mockReturnValue(false);
      act(() => {
        window.dispatchEvent(new Event('offline'));
      });
      expect(await screen.findByRole('heading', { name: t('errorPage.offlineTitle') })).toBeInTheDocument();
      expect(screen.getByText(t('errorPage.offlineText'))).toBeInTheDocument();
    } finally {
      onLine.mockRestore();
    }
  });

  it('a server error keeps the spec’s apology', async () => {
    await loggedInBefore();
    useScenario('server-error');
    renderAfterReload('/bookmark');
    expect(await screen.findByRole('heading', { name: t('errorPage.serverTitle') })).toBeInTheDocument();
    expect(screen.getByText(t('errorPage.serverText'))).toBeInTheDocument();
  });
});
