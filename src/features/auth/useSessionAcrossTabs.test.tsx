import { act, screen, waitFor, within } from '@testing-library/react';
import { tokenFor } from '../../../mocks/testing/node';
import { DEMO_CREDENTIALS, DEMO_USER_ID } from '../../../contract/seed/default';
import { currentPath, renderWithProviders, topBar } from '../../test/renderWithProviders';
import { initialSessionState, selectIsLoggedIn } from './sessionSlice';
import { TOKEN_STORAGE_KEY } from './tokenStorage';
import { otherTabChange } from './useSessionAcrossTabs';
import { selectCurrentMember } from '../users/currentMember';

/**
 * What the browser does when another tab of the site changes the stored token: the value changes in
 * the shared localStorage, and every other tab gets a `storage` event.
 */
function anotherTabStores(token: string | null, key = TOKEN_STORAGE_KEY) {
  act(() => {
    const oldValue = window.localStorage.getItem(key);
    if (token === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, token);
    window.dispatchEvent(new StorageEvent('storage', { key, oldValue, newValue: token, storageArea: window.localStorage }));
  });
}

const mainNav = () => screen.findByRole('navigation', { name: 'Main' });

describe('one member, every tab', () => {
  it('logging out in another tab ends the session here and leaves the protected page for /login', async () => {
    const { router, store } = await renderWithProviders({ route: '/bookmark', authAs: DEMO_CREDENTIALS });
    await screen.findByRole('feed', { name: 'Bookmarks' });

    anotherTabStores(null);

    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(within(topBar()).queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    expect(selectIsLoggedIn(store.getState())).toBe(false);
    // A plain /login, as after logging out here: the next login starts at home.
    expect(router.state.location.state).toBeNull();
  });

  it('logging in in another tab logs this tab in, and the login screen moves on to the page wanted', async () => {
    const { router, store } = await renderWithProviders({ route: '/bookmark' });
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    await screen.findByRole('heading', { name: 'Login' });

    anotherTabStores(await tokenFor(DEMO_CREDENTIALS.username));

    await waitFor(() => expect(currentPath(router)).toBe('/bookmark'));
    expect(await screen.findByRole('feed', { name: 'Bookmarks' })).toBeInTheDocument();
    expect(await within(await mainNav()).findByRole('link', { name: 'Ava Reed @demo_user' })).toBeInTheDocument();
    expect(store.getState().session.userId).toBe(DEMO_USER_ID);
  });

  it('a login elsewhere as another member replaces this one: home, their name, nothing of the previous member', async () => {
    const { router, store } = await renderWithProviders({ route: '/users/u-ava-reed', authAs: DEMO_CREDENTIALS });
    await screen.findByRole('feed', { name: 'Posts by Ava Reed' });

    anotherTabStores(await tokenFor('liam_chen'));

    await waitFor(() => expect(currentPath(router)).toBe('/'));
    expect(await within(await mainNav()).findByRole('link', { name: 'Liam Chen @liam_chen' })).toBeInTheDocument();
    await screen.findByRole('feed', { name: 'Latest Posts' });
    expect(selectCurrentMember(store.getState())?.username).toBe('liam_chen');
    // The stored token stays the new member's, so the other tab stays logged in too.
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(store.getState().session.token);
  });

  it("takes a renewed token for the same member (another tab's password change) and stays on the page", async () => {
    const { router, store } = await renderWithProviders({ route: '/explore', authAs: DEMO_CREDENTIALS });
    await screen.findByRole('feed', { name: 'Explore' });
    const renewed = await tokenFor(DEMO_CREDENTIALS.username);
    expect(renewed).not.toBe(store.getState().session.token);

    anotherTabStores(renewed);

    expect(store.getState().session.token).toBe(renewed);
    expect(selectCurrentMember(store.getState())?.username).toBe('demo_user');
    expect(currentPath(router)).toBe('/explore');
  });

  it('ignores changes of other keys', async () => {
    const { router, store } = await renderWithProviders({ route: '/explore', authAs: DEMO_CREDENTIALS });
    await screen.findByRole('feed', { name: 'Explore' });
    anotherTabStores('something else', 'socialconnect.other');
    expect(selectIsLoggedIn(store.getState())).toBe(true);
    expect(currentPath(router)).toBe('/explore');
  });
});

describe('otherTabChange', () => {
  const loggedIn = { ...initialSessionState, token: 'old', userId: DEMO_USER_ID };

  it('reads what another tab did from the stored token', async () => {
    const demo = await tokenFor(DEMO_CREDENTIALS.username);
    const liam = await tokenFor('liam_chen');
    expect(otherTabChange(loggedIn, 'old')).toEqual({ kind: 'none' });
    expect(otherTabChange(loggedIn, null)).toEqual({ kind: 'loggedOut' });
    expect(otherTabChange(loggedIn, 'not a token')).toEqual({ kind: 'loggedOut' });
    expect(otherTabChange(initialSessionState, null)).toEqual({ kind: 'none' });
    expect(otherTabChange(initialSessionState, 'not a token')).toEqual({ kind: 'none' });
    expect(otherTabChange(loggedIn, demo)).toEqual({ kind: 'renewed', token: demo });
    expect(otherTabChange(loggedIn, liam)).toMatchObject({ kind: 'loggedIn', replacesMember: true, session: { token: liam } });
    expect(otherTabChange(initialSessionState, demo)).toMatchObject({ kind: 'loggedIn', replacesMember: false, session: { userId: DEMO_USER_ID } });
  });
});
