import { act, screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { server, TEST_API_BASE } from '../../../mocks/testing/node';
import { currentPath, renderWithProviders, topBar } from '../../test/renderWithProviders';
import { DEMO_CREDENTIALS } from '../../../contract/seed/default';
import { TOKEN_STORAGE_KEY } from '../../features/auth/tokenStorage';
import { loaderShown } from '../../features/ui/uiSlice';
import { LOADER_SAFETY_MS } from './LoaderOverlay';
import { showsMemberTools } from './TopBar';
import { emulatePhone } from '../../test/viewport';
import { articlesOf, findFeed } from '../../test/posts';
import { getMockDb } from '../../../mocks/testing/node';
import { DEMO_USER_ID } from '../../../contract/seed/default';

const banner = () => topBar();

describe('Top bar', () => {
  it.each(['/login', '/signup', '/error'])('shows only the brand on %s', async (route) => {
    await renderWithProviders({ route, authAs: route === '/error' ? DEMO_CREDENTIALS : undefined });
    await screen.findByRole('heading', { level: 1 });
    expect(within(banner()).getByRole('link', { name: 'SocialConnect' })).toHaveAttribute('href', '/');
    expect(within(banner()).queryByRole('searchbox')).not.toBeInTheDocument();
    expect(within(banner()).queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('shows the people search and Logout to a member elsewhere', async () => {
    await renderWithProviders({ route: '/explore', authAs: DEMO_CREDENTIALS });
    await screen.findByRole('heading', { name: 'Explore' });
    expect(await within(banner()).findByRole('searchbox', { name: 'Search People' })).toHaveAttribute('placeholder', 'Search People...');
    expect(within(banner()).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('decides where the member tools show', () => {
    expect(showsMemberTools('/', true)).toBe(true);
    expect(showsMemberTools('/users/u-1', true)).toBe(true);
    expect(showsMemberTools('/login/', true)).toBe(false);
    expect(showsMemberTools('/error', true)).toBe(false);
    expect(showsMemberTools('/nowhere', false)).toBe(false);
  });

  it('offers a link that skips to the page content', async () => {
    await renderWithProviders({ route: '/login' });
    await screen.findByRole('heading', { name: 'Login' });
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main-content');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
  });
});

describe('Logout', () => {
  it('ends the session from the top bar: toast, /login, token gone', async () => {
    const { user, router, store } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).not.toBeNull();
    await user.click(within(banner()).getByRole('button', { name: 'Logout' }));

    expect(await screen.findByText('Logged Out Successfully!')).toBeInTheDocument();
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(store.getState().session).toEqual({ token: null, userId: null, endedBySystem: false });
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(within(banner()).queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('ends the token on the backend too: a call with the old token is refused', async () => {
    const { user, router } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    const oldToken = window.localStorage.getItem(TOKEN_STORAGE_KEY) ?? '';
    await user.click(within(banner()).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    await waitFor(async () => {
      const answer = await fetch(`${TEST_API_BASE}/users/bookmark`, { headers: { authorization: oldToken } });
      expect(answer.status).toBe(401);
    });
  });

  it('logs out on this device even when the backend cannot be reached', async () => {
    server.use(http.post(`${TEST_API_BASE}/auth/logout`, () => HttpResponse.error()));
    const { user, router } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    await user.click(within(banner()).getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Logged Out Successfully!')).toBeInTheDocument();
    await act(() => delay(50));
    expect(currentPath(router)).toBe('/login');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('goes to /login, not /error, when calls are still under way', async () => {
    // Slow answers: they are still under way when the member logs out, and the cache reset cancels them.
    server.use(http.get(`${TEST_API_BASE}/*`, async () => {
      await delay(300);
    }));
    const { user, router } = await renderWithProviders({ route: '/explore', authAs: DEMO_CREDENTIALS });
    await user.click(within(banner()).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    await act(() => delay(400));
    expect(currentPath(router)).toBe('/login');
    // A plain /login: whoever logs in next starts at home.
    expect(router.state.location.state).toBeNull();
  });

  it('keeps a like given just before: the backend stores it, then ends the token', async () => {
    const answered: string[] = [];
    // The like is answered only once the member has pressed Logout, however slow the machine: were
    // it answered before, its toast would rightly show before the member left.
    let logoutPressed = (): void => undefined;
    const pressed = new Promise<void>((resolve) => {
      logoutPressed = resolve;
    });
    server.use(
      http.post(`${TEST_API_BASE}/posts/like/:postId`, async () => {
        await pressed;
        await delay(100);
        answered.push('like');
      }),
      http.post(`${TEST_API_BASE}/auth/logout`, () => {
        answered.push('logout');
      }),
    );
    const { user, router } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    const card = articlesOf(await findFeed('Latest Posts'))[0]!;
    const postId = card.dataset.postId ?? '';
    const likedBefore = getMockDb().posts.get(postId)?.likedBy.includes(DEMO_USER_ID);
    await user.click(within(card).getByRole('button', { name: /^Like, / }));
    await user.click(within(banner()).getByRole('button', { name: 'Logout' }));
    logoutPressed();
    await waitFor(() => expect(currentPath(router)).toBe('/login'));

    await waitFor(() => expect(answered).toEqual(['like', 'logout']));
    expect(getMockDb().posts.get(postId)?.likedBy.includes(DEMO_USER_ID)).toBe(!likedBefore);
    // Nothing is said of the like on /login: the member left it behind, and it did not fail.
    expect(screen.getAllByRole('alert').map((toast) => toast.textContent)).toEqual(['Logged Out Successfully!']);
  });

  it('ends the session from the phone bottom navigation', async () => {
    const undo = emulatePhone();
    try {
      const { user, router } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
      const mobile = await screen.findByRole('navigation', { name: 'Mobile' });
      // On phones the top bar keeps the search, and Logout moves to the bottom navigation.
      expect(within(banner()).queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
      await user.click(within(mobile).getByRole('button', { name: 'Logout' }));
      expect(await screen.findByText('Logged Out Successfully!')).toBeInTheDocument();
      await waitFor(() => expect(currentPath(router)).toBe('/login'));
      expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    } finally {
      undo();
    }
  });
});

describe('Loader overlay', () => {
  afterEach(() => jest.useRealTimers());

  it('shows while the flag is set and lifts itself if no screen turns it off', async () => {
    jest.useFakeTimers({ advanceTimers: 1 });
    const { store } = await renderWithProviders({ route: '/login' });
    await screen.findByRole('heading', { name: 'Login' });
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();

    act(() => {
      store.dispatch(loaderShown());
    });
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(LOADER_SAFETY_MS));
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
    expect(store.getState().ui.showLoader).toBe(false);
  });
});

describe('Toasts', () => {
  it('are announced to screen readers', async () => {
    const { user } = await renderWithProviders({ route: '/login' });
    await screen.findByRole('heading', { name: 'Login' });
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please Fill All Credentials!');
  });
});
