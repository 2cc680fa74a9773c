import { act, screen, waitFor, within } from '@testing-library/react';
import { currentPath, renderAfterReload, renderWithProviders } from '../../test/renderWithProviders';
import { tokenFor, useScenario } from '../../../mocks/testing/node';
import { DEMO_CREDENTIALS, DEMO_USER_ID } from '../../../contract/seed/default';
import { TIMINGS } from '../../config/timings';
import { TOKEN_STORAGE_KEY } from '../../features/auth/tokenStorage';
import { emulatePhone } from '../../test/viewport';
import { selectCurrentMember } from '../../features/users/currentMember';
import { selectIsLoggedIn } from '../../features/auth/sessionSlice';
import { activateLanguage } from '../../i18n/i18n';

const mainNav = () => screen.findByRole('navigation', { name: 'Main' });

afterEach(() => jest.useRealTimers());

describe('Guard', () => {
  it('sends a visitor of a protected page to /login, keeping where they wanted to go', async () => {
    const { router } = await renderWithProviders({ route: '/explore?tab=new' });
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/explore', search: '?tab=new' } });
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
  });
});

describe('Side navigation', () => {
  it('links Home, Explore, Bookmark and the own Profile, and shows who is logged in', async () => {
    await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    const nav = within(await mainNav());
    expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('link', { name: 'Explore' })).toHaveAttribute('href', '/explore');
    expect(nav.getByRole('link', { name: 'Bookmark' })).toHaveAttribute('href', '/bookmark');
    expect(nav.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', `/users/${DEMO_USER_ID}`);

    const me = await nav.findByRole('link', { name: 'Ava Reed @demo_user' });
    expect(me).toHaveAttribute('href', `/users/${DEMO_USER_ID}`);
    expect(within(me).getByRole('img', { name: "Ava Reed's avatar", hidden: true })).toHaveAttribute('src', '/images/avatars/ava-reed.jpg');
  });

  it("speaks the member's language, and another at once when it is switched: nothing reloads", async () => {
    await activateLanguage('de');
    await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    const nav = within(await screen.findByRole('navigation', { name: 'Hauptmenü' }));
    expect(nav.getByRole('link', { name: 'Startseite' })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('link', { name: 'Lesezeichen' })).toHaveAttribute('href', '/bookmark');
    expect(nav.getByRole('button', { name: 'Neuen Beitrag erstellen' })).toBeInTheDocument();
    const theme = nav.getByRole('group', { name: 'Design' });
    expect(within(theme).getByRole('radio', { name: 'Dunkel' })).toBeInTheDocument();

    await act(() => activateLanguage('ar'));
    const arabic = within(screen.getByRole('navigation', { name: 'التنقل الرئيسي' }));
    expect(arabic.getByRole('link', { name: 'الرئيسية' })).toHaveAttribute('aria-current', 'page');
    expect(within(arabic.getByRole('group', { name: 'المظهر' })).getByRole('radio', { name: 'داكن' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'تسجيل الخروج' })).toBeInTheDocument();
  });

  it('turns the loader on for each navigation, and the page turns it off', async () => {
    jest.useFakeTimers({ advanceTimers: 1 });
    const { user, router, store } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    const nav = within(await mainNav());

    await user.click(nav.getByRole('link', { name: 'Explore' }));
    expect(store.getState().ui.showLoader).toBe(true);
    await waitFor(() => expect(currentPath(router)).toBe('/explore'));
    expect(await screen.findByRole('heading', { name: 'Explore' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(TIMINGS.loaderOffLongMs));
    await waitFor(() => expect(store.getState().ui.showLoader).toBe(false));

    // The page the member is on: no navigation, no loader.
    await user.click(nav.getByRole('link', { name: 'Explore' }));
    expect(store.getState().ui.showLoader).toBe(false);
  });

  it('opens the composer with Create New Post', async () => {
    const { user, router, store } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    const nav = within(await mainNav());
    await user.click(nav.getByRole('button', { name: 'Create New Post' }));
    expect(store.getState().ui.showLoader).toBe(true);
    await waitFor(() => expect(currentPath(router)).toBe('/createpost'));
  });

  it('opens the own profile from the member card', async () => {
    const { user, router } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    const nav = within(await mainNav());
    await user.click(await nav.findByRole('link', { name: 'Ava Reed @demo_user' }));
    await waitFor(() => expect(currentPath(router)).toBe(`/users/${DEMO_USER_ID}`));
  });

  it('shows the side panel beside the page on larger screens', async () => {
    await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    await mainNav();
    expect(screen.getByRole('complementary', { name: 'People' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
  });
});

describe('Bottom navigation (phones)', () => {
  it('replaces the side navigation and the panel, with named icon links', async () => {
    const undo = emulatePhone();
    try {
      const { user, router, store } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
      const mobile = within(await screen.findByRole('navigation', { name: 'Mobile' }));
      expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
      expect(screen.queryByRole('complementary', { name: 'People' })).not.toBeInTheDocument();
      expect(mobile.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
      expect(mobile.getByRole('link', { name: 'Explore' })).toHaveAttribute('href', '/explore');
      expect(mobile.getByRole('link', { name: 'Bookmark' })).toHaveAttribute('href', '/bookmark');
      expect(mobile.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', `/users/${DEMO_USER_ID}`);
      expect(mobile.getByRole('button', { name: 'Logout' })).toBeInTheDocument();

      await user.click(mobile.getByRole('link', { name: 'Bookmark' }));
      expect(store.getState().ui.showLoader).toBe(true);
      await waitFor(() => expect(currentPath(router)).toBe('/bookmark'));
    } finally {
      undo();
    }
  });
});

describe('Session after a reload', () => {
  it('keeps the member logged in with the stored token', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, await tokenFor(DEMO_CREDENTIALS.username));
    const { router, store } = renderAfterReload('/bookmark');
    expect(await screen.findByRole('heading', { name: 'Bookmarks' })).toBeInTheDocument();
    // The member's record arrives after the reload and fills the side navigation.
    expect(await within(await mainNav()).findByRole('link', { name: 'Ava Reed @demo_user' })).toBeInTheDocument();
    expect(selectCurrentMember(store.getState())?._id).toBe(DEMO_USER_ID);
    expect(currentPath(router)).toBe('/bookmark');
  });

  it('sends the member to /login when the backend no longer accepts the token', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, await tokenFor(DEMO_CREDENTIALS.username));
    useScenario('expired-session');
    const { router, store } = renderAfterReload('/explore');
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/explore' } });
    expect(selectIsLoggedIn(store.getState())).toBe(false);
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('sends the member to /login when the token was tampered with', async () => {
    const token = await tokenFor(DEMO_CREDENTIALS.username);
    const [header, payload] = token.split('.');
    window.localStorage.setItem(TOKEN_STORAGE_KEY, `${header}.${payload}.forged-signature`);
    const { router } = renderAfterReload('/');
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
  });

  it('starts as a visitor when the stored token cannot be read', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'garbage');
    const { router, store } = renderAfterReload('/');
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    expect(selectIsLoggedIn(store.getState())).toBe(false);
  });
});

describe('Focus on a new page', () => {
  it('moves to the page content after a navigation, so the next Tab starts there', async () => {
    const { user, router } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    const nav = within(await mainNav());
    await user.click(nav.getByRole('link', { name: 'Explore' }));

    await waitFor(() => expect(currentPath(router)).toBe('/explore'));
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
  });

  it('lands on the page content after logging in, instead of nowhere', async () => {
    const { user, router } = await renderWithProviders({ route: '/login' });
    await user.type(await screen.findByLabelText('Username'), DEMO_CREDENTIALS.username);
    await user.type(screen.getByLabelText('Password'), DEMO_CREDENTIALS.password);
    await user.click(screen.getByRole('button', { name: 'Login' }));

    await waitFor(() => expect(currentPath(router)).toBe('/'), { timeout: TIMINGS.redirectAfterLoginMs + 3000 });
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
  });
});
