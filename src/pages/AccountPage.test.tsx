import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { strFromU8, unzipSync } from 'fflate';
import { http, HttpResponse } from 'msw';
import { getMockDb, server } from '../../mocks/testing/node';
import { API_EXTENSIONS } from '../../contract/api';
import type { SessionRow } from '../../contract/store';
import { DEMO_CREDENTIALS, DEMO_USER_ID } from '../../contract/seed/default';
import { TOKEN_STORAGE_KEY } from '../features/auth/tokenStorage';
import { paths } from '../config/paths';
import { renderWithProviders } from '../test/renderWithProviders';
import type { DataExport } from '../types/api';
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

describe('Your account: your data', () => {
  const publicDir = join(__dirname, '..', '..', 'public');
  /** The app's own images, as the web server that serves the app answers them. */
  const serveShippedImages = () => server.use(http.get('*/images/*', ({ request }) => HttpResponse.arrayBuffer(
    new Uint8Array(readFileSync(join(publicDir, new URL(request.url).pathname))).buffer, { headers: { 'content-type': 'image/jpeg' } },
  )));
  const fileField = () => screen.getByLabelText('Your data file (.zip)');

  /** The zips the page handed to the browser to save, by the name it gave each. */
  function catchDownloads(): Map<string, Blob> {
    const saved = new Map<string, Blob>();
    let last: Blob | undefined;
    URL.createObjectURL = jest.fn((blob: Blob) => {
      last = blob;
      return 'blob:http://localhost/data';
    });
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      if (last) saved.set(this.download, last);
    });
    return saved;
  }
  afterEach(() => jest.restoreAllMocks());

  /** demo_user's zip, downloaded from the page. */
  async function downloadAsDemo(): Promise<{ name: string; zip: Uint8Array }> {
    const saved = catchDownloads();
    const { user } = await renderWithProviders({ route: '/settings/account', authAs: DEMO_CREDENTIALS });
    await user.click(await screen.findByRole('button', { name: 'Download your data' }));
    const status = await screen.findByText(/^Your data is saved as socialconnect-demo_user-\d{4}-\d{2}-\d{2}\.zip\.$/);
    const [name, blob] = [...saved][0]!;
    expect(status).toHaveTextContent(name);
    return { name, zip: new Uint8Array(await blob.arrayBuffer()) };
  }

  async function signUpSam(): Promise<void> {
    const joined = await fetch(`${API}/auth/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ firstName: 'Sam', lastName: 'Rivera', username: 'sam_rivera', password: 'welcome123' }) });
    expect(joined.status).toBe(201);
  }

  it('downloads one zip with the posts as JSON and CSV, the images, and what was followed', async () => {
    serveShippedImages();
    const { name, zip } = await downloadAsDemo();
    const today = new Date();
    expect(name).toBe(`socialconnect-demo_user-${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}.zip`);
    const files = unzipSync(zip);
    const data = JSON.parse(strFromU8(files['data.json']!)) as DataExport;
    const ava = [...getMockDb().posts.values()].filter((post) => post.authorId === DEMO_USER_ID);
    expect(data.posts).toHaveLength(ava.length);
    expect(strFromU8(files['posts.csv']!).split('\r\n')[0]).toBe('id,createdAt,editedAt,content,warning,image,imageAlt,moreImages');
    expect(files['images/avatar.jpg']).toEqual(new Uint8Array(readFileSync(join(publicDir, 'images/avatars/ava-reed.jpg'))));
    const pictures = new Set(ava.map((post) => post.postImage).filter((image) => image !== ''));
    expect(Object.keys(files).filter((file) => /^images\/post-\d{4}\.jpg$/.test(file))).toHaveLength(pictures.size);
    expect(strFromU8(files['follows.csv']!)).toContain('liam_chen,Liam,Chen');
    expect(screen.queryByText(/could not be fetched/)).not.toBeInTheDocument();
  });

  it('says so and names nothing saved when the data cannot be gathered, and works on the next press', async () => {
    serveShippedImages();
    const saved = catchDownloads();
    server.use(http.get(`${API}/account/export`, () => HttpResponse.json({ errors: ['The service is unavailable right now. Please try again in a moment.'], code: 'service_unavailable' }, { status: 503 }), { once: true }));
    const { user } = await renderWithProviders({ route: '/settings/account', authAs: DEMO_CREDENTIALS });
    await user.click(await screen.findByRole('button', { name: 'Download your data' }));
    // Said beside the button (the app's toast may say why as well).
    expect(await screen.findByText('Your data could not be gathered. Check your connection and press Download your data again.')).toHaveAttribute('role', 'alert');
    expect(saved.size).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Download your data' }));
    expect(await screen.findByText(/^Your data is saved as /)).toBeInTheDocument();
    expect(saved.size).toBe(1);
  });

  it('imports a zip into a new account: a summary, and the posts on its profile', async () => {
    serveShippedImages();
    const { name, zip } = await downloadAsDemo();
    const exported = JSON.parse(strFromU8(unzipSync(zip)['data.json']!)) as DataExport;
    cleanup();
    await signUpSam();

    const { user, router } = await renderWithProviders({ route: '/settings/account', authAs: { username: 'sam_rivera', password: 'welcome123' } });
    await screen.findByRole('heading', { name: 'Your data', level: 2 });
    await user.upload(fileField(), new File([zip as Uint8Array<ArrayBuffer>], name, { type: 'application/zip' }));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText(`${exported.posts.length} posts imported, ${exported.following.length} follows made, 0 skipped.`)).toBeInTheDocument();
    // The seed's demo member has no replies, and bookmarks Maya's northern lights.
    expect(screen.getByText('Also 0 replies, 1 bookmark, 0 mutes and 0 blocks.')).toBeInTheDocument();

    const sam = [...getMockDb().users.values()].find((member) => member.username === 'sam_rivera')!;
    await act(() => router.navigate(paths.profile.href(sam.id)));
    for (const post of exported.posts) expect(await screen.findByText(post.content)).toBeInTheDocument();
  });

  it('refuses an account that already posted, and a file that is no export, keeping the file chosen', async () => {
    serveShippedImages();
    const { name, zip } = await downloadAsDemo();
    cleanup();
    const { user } = await renderWithProviders({ route: '/settings/account', authAs: DEMO_CREDENTIALS });
    await screen.findByRole('heading', { name: 'Your data', level: 2 });

    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose the zip file first.');

    await user.upload(fileField(), new File(['just some notes'], 'notes.zip', { type: 'application/zip' }));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This file is not a SocialConnect data export. Choose the zip file you downloaded from Your data.');

    const archive = new File([zip as Uint8Array<ArrayBuffer>], name, { type: 'application/zip' });
    await user.upload(fileField(), archive);
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Nothing was imported: This account already has posts or replies. Import into a new account, right after signing up. The file is still chosen: try again when you are ready.',
    );
    expect((fileField() as HTMLInputElement).files?.[0]).toBe(archive);
    expect(fileField()).toHaveAttribute('aria-invalid', 'true');
  });
});
