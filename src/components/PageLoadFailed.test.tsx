import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '../../mocks/testing/node';
import { DEMO_CREDENTIALS } from '../../contract/seed/default';
import { loadPage } from '../lib/pageLoad';
import { currentPath, renderWithProviders } from '../test/renderWithProviders';

/** What the card says, in place, while the server still does not answer. */
const STILL_UNREACHABLE = 'SocialConnect still cannot be reached. Please check your connection and try again in a moment.';

// A new document cannot load under jsdom: the test sees which page the screen asks the browser for.
jest.mock('../lib/pageLoad', () => ({ ...jest.requireActual<object>('../lib/pageLoad'), loadPage: jest.fn() }));

// The profile page's code cannot be downloaded, as when the server went down after the app loaded.
jest.mock('../pages/ProfilePage', () => {
  const error = new Error('Loading chunk page-profile failed.');
  error.name = 'ChunkLoadError';
  throw error;
});

/** The server is down: nothing on its origin answers, neither its pages nor the API. */
function serverDown() {
  server.use(http.all('http://localhost/*', () => HttpResponse.error()));
}

/** The server is back: the stand-in answers the API again, and the server sends the app's pages. */
function serverBack() {
  server.resetHandlers();
  server.use(http.get(/^http:\/\/localhost\/(?!api\/)/, () => HttpResponse.html('<!doctype html><div id="root"></div>')));
}

const failedCard = () => screen.getByRole('alert', { name: /./ });

/** Reload pressed while the server is still down: the screen stays and says so. */
async function reloadWhileDown(user: { click: (element: Element) => Promise<void> }) {
  await user.click(screen.getByRole('button', { name: 'Reload' }));
  expect(await within(failedCard()).findByRole('status')).toHaveTextContent(STILL_UNREACHABLE);
}

describe('a page that could not load', () => {
  beforeEach(() => {
    jest.mocked(loadPage).mockClear();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('whose data could not load: the error page says so in place while the server is down, then Reload loads that page', async () => {
    const { user, router } = await renderWithProviders({ route: '/bookmark', authAs: DEMO_CREDENTIALS });
    serverDown();
    void router.navigate('/explore');
    expect(await screen.findByRole('heading', { name: "Can't reach SocialConnect" })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/error');

    await reloadWhileDown(user);
    await user.click(screen.getByRole('link', { name: 'Back to Home' }));
    expect(await within(failedCard()).findByRole('status')).toHaveTextContent(STILL_UNREACHABLE);
    expect(currentPath(router)).toBe('/error');
    expect(loadPage).not.toHaveBeenCalled();

    serverBack();
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    // The page that failed, not /error.
    await waitFor(() => expect(loadPage).toHaveBeenCalledWith('/explore'));
  });

  it.each([
    ['button', 'Reload'],
    ['link', 'Back to Home'],
  ] as const)('the error page opened by itself goes home once the server is back (%s %s)', async (role, name) => {
    const { user } = await renderWithProviders({ route: '/error' });
    serverBack();
    await user.click(screen.getByRole(role, { name }));
    await waitFor(() => expect(loadPage).toHaveBeenCalledWith('/'));
  });

  it('whose code could not load: the same screen, and Reload loads that page again once the server answers', async () => {
    const { user, router } = await renderWithProviders({ route: '/explore', authAs: DEMO_CREDENTIALS });
    await screen.findByRole('feed', { name: 'Explore' });
    serverDown();
    void router.navigate('/users/u-liam-chen?tab=posts');
    expect(await screen.findByRole('heading', { name: 'This page could not load' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/users/u-liam-chen');

    await reloadWhileDown(user);
    expect(loadPage).not.toHaveBeenCalled();

    serverBack();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(loadPage).toHaveBeenCalledWith('/users/u-liam-chen?tab=posts'));
  });

  it('says the server is still down again on each press, for a screen reader to read out again', async () => {
    const { user } = await renderWithProviders({ route: '/error' });
    serverDown();
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    const first = await within(failedCard()).findByRole('status');
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(first).not.toBeInTheDocument());
    expect(within(failedCard()).getByRole('status')).toHaveTextContent(STILL_UNREACHABLE);
  });

  it('counts a server error as down, and only the page and the API answering as back', async () => {
    const { user } = await renderWithProviders({ route: '/error' });
    serverBack();
    server.use(http.get('http://localhost/api/health', () => HttpResponse.json({ ok: false }, { status: 503 })));
    await reloadWhileDown(user);
    expect(loadPage).not.toHaveBeenCalled();
  });
});
