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

describe('Your account: devices', () => {
  it('lists this device first, then the others, last active first, each with Log out', async () => {
    arrangeDevice('phone', FIREFOX_ON_ANDROID, '2026-06-02T10:00:00.000Z');
    arrangeDevice('tablet', SAFARI_ON_IPHONE, '2026-06-03T10:00:00.000Z');
    await renderWithProviders({ route: '/settings/account', authAs: DEMO_CREDENTIALS });

    expect(await screen.findByRole('heading', { name: 'Your account', level: 1 })).toBeInTheDocument();
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
    await waitFor(() => expect(document.title).toBe('SocialConnect | Your account'));
  });

  it('logs one device out: it leaves the list, a toast says so, and the focus goes to the next', async () => {
    arrangeDevice('phone', FIREFOX_ON_ANDROID, '2026-06-02T10:00:00.000Z');
    arrangeDevice('tablet', SAFARI_ON_IPHONE, '2026-06-03T10:00:00.000Z');
    const { user } = await renderWithProviders({ route: '/settings/account', authAs: DEMO_CREDENTIALS });
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
    const { user } = await renderWithProviders({ route: '/settings/account', authAs: DEMO_CREDENTIALS });
    const list = await deviceList();
    getMockDb().sessions.delete('phone');

    await user.click(within(list).getByRole('button', { name: /^Log out Firefox on Android/ }));
    expect(await screen.findByText('This device is already logged out.')).toBeInTheDocument();
    await waitFor(() => expect(namesIn(list)).toEqual(['Unknown deviceThis device']));
  });

  it('logs out everywhere else and carries on here with a new token', async () => {
    arrangeDevice('phone', FIREFOX_ON_ANDROID, '2026-06-02T10:00:00.000Z');
    arrangeDevice('tablet', SAFARI_ON_IPHONE, '2026-06-03T10:00:00.000Z');
    const { user, router } = await renderWithProviders({ route: '/settings/account', authAs: DEMO_CREDENTIALS });
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
    await user.click(await screen.findByRole('link', { name: 'Your account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/account'));
    expect(await deviceList()).toBeInTheDocument();
  });

  it('says the network lists no devices when its backend does not', async () => {
    server.use(http.get(`${API}/health`, () => HttpResponse.json({ status: 'ok', extensions: API_EXTENSIONS.filter((name) => name !== 'accounts') })));
    await renderWithProviders({ route: '/settings/account', authAs: DEMO_CREDENTIALS });
    expect(await screen.findByText('This network does not list the devices you are logged in on.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Your account' })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Devices logged in' })).not.toBeInTheDocument();
  });
});

describe('Your account: the email address', () => {
  const emailField = () => screen.getByRole('textbox', { name: 'Email Address' });
  const confirmLinks = () => getMockDb().inbox.filter((mail) => mail.link.includes('/confirm-email#'));

  it('adds an address, says a link went to it, sends it again, and the link confirms it', async () => {
    const { user, router } = await renderWithProviders({ route: '/settings/account', authAs: DEMO_CREDENTIALS });
    expect(await screen.findByText('No address yet: without one, a forgotten password cannot be set again.')).toBeInTheDocument();

    // Not an address: said under the field, nothing sent, the text kept.
    await user.type(emailField(), 'ava at example');
    await user.click(screen.getByRole('button', { name: 'Save the address' }));
    expect(await screen.findByText('Email address must look like name@example.com.')).toBeInTheDocument();
    expect(emailField()).toHaveAttribute('aria-invalid', 'true');
    expect(emailField()).toHaveValue('ava at example');
    expect(confirmLinks()).toHaveLength(0);

    await user.clear(emailField());
    await user.type(emailField(), 'ava@example.com');
    await user.click(screen.getByRole('button', { name: 'Save the address' }));
    expect(await screen.findByText('We sent a link to ava@example.com. Open it to confirm the address.')).toBeInTheDocument();
    expect(await screen.findByText('Not confirmed yet: open the link we mailed to it.')).toBeInTheDocument();
    expect(confirmLinks().map((mail) => mail.to)).toEqual(['ava@example.com']);
    await user.click(screen.getByRole('button', { name: 'Send the link again' }));
    await waitFor(() => expect(confirmLinks()).toHaveLength(2));

    const { hash } = new URL(confirmLinks()[1]!.link);
    await act(() => router.navigate(`/confirm-email${hash}`));
    expect(await screen.findByRole('heading', { name: 'Confirm your email address', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('Your email address is confirmed.')).toBeInTheDocument();
    await act(() => router.navigate('/settings/account'));
    expect(await screen.findByText('Confirmed.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send the link again' })).not.toBeInTheDocument();
  });

  it("says another account has the address, and keeps what was typed", async () => {
    const joined = await fetch(`${API}/auth/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ firstName: 'Sam', lastName: 'Rivera', username: 'sam_rivera', password: 'welcome123', email: 'sam@example.com' }) });
    expect(joined.status).toBe(201);
    const { user } = await renderWithProviders({ route: '/settings/account', authAs: DEMO_CREDENTIALS });
    await user.type(await screen.findByRole('textbox', { name: 'Email Address' }), 'SAM@example.com');
    await user.click(screen.getByRole('button', { name: 'Save the address' }));
    expect(await screen.findByText('An account already uses this email address. Log in, or reset its password.')).toBeInTheDocument();
    expect(emailField()).toHaveValue('SAM@example.com');
  });

  it('says a link used or made up confirms nothing', async () => {
    await renderWithProviders({ route: '/confirm-email#token=made-up' });
    const card = within(await screen.findByRole('region', { name: 'Confirm your email address' }));
    expect(await card.findByText('This link has expired, was already used, or is for another address. Send a new one from your account.')).toBeInTheDocument();
    expect(card.queryByText('Your email address is confirmed.')).not.toBeInTheDocument();
  });
});
