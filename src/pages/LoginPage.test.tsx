import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { currentPath, renderAfterReload, renderWithProviders, topBar } from '../test/renderWithProviders';
import { server, TEST_API_BASE, useScenario } from '../../mocks/testing/node';
import { DEMO_CREDENTIALS } from '../../contract/seed/default';
import { ERROR_CODES, MESSAGES } from '../../contract/messages';
import { TIMINGS } from '../config/timings';
import { TOKEN_STORAGE_KEY, writeStoredToken } from '../features/auth/tokenStorage';
import { selectCurrentMember } from '../features/users/currentMember';
import { selectIsLoggedIn } from '../features/auth/sessionSlice';
import { waitForBackend } from '../lib/api/backendReady';
import { sampleAndShown } from '../test/sampleFields';
import { BACKEND_NOT_STARTED } from '../lib/apiError';
import { activateLanguage } from '../i18n/firstWords';

// Where the spec waits a second before the redirect, the clock is faked (it still runs on its own)
// and the test skips the wait instead of sitting through it.
afterEach(() => jest.useRealTimers());
const fakeClock = () => jest.useFakeTimers({ advanceTimers: 1 });

/** Lets the redirect delay after logging in pass. */
function skipRedirectDelay() {
  act(() => jest.advanceTimersByTime(TIMINGS.redirectAfterLoginMs));
}

async function fillLogin(user: Awaited<ReturnType<typeof renderWithProviders>>['user'], username: string, password: string) {
  if (username) await user.type(screen.getByLabelText('Username'), username);
  if (password) await user.type(screen.getByLabelText('Password'), password);
}

