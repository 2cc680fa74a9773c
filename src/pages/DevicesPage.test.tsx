import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { getMockDb, server } from '../../mocks/testing/node';
import { API_EXTENSIONS } from '../../contract/api';
import type { SessionRow } from '../../contract/store';
import { DEMO_CREDENTIALS, DEMO_USER_ID } from '../../contract/seed/default';
import { TOKEN_STORAGE_KEY } from '../features/auth/tokenStorage';
import { renderWithProviders } from '../test/renderWithProviders';
import { API, findFeed } from '../test/posts';

const FIREFOX_ON_ANDROID = 'Mozilla/5.0 (Android 14; Mobile; rv:132.0) Gecko/132.0 Firefox/132.0';
const SAFARI_ON_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1';

/** Another device of the demo member's, as a login from it would have recorded it. */
function arrangeDevice(id: string, userAgent: string, lastSeenAt: string): void {
  const row: SessionRow = {
    id, memberId: DEMO_USER_ID, sessionVersion: 0, userAgent, address: '',
    createdAt: '2026-06-01T09:00:00.000Z', lastSeenAt, expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
  };
  getMockDb().sessions.set(id, row);
}

const deviceList = () => screen.findByRole('list', { name: 'Devices logged in' });
const namesIn = (list: HTMLElement) => within(list).getAllByRole('listitem').map((item) => item.querySelector('.device-list__name')?.textContent);

describe('Your devices', () => {
  it('lists this device first, then the others, last active first, each with Log out', async () => {
    arrangeDevice('phone', FIREFOX_ON_ANDROID, '2026-06-02T10:00:00.000Z');
    arrangeDevice('tablet', SAFARI_ON_IPHONE, '2026-06-03T10:00:00.000Z');
    await renderWithProviders({ route: '/settings/devices', authAs: DEMO_CREDENTIALS });

    expect(await screen.findByRole('heading', { name: 'Your devices', level: 1 })).toBeInTheDocument();
    const list = await deviceList();
    // The tests' fetch names no browser and no system.
    expect(namesIn(list)).toEqual(['Unknown deviceThis device', 'Safari on iOS', 'Firefox on Android']);
    expect(within(list).getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
      expect.stringMatching(/^Log out Safari on iOS, last active Jun 3, 2026 /),
      expect.stringMatching(/^Log out Firefox on Android, last active Jun 2, 2026 /),
    ]);
    expect(within(list).getAllByText('Logged in')).toHaveLength(3);
    expect(within(list).getAllByText('Last active')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Log out everywhere else' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('SocialConnect | Your devices'));
  });

  it('logs one device out: it leaves the list, a toast says so, and the focus goes to the next', async () => {
    arrangeDevice('phone', FIREFOX_ON_ANDROID, '2026-06-02T10:00:00.000Z');
    arrangeDevice('tablet', SAFARI_ON_IPHONE, '2026-06-03T10:00:00.000Z');
    const { user } = await renderWithProviders({ route: '/settings/devices', authAs: DEMO_CREDENTIALS });
    const list = await deviceList();

    await user.click(within(list).getByRole('button', { name: /^Log out Safari on iOS/ }));
    expect(await screen.findByText('Safari on iOS is logged out.')).toBeInTheDocument();
    await waitFor(() => expect(namesIn(list)).toEqual(['Unknown deviceThis device', 'Firefox on Android']));
    await waitFor(() => expect(within(list).getByRole('button', { name: /^Log out Firefox on Android/ })).toHaveFocus());
    expect(getMockDb().sessions.has('tablet')).toBe(false);
    expect(getMockDb().revokedTokens.has('tablet')).toBe(true);

    await user.click(within(list).getByRole('button', { name: /^Log out Firefox on Android/ }));
    const alone = await screen.findByText('No other device is logged in.');
    await waitFor(() => expect(alone).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Log out everywhere else' })).not.toBeInTheDocument();
  });

  it('says so, and shows the list as it is, when a device was already logged out elsewhere', async () => {
    arrangeDevice('phone', FIREFOX_ON_ANDROID, '2026-06-02T10:00:00.000Z');
    const { user } = await renderWithProviders({ route: '/settings/devices', authAs: DEMO_CREDENTIALS });
    const list = await deviceList();
    getMockDb().sessions.delete('phone');

    await user.click(within(list).getByRole('button', { name: /^Log out Firefox on Android/ }));
    expect(await screen.findByText('This device is already logged out.')).toBeInTheDocument();
    await waitFor(() => expect(namesIn(list)).toEqual(['Unknown deviceThis device']));
  });

  it('logs out everywhere else and carries on here with a new token', async () => {
    arrangeDevice('phone', FIREFOX_ON_ANDROID, '2026-06-02T10:00:00.000Z');
    arrangeDevice('tablet', SAFARI_ON_IPHONE, '2026-06-03T10:00:00.000Z');
    const { user, router } = await renderWithProviders({ route: '/settings/devices', authAs: DEMO_CREDENTIALS });
    const list = await deviceList();
    await waitFor(() => expect(localStorage.getItem(TOKEN_STORAGE_KEY)).not.toBeNull());
    const before = localStorage.getItem(TOKEN_STORAGE_KEY);

    await user.click(screen.getByRole('button', { name: 'Log out everywhere else' }));
    expect(await screen.findByText('Every other device is logged out.')).toBeInTheDocument();
    await waitFor(() => expect(namesIn(list)).toEqual(['Unknown deviceThis device']));
    await waitFor(() => expect(localStorage.getItem(TOKEN_STORAGE_KEY)).not.toBe(before));
    expect(getMockDb().users.get(DEMO_USER_ID)?.sessionVersion).toBe(1);
    // Still logged in here: the new token is the one the app sends.
    await act(() => router.navigate('/bookmark'));
    expect(await findFeed('Bookmarks')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/bookmark');
  });

  it('is linked from the side navigation', async () => {
    const { user, router } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    await user.click(await screen.findByRole('link', { name: 'Your devices' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/devices'));
    expect(await deviceList()).toBeInTheDocument();
  });

  it('says the network lists no devices when its backend does not', async () => {
    server.use(http.get(`${API}/health`, () => HttpResponse.json({ status: 'ok', extensions: API_EXTENSIONS.filter((name) => name !== 'accounts') })));
    await renderWithProviders({ route: '/settings/devices', authAs: DEMO_CREDENTIALS });
    expect(await screen.findByText('This network does not list the devices you are logged in on.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Your devices' })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Devices logged in' })).not.toBeInTheDocument();
  });
});
