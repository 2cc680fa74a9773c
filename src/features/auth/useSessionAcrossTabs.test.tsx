import { act, screen, waitFor, within } from '@testing-library/react';
import { tokenFor } from '../../../mocks/testing/node';
import { DEMO_CREDENTIALS, DEMO_USER_ID } from '../../../contract/seed/default';
import { currentPath, renderWithProviders, topBar } from '../../test/renderWithProviders';
import { initialSessionState, selectIsLoggedIn, sessionExpired, userLoggedOut } from './sessionSlice';
import { readStoredEndedByBackend, TOKEN_STORAGE_KEY, writeStoredToken } from './tokenStorage';
import { otherTabChange } from './useSessionAcrossTabs';
import { selectCurrentMember } from '../users/currentMember';

/**
 * What the browser does when another tab of the site changes the stored token (through the app's own
 * writer, which notes beside it whether the backend ended the session): the value changes in the
 * shared localStorage, and every other tab gets a `storage` event.
 */
function anotherTabStores(token: string | null, { key = TOKEN_STORAGE_KEY, endedByBackend = false }: { key?: string; endedByBackend?: boolean | 'suspended' } = {}) {
  act(() => {
    const oldValue = window.localStorage.getItem(key);
    if (key === TOKEN_STORAGE_KEY) writeStoredToken(token, { endedByBackend });
    else if (token === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, token);
    window.dispatchEvent(new StorageEvent('storage', { key, oldValue, newValue: token, storageArea: window.localStorage }));
  });
}

const mainNav = () => screen.findByRole('navigation', { name: 'Main' });

describe('one member, every tab', () => {
  it('logging out in another tab ends the session here, says so on /login, and logging in again comes back', async () => {
    const { router, store, user } = await renderWithProviders({ route: '/bookmark?view=all#top', authAs: DEMO_CREDENTIALS });
    await screen.findByRole('feed', { name: 'Bookmarks' });

    anotherTabStores(null);

    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('You logged out in another tab');
    expect(within(topBar()).queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    expect(selectIsLoggedIn(store.getState())).toBe(false);

    await user.type(screen.getByLabelText('Username'), DEMO_CREDENTIALS.username);
    await user.type(screen.getByLabelText('Password'), DEMO_CREDENTIALS.password);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(currentPath(router)).toBe('/bookmark'));
    expect(router.state.location).toMatchObject({ search: '?view=all', hash: '#top' });
    expect(await screen.findByRole('feed', { name: 'Bookmarks' })).toBeInTheDocument();
  });

  it('a session the backend ended in another tab is said to have ended, not logged out', async () => {
    const { router } = await renderWithProviders({ route: '/explore', authAs: DEMO_CREDENTIALS });
    await screen.findByRole('feed', { name: 'Explore' });

    anotherTabStores(null, { endedByBackend: true });

    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your session has ended. Please log in again.');
    expect(screen.queryByText('You logged out in another tab')).not.toBeInTheDocument();
  });

  it('a session another tab heard was ended by a suspension says the account is suspended', async () => {
    const { router } = await renderWithProviders({ route: '/explore', authAs: DEMO_CREDENTIALS });
    await screen.findByRole('feed', { name: 'Explore' });

    anotherTabStores(null, { endedByBackend: 'suspended' });

    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    expect(await screen.findByRole('alert')).toHaveTextContent("This account is suspended by the network's moderators and cannot log in.");
    expect(screen.queryByText('Your session has ended. Please log in again.')).not.toBeInTheDocument();
  });

  it('logging in in another tab logs this tab in, and the login screen moves on to the page wanted', async () => {
    const { router, store } = await renderWithProviders({ route: '/bookmark' });
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    await screen.findByRole('heading', { name: 'Login' });

    anotherTabStores(await act(() => tokenFor(DEMO_CREDENTIALS.username)));

    await waitFor(() => expect(currentPath(router)).toBe('/bookmark'));
    expect(await screen.findByRole('feed', { name: 'Bookmarks' })).toBeInTheDocument();
    expect(await within(await mainNav()).findByRole('link', { name: 'Ava Reed @demo_user' })).toBeInTheDocument();
    expect(store.getState().session.userId).toBe(DEMO_USER_ID);
  });

  it('a login elsewhere as another member replaces this one: home, their name, nothing of the previous member', async () => {
    const { router, store } = await renderWithProviders({ route: '/users/u-ava-reed', authAs: DEMO_CREDENTIALS });
    await screen.findByRole('feed', { name: 'Posts by Ava Reed' });

    // In act: the app may hear of the login (its live stream, its store) while it is answered.
    anotherTabStores(await act(() => tokenFor('liam_chen')));

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
    // In act: the page's own answers still coming land meanwhile.
    const renewed = await act(() => tokenFor(DEMO_CREDENTIALS.username));
    expect(renewed).not.toBe(store.getState().session.token);

    anotherTabStores(renewed);

    expect(store.getState().session.token).toBe(renewed);
    expect(selectCurrentMember(store.getState())?.username).toBe('demo_user');
    expect(currentPath(router)).toBe('/explore');
  });

  it('ignores changes of other keys', async () => {
    const { router, store } = await renderWithProviders({ route: '/explore', authAs: DEMO_CREDENTIALS });
    await screen.findByRole('feed', { name: 'Explore' });
    anotherTabStores('something else', { key: 'socialconnect.other' });
    expect(selectIsLoggedIn(store.getState())).toBe(true);
    expect(currentPath(router)).toBe('/explore');
  });
});

describe('what this tab tells the others when its session ends', () => {
  it('that the backend ended it, or that the member logged out', async () => {
    const { store } = await renderWithProviders({ route: '/explore', authAs: DEMO_CREDENTIALS });
    await screen.findByRole('feed', { name: 'Explore' });
    act(() => {
      store.dispatch(sessionExpired());
    });
    expect(readStoredEndedByBackend()).toBe(true);
    act(() => {
      store.dispatch(userLoggedOut());
    });
    expect(readStoredEndedByBackend()).toBe(false);
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
