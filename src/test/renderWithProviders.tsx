import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { routes } from '../app/routes';
import { makeStore, type AppStore } from '../app/store';
import { absoluteApiBase } from '../config/env';
import { restoreSessionState } from '../features/auth/restoreSession';
import { sessionRestored, userLoggedIn } from '../features/auth/sessionSlice';
import type { LoginResponse } from '../types/api';

export interface Credentials {
  username: string;
  password: string;
  /** A second factor's code, where the member has two-factor sign-in on. */
  code?: string;
}

export interface RenderOptions {
  /** The URL the member opens, or the history entry (with its state: a window it had open, kept through a reload). */
  route?: string | { pathname: string; state?: unknown };
  /** Log in first, through the real login call of the stand-in backend. */
  authAs?: Credentials;
  /**
   * As after a reload: the session holds the token and the member's id alone, and their record is
   * fetched as the app starts (`authAs` gives the login answer's record at once).
   */
  reloadedAs?: Credentials;
}

/** Logs in through the backend and returns the answer, as the login screen would. */
export async function loginThroughApi({ username, password, code }: Credentials): Promise<LoginResponse> {
  const response = await fetch(`${absoluteApiBase()}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, code }),
  });
  if (!response.ok) throw new Error(`Test login as ${username} failed with ${response.status}`);
  return (await response.json()) as LoginResponse;
}

/**
 * Renders the whole app (all routes, store, toasts) at `route`, optionally logged in, the way a member
 * would meet it. Returns the store, the router and a user-event instance.
 */
export async function renderWithProviders({ route = '/', authAs, reloadedAs }: RenderOptions = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [route] });
  const store: AppStore = makeStore({ router });
  if (authAs) {
    const { encodedToken, foundUser } = await loginThroughApi(authAs);
    store.dispatch(userLoggedIn({ token: encodedToken, user: foundUser }));
  }
  if (reloadedAs) {
    const { encodedToken, foundUser } = await loginThroughApi(reloadedAs);
    store.dispatch(sessionRestored({ token: encodedToken, userId: foundUser._id }));
  }
  const user = userEvent.setup();
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...view, store, router, user, screen };
}

/**
 * Opens the app the way a reload does: the store starts from the token in localStorage
 * (restoreSessionState), not from a fresh login.
 */
export function renderAfterReload(route: string) {
  const router = createMemoryRouter(routes, { initialEntries: [route] });
  const store = makeStore({ router, preloadedState: restoreSessionState() });
  const user = userEvent.setup();
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...view, router, store, user };
}

/** The path the member is on now. */
export function currentPath(router: { state: { location: { pathname: string } } }): string {
  return router.state.location.pathname;
}

/**
 * The top bar. Testing Library counts every <header> as a banner, a post card's too; a browser gives
 * that role only to a header outside articles, asides, main, nav and sections.
 */
export function topBar(): HTMLElement {
  const banners = screen.getAllByRole('banner').filter((element) => !element.closest('article, aside, main, nav, section'));
  if (banners.length !== 1) throw new Error(`Expected one top bar, found ${banners.length}`);
  return banners[0]!;
}