describe('Login', () => {
  it('logs the member in, says so, and takes them home after a second', async () => {
    fakeClock();
    const { user, router, store } = await renderWithProviders({ route: '/login' });
    expect(await screen.findByRole('heading', { name: 'Login', level: 1 })).toBeInTheDocument();
    expect(document.title).toBe('SocialConnect | Login');

    await fillLogin(user, DEMO_CREDENTIALS.username, DEMO_CREDENTIALS.password);
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Logged In Successfully!')).toBeInTheDocument();
    expect(selectIsLoggedIn(store.getState())).toBe(true);
    expect(selectCurrentMember(store.getState())?.username).toBe(DEMO_CREDENTIALS.username);
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(store.getState().session.token);
    // Still on /login during the redirect delay.
    act(() => jest.advanceTimersByTime(TIMINGS.redirectAfterLoginMs - 100));
    expect(currentPath(router)).toBe('/login');
    act(() => jest.advanceTimersByTime(100));
    await waitFor(() => expect(currentPath(router)).toBe('/'));
  });

  it('shows progress on Login while a slow backend answers, and the usual label for a quick one', async () => {
    const { user } = await renderWithProviders({ route: '/login' });
    await screen.findByRole('heading', { name: 'Login', level: 1 });
    // The label shows from 600 ms until the answer: a window wide enough for a busy machine to see.
    useScenario('slow', { slowDelayMs: 4000 });
    await fillLogin(user, DEMO_CREDENTIALS.username, DEMO_CREDENTIALS.password);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    // Not at once: a quick answer never flashes a spinner.
    expect(screen.getByRole('button', { name: 'Login' })).toBeDisabled();
    const progress = await screen.findByRole('button', { name: 'Logging in…' }, { timeout: 3500 });
    expect(progress).toBeDisabled();
    expect(await screen.findByText('Logged In Successfully!', undefined, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Logging in…' })).not.toBeInTheDocument();
  });

  it('asks for both fields and calls nothing when one is empty', async () => {
    let calls = 0;
    server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/auth/login')) calls += 1;
    });
    const { user, store } = await renderWithProviders({ route: '/login' });
    await screen.findByRole('heading', { name: 'Login' });

    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Please Fill All Credentials!')).toBeInTheDocument();

    await fillLogin(user, DEMO_CREDENTIALS.username, '');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(calls).toBe(0);
    expect(selectIsLoggedIn(store.getState())).toBe(false);
    server.events.removeAllListeners();
  });

  it("says 'Invalid Credentials!' for a wrong password, and keeps what was typed", async () => {
    const { user, router, store } = await renderWithProviders({ route: '/login' });
    await screen.findByRole('heading', { name: 'Login' });

    await fillLogin(user, DEMO_CREDENTIALS.username, 'not-my-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(/^Invalid Credentials!$/);
    expect(screen.queryByText(MESSAGES.invalidCredentials)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveValue(DEMO_CREDENTIALS.username);
    expect(screen.getByLabelText('Password')).toHaveValue('not-my-password');
    expect(selectIsLoggedIn(store.getState())).toBe(false);
    expect(currentPath(router)).toBe('/login');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled());
  });

  it("says the same 'Invalid Credentials!' for an unknown username, never that it does not exist", async () => {
    const { user } = await renderWithProviders({ route: '/login' });
    await screen.findByRole('heading', { name: 'Login' });
    await fillLogin(user, 'nobody_here', 'whatever123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Invalid Credentials!$/);
    expect(screen.queryByText(MESSAGES.userNotRegistered)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveValue('nobody_here');
  });

  it("reads a backend without codes by status: 401 and 404 are 'Invalid Credentials!'", async () => {
    server.use(http.post(`${TEST_API_BASE}/auth/login`, () => HttpResponse.json({ errors: ['No such account'] }, { status: 404 })));
    const { user } = await renderWithProviders({ route: '/login' });
    await screen.findByRole('heading', { name: 'Login' });
    await fillLogin(user, 'someone', 'whatever123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Invalid Credentials!$/);
    expect(screen.queryByText('No such account')).not.toBeInTheDocument();
  });

  it('keeps the backend words for other refusals (too many attempts)', async () => {
    server.use(
      http.post(`${TEST_API_BASE}/auth/login`, () =>
        HttpResponse.json({ errors: [MESSAGES.tooManyRequests], code: ERROR_CODES.tooManyRequests }, { status: 429 }),
      ),
    );
    const { user } = await renderWithProviders({ route: '/login' });
    await screen.findByRole('heading', { name: 'Login' });
    await fillLogin(user, DEMO_CREDENTIALS.username, DEMO_CREDENTIALS.password);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.tooManyRequests);
    expect(screen.queryByText('Invalid Credentials!')).not.toBeInTheDocument();
  });

  it("says 'Invalid Credentials!' when the answer carries no token", async () => {
    server.use(http.post(`${TEST_API_BASE}/auth/login`, () => HttpResponse.json({ foundUser: null }, { status: 200 })));
    const { user, router, store } = await renderWithProviders({ route: '/login' });
    await screen.findByRole('heading', { name: 'Login' });
    await fillLogin(user, DEMO_CREDENTIALS.username, DEMO_CREDENTIALS.password);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Invalid Credentials!')).toBeInTheDocument();
    expect(selectIsLoggedIn(store.getState())).toBe(false);
    expect(currentPath(router)).toBe('/login');
  });

  it('keeps the form and says so when the backend fails', async () => {
    server.use(http.post(`${TEST_API_BASE}/auth/login`, () => HttpResponse.json({ errors: [MESSAGES.serverError] }, { status: 500 })));
    const { user, router } = await renderWithProviders({ route: '/login' });
    await screen.findByRole('heading', { name: 'Login' });
    await fillLogin(user, DEMO_CREDENTIALS.username, DEMO_CREDENTIALS.password);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(`You were not logged in. ${MESSAGES.serverError}`)).toBeInTheDocument();
    expect(currentPath(router)).toBe('/login');
    expect(screen.getByLabelText('Username')).toHaveValue(DEMO_CREDENTIALS.username);
  });

  it('says so when the backend could not start in this browser, sends nothing, and keeps what was typed', async () => {
    const sent: string[] = [];
    const onRequest = ({ request }: { request: Request }) => sent.push(new URL(request.url).pathname);
    server.events.on('request:start', onRequest);
    waitForBackend(Promise.reject(new Error('This browser gives the page no service worker.')));
    try {
      const { user, router } = await renderWithProviders({ route: '/login' });
      await screen.findByRole('heading', { name: 'Login' });
      await fillLogin(user, DEMO_CREDENTIALS.username, DEMO_CREDENTIALS.password);
      await user.click(screen.getByRole('button', { name: 'Login' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(BACKEND_NOT_STARTED);
      // A second try says it again, once: no second toast while the first shows.
      await waitFor(() => expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled());
      await user.click(screen.getByRole('button', { name: 'Login' }));
      await waitFor(() => expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled());
      expect(screen.getAllByText(BACKEND_NOT_STARTED)).toHaveLength(1);
      expect(screen.getByLabelText('Username')).toHaveValue(DEMO_CREDENTIALS.username);
      expect(screen.getByLabelText('Password')).toHaveValue(DEMO_CREDENTIALS.password);
      expect(currentPath(router)).toBe('/login');
      expect(sent).toEqual([]);
    } finally {
      server.events.removeListener('request:start', onRequest);
      waitForBackend(Promise.resolve());
    }
  });

  it('fills the demo account with Fill Test Credentials', async () => {
    fakeClock();
    const { user, router } = await renderWithProviders({ route: '/login' });
    await screen.findByRole('heading', { name: 'Login' });
    const fill = screen.getByRole('button', { name: 'Fill Test Credentials' });
    await user.click(fill);
    expect(screen.getByLabelText('Username')).toHaveValue(DEMO_CREDENTIALS.username);
    expect(screen.getByLabelText('Password')).toHaveValue(DEMO_CREDENTIALS.password);
    expect(await screen.findByText('Test Credentials Filled!')).toBeInTheDocument();
    // The button carries the same values, for a press before the app has started.
    const { sample, shown } = sampleAndShown(fill);
    expect(Object.keys(sample)).toEqual(['username', 'password']);
    expect(shown).toEqual(sample);

    await user.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByText('Logged In Successfully!');
    skipRedirectDelay();
    await waitFor(() => expect(currentPath(router)).toBe('/'));
  });

  it('shows and hides the password', async () => {
    const { user } = await renderWithProviders({ route: '/login' });
    await screen.findByRole('heading', { name: 'Login' });
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('links to signup', async () => {
    const { user, router } = await renderWithProviders({ route: '/login' });
    await screen.findByRole('heading', { name: 'Login' });
    await user.click(screen.getByRole('link', { name: 'Create New Account?' }));
    await waitFor(() => expect(currentPath(router)).toBe('/signup'));
  });

  it('sends a visitor of a protected page to /login, and back there after logging in', async () => {
    fakeClock();
    const { user, router } = await renderWithProviders({ route: '/bookmark' });
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    await fillLogin(user, DEMO_CREDENTIALS.username, DEMO_CREDENTIALS.password);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByText('Logged In Successfully!');
    skipRedirectDelay();
    await waitFor(() => expect(currentPath(router)).toBe('/bookmark'));
    expect(await screen.findByRole('heading', { name: 'Bookmarks' })).toBeInTheDocument();
  });

  it('sends a member who is already logged in home', async () => {
    const { router } = await renderWithProviders({ route: '/login', authAs: DEMO_CREDENTIALS });
    await waitFor(() => expect(currentPath(router)).toBe('/'));
    expect(within(await screen.findByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Home' })).toBeInTheDocument();
  });
});

describe('In the member\'s language', () => {
  it('Polish: the page, its fields, a refusal and the welcome are in Polish, and what was typed stays', async () => {
    await activateLanguage('pl');
    const { user } = await renderWithProviders({ route: '/login' });
    await screen.findByRole('heading', { name: 'Logowanie', level: 1 });
    expect(document.title).toBe('SocialConnect | Logowanie');
    expect(screen.getByRole('link', { name: 'Utworzyć nowe konto?' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Zaloguj się' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Wypełnij wszystkie dane!$/);

    await user.type(screen.getByLabelText('Nazwa użytkownika'), DEMO_CREDENTIALS.username);
    await user.type(screen.getByLabelText('Hasło'), 'not-my-password');
    await user.click(screen.getByRole('button', { name: 'Pokaż hasło' }));
    expect(screen.getByLabelText('Hasło')).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Zaloguj się' }));
    expect(await screen.findByText('Nieprawidłowe dane logowania!')).toBeInTheDocument();
    expect(screen.getByLabelText('Nazwa użytkownika')).toHaveValue(DEMO_CREDENTIALS.username);

    await user.clear(screen.getByLabelText('Hasło'));
    await user.type(screen.getByLabelText('Hasło'), DEMO_CREDENTIALS.password);
    await user.click(screen.getByRole('button', { name: 'Zaloguj się' }));
    expect(await screen.findByText('Zalogowano pomyślnie!')).toBeInTheDocument();
  });

  it('Arabic: the page names itself and its fields in Arabic', async () => {
    await activateLanguage('ar');
    await renderWithProviders({ route: '/login' });
    expect(await screen.findByRole('heading', { name: 'تسجيل الدخول', level: 1 })).toBeInTheDocument();
    expect(screen.getByLabelText('اسم المستخدم')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'تخطَّ إلى المحتوى' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });
});

describe('When the backend ends the session', () => {
  const SESSION_ENDED = 'Your session has ended. Please log in again.';

  it('says so once on the login screen, and the member logs in again where they were', async () => {
    fakeClock();
    const { user, router } = await renderWithProviders({ route: '/explore', authAs: DEMO_CREDENTIALS });
    await screen.findByRole('feed', { name: 'Explore' });
    // Every call that needs the login is refused from now on: two fail together.
    useScenario('expired-session');
    const [first, second] = screen.getAllByRole('article');
    await user.click(within(first!).getByRole('button', { name: 'Bookmark' }));
    await user.click(within(second!).getByRole('button', { name: /^Like/ }));

    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    expect(await screen.findByRole('alert')).toHaveTextContent(SESSION_ENDED);
    expect(screen.getAllByText(SESSION_ENDED)).toHaveLength(1);
    expect(screen.queryByText(MESSAGES.tokenInvalid)).not.toBeInTheDocument();

    // Back to a backend that accepts the new token: the member logs in again.
    server.resetHandlers();
    await fillLogin(user, DEMO_CREDENTIALS.username, DEMO_CREDENTIALS.password);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByText('Logged In Successfully!');
    expect(screen.queryByText(SESSION_ENDED)).not.toBeInTheDocument();
    skipRedirectDelay();
    await waitFor(() => expect(currentPath(router)).not.toBe('/login'));
  });

  it('is not said again on the next visit to the login screen', async () => {
    const { user, router } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    await screen.findByRole('feed', { name: 'Latest Posts' });
    useScenario('expired-session');
    await user.click(within(screen.getAllByRole('article')[0]!).getByRole('button', { name: 'Bookmark' }));
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    expect(await screen.findByText(SESSION_ENDED)).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Create New Account?' }));
    await waitFor(() => expect(currentPath(router)).toBe('/signup'));
    await user.click(await screen.findByRole('link', { name: 'Already have an account?' }));
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    await screen.findByRole('heading', { name: 'Login' });
    expect(screen.queryByText(SESSION_ENDED)).not.toBeInTheDocument();
  });

  it('says so when the stored token has run out by the time the app opens', async () => {
    const claims = Buffer.from(JSON.stringify({ sub: 'u-ava-reed', username: 'demo_user', exp: 1 })).toString('base64url');
    writeStoredToken(`e30.${claims}.signature`);
    const { router } = renderAfterReload('/bookmark');
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    expect(await screen.findByRole('alert')).toHaveTextContent(SESSION_ENDED);
  });

  it('says nothing to a visitor who simply opens the login screen, or after logging out', async () => {
    const { user, router } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    await screen.findByRole('heading', { name: 'Latest Posts' });
    await user.click(within(topBar()).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    await screen.findByRole('heading', { name: 'Login' });
    expect(screen.queryByText(SESSION_ENDED)).not.toBeInTheDocument();
  });
});
