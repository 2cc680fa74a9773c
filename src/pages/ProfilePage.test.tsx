import { pngBytes } from '../../contract/tests/fixtures';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { getMockDb, server, TEST_API_BASE, useScenario } from '../../mocks/testing/node';
import { MESSAGES } from '../../contract/messages';
import { DEMO_CREDENTIALS, SEED_USER_IDS } from '../../contract/seed/default';
import { NETWORK_MESSAGE } from '../lib/apiError';
import { loginThroughApi, renderWithProviders } from '../test/renderWithProviders';
import { watchGets } from '../test/posts';
import { activateLanguage } from '../i18n/i18n';

/** A real 1x1 PNG: the backend checks an avatar's content, not its name. */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const pngFile = () => new File([Buffer.from(PNG_BASE64, 'base64')], 'me.png', { type: 'image/png' });

const header = (name: string) => screen.getByRole('region', { name });

/** Replaces a field's text the quick way (select, paste), as a member pasting would. */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

async function openProfile(userId: string) {
  const view = await renderWithProviders({ route: `/users/${userId}`, authAs: DEMO_CREDENTIALS });
  await screen.findByRole('heading', { level: 1, name: /Reed|Chen|Patel|Kim|Martin/ });
  return view;
}

async function openEditDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(within(header('Ava Reed')).getByRole('button', { name: 'Edit Profile' }));
  return screen.getByRole('dialog', { name: 'Edit Profile' });
}

/** Opens the demo member's own profile and its Edit Profile panel. */
async function editOwnProfile() {
  const view = await openProfile(SEED_USER_IDS.ava);
  return { ...view, dialog: await openEditDialog(view.user) };
}

/** Records the profile edits that reach the backend. */
function watchEdits(): { count: () => number } {
  let edits = 0;
  const onRequest = ({ request }: { request: Request }) => {
    if (request.url.endsWith('/users/edit')) edits += 1;
  };
  server.events.on('request:start', onRequest);
  afterEachCleanups.push(() => server.events.removeListener('request:start', onRequest));
  return { count: () => edits };
}
const afterEachCleanups: Array<() => void> = [];
afterEach(() => {
  while (afterEachCleanups.length) afterEachCleanups.pop()?.();
});

describe('profile page', () => {
  it("shows the member's own profile: avatar, name, @username, bio, portfolio link, counts and posts", async () => {
    await openProfile(SEED_USER_IDS.ava);
    const top = header('Ava Reed');
    expect(within(top).getByRole('heading', { level: 1, name: 'Ava Reed' })).toBeInTheDocument();
    expect(within(top).getByRole('img', { name: "Ava Reed's avatar" })).toHaveAttribute('src', '/images/avatars/ava-reed.jpg');
    expect(within(top).getByText('@demo_user')).toBeInTheDocument();
    expect(within(top).getByText('Product designer. Morning walks, strong coffee, small sketches.')).toBeInTheDocument();
    expect(within(top).getByRole('link', { name: 'ava-reed.example.com' })).toHaveAttribute('href', 'https://ava-reed.example.com');
    expect(within(top).getByText('3 Followers')).toBeInTheDocument();
    expect(within(top).getByText('2 Following')).toBeInTheDocument();
    expect(within(top).getByRole('button', { name: 'Edit Profile' })).toBeInTheDocument();
    // No Follow or Unfollow for oneself (the counts are buttons too, once the lists are known).
    expect(within(top).queryByRole('button', { name: /^(Follow|Unfollow) / })).not.toBeInTheDocument();
    // Their posts, as post cards, newest first.
    const feed = await screen.findByRole('feed', { name: 'Posts by Ava Reed' });
    const cards = within(feed).getAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent(/Two cups, one long conversation/);
    expect(cards[1]).toHaveTextContent(/Hello SocialConnect! Starting the week/);
    expect(screen.queryByText(/First light over the ridge/)).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('SocialConnect | Ava Reed'));
  });

  it("shows another member's profile with Follow and no Edit Profile; following updates the counts", async () => {
    const { user } = await openProfile(SEED_USER_IDS.noah);
    const top = header('Noah Kim');
    expect(within(top).queryByRole('button', { name: 'Edit Profile' })).not.toBeInTheDocument();
    expect(within(top).getByText('2 Followers')).toBeInTheDocument();
    // Noah has no portfolio link.
    // The header's other links (the own profile's settings) stay; none is the portfolio's.
    expect(within(top).queryByRole('link', { name: /javascript:/ })).not.toBeInTheDocument();
    expect(within(top).queryAllByRole('link').map((link) => link.getAttribute('href'))).not.toContainEqual(expect.stringMatching(/^javascript:/i));

    await user.click(within(top).getByRole('button', { name: 'Follow Noah Kim' }));
    expect(await screen.findByText('You started following Noah Kim')).toBeInTheDocument();
    // The screen follows the store within a frame (RTK Query's cache changes notify in batches).
    expect(await within(top).findByText('3 Followers')).toBeInTheDocument();

    await user.click(within(top).getByRole('button', { name: 'Unfollow Noah Kim' }));
    expect(await screen.findByText('You Unfollowed Noah Kim')).toBeInTheDocument();
    expect(await within(top).findByText('2 Followers')).toBeInTheDocument();
    expect(within(top).getByRole('button', { name: 'Follow Noah Kim' })).toBeInTheDocument();
  });

  it("says 'No Posts Found...!' for a member without posts", async () => {
    useScenario('new-member');
    await openProfile(SEED_USER_IDS.ava);
    expect(await screen.findByText('No Posts Found...!')).toBeInTheDocument();
    expect(within(header('Ava Reed')).getByText('0 Followers')).toBeInTheDocument();
    expect(within(header('Ava Reed')).getByText('0 Following')).toBeInTheDocument();
  });

  it("counts one follower and one followed member in the singular: '1 Follower', '1 Following'", async () => {
    useScenario('new-member');
    const noah = await loginThroughApi({ username: 'noah_kim', password: DEMO_CREDENTIALS.password });
    const followed = await fetch(`${TEST_API_BASE}/users/follow/${SEED_USER_IDS.ava}`, { method: 'POST', headers: { authorization: noah.encodedToken } });
    expect(followed.status).toBe(201);
    const { user } = await openProfile(SEED_USER_IDS.ava);
    expect(await within(header('Ava Reed')).findByText('1 Follower')).toBeInTheDocument();
    expect(within(header('Ava Reed')).getByText('0 Following')).toBeInTheDocument();

    // Noah's link is in 'Who to follow?', which loads on its own, after the profile.
    await user.click(await screen.findByRole('link', { name: /Noah Kim/ }, { timeout: 10_000 }));
    await user.click(await within(await screen.findByRole('region', { name: 'Noah Kim' })).findByRole('button', { name: 'Follow Noah Kim' }));
    await user.click(screen.getAllByRole('link', { name: /Ava Reed/ })[0]!);
    expect(await within(await screen.findByRole('region', { name: 'Ava Reed' })).findByText('1 Following')).toBeInTheDocument();
  });

  it('shows the not-found page, with the way home, for an unknown member, and the session stays', async () => {
    const { router, user, store } = await renderWithProviders({ route: '/users/u-nobody', authAs: DEMO_CREDENTIALS });
    expect(await screen.findByRole('heading', { name: 'Page Not Found', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('No member has this address. They may have left, or the link is mistyped.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/users/u-nobody');
    expect(document.title).toBe('SocialConnect | Not Found');
    await user.click(screen.getByRole('link', { name: 'Back to Home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(store.getState().session.token).not.toBeNull();
  });

  it('goes to the error page when the profile cannot be loaded', async () => {
    server.use(http.get(`${TEST_API_BASE}/users/:userId`, () => HttpResponse.json({ errors: [MESSAGES.serverError] }, { status: 500 })));
    const { router } = await renderWithProviders({ route: `/users/${SEED_USER_IDS.noah}`, authAs: DEMO_CREDENTIALS });
    await waitFor(() => expect(router.state.location.pathname).toBe('/error'));
  });

  it('shows a name and a bio written right to left in their direction', async () => {
    const ava = getMockDb().users.get(SEED_USER_IDS.ava);
    if (!ava) throw new Error('seed');
    Object.assign(ava, { firstName: 'آفا', lastName: 'ريد', userBio: 'مصممة منتجات. مشي في الصباح.' });
    const { user } = await renderWithProviders({ route: `/users/${SEED_USER_IDS.ava}`, authAs: DEMO_CREDENTIALS });
    expect(await screen.findByRole('heading', { level: 1, name: 'آفا ريد' })).toHaveAttribute('dir', 'auto');
    const top = header('آفا ريد');
    expect(within(top).getByText('مصممة منتجات. مشي في الصباح.')).toHaveAttribute('dir', 'auto');
    await user.click(within(top).getByRole('button', { name: 'Edit Profile' }));
    expect(within(screen.getByRole('dialog', { name: 'Edit Profile' })).getByLabelText('Bio')).toHaveAttribute('dir', 'auto');
  });

  it('never renders a javascript: portfolio as a link', async () => {
    const ava = getMockDb().users.get(SEED_USER_IDS.ava);
    if (!ava) throw new Error('seed');
    ava.userPortfolioUrl = 'javascript:alert(1)';
    await openProfile(SEED_USER_IDS.ava);
    const top = header('Ava Reed');
    expect(within(top).getByText('javascript:alert(1)')).toBeInTheDocument();
    // The header's other links (the own profile's settings) stay; none is the portfolio's.
    expect(within(top).queryByRole('link', { name: /javascript:/ })).not.toBeInTheDocument();
    expect(within(top).queryAllByRole('link').map((link) => link.getAttribute('href'))).not.toContainEqual(expect.stringMatching(/^javascript:/i));
  });
});

describe('editing one’s own profile', () => {
  it('saves bio, portfolio link and a new avatar: toast, panel closes, changes visible', async () => {
    const { user, dialog } = await editOwnProfile();
    // Focus starts in the bio, ready to type, not on Close.
    expect(within(dialog).getByLabelText('Bio')).toHaveFocus();
    // The limits show before saving.
    const bioField = within(dialog).getByLabelText('Bio') as HTMLTextAreaElement;
    expect(bioField).toHaveAccessibleDescription(`${bioField.value.length} of 500 characters.`);
    expect(within(dialog).getByLabelText('New Password')).toHaveAccessibleDescription(/^8 to 128 characters\./);
    expect(within(dialog).getByLabelText('Avatar', { selector: 'input' })).toHaveAccessibleDescription('Photos of any size; GIFs up to 2 MB.');
    // The picker is a button that says what it does, not the browser's bare file input.
    expect(within(dialog).getByText('Choose an image…')).toHaveClass('button');
    expect(within(dialog).getByLabelText('Avatar', { selector: 'input' })).toHaveClass('visually-hidden');

    await user.upload(within(dialog).getByLabelText('Avatar'), pngFile());
    await waitFor(() => expect(within(dialog).getByRole('img', { name: "Ava Reed's avatar" }).getAttribute('src')).toMatch(/^data:image\/png;base64,/));

    const bio = within(dialog).getByLabelText('Bio');
    await fill(user, bio, 'Designing calm software.');
    expect(bio).toHaveAccessibleDescription('24 of 500 characters.');
    const link = within(dialog).getByLabelText('Portfolio Link');
    expect(link).toHaveAttribute('type', 'url');
    await fill(user, link, 'https://ava.example.org/work');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('User Bio Updated Successfully!')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const top = header('Ava Reed');
    // The screen follows the store within a frame (RTK Query's cache changes notify in batches).
    expect(await within(top).findByText('Designing calm software.')).toBeInTheDocument();
    expect(within(top).getByRole('link', { name: 'ava.example.org/work' })).toHaveAttribute('href', 'https://ava.example.org/work');
    expect(within(top).getByRole('img', { name: "Ava Reed's avatar" }).getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(getMockDb().users.get(SEED_USER_IDS.ava)?.userBio).toBe('Designing calm software.');
  });

  it('shows a profile in German: its posts section, and a missing member as German says it', async () => {
    await activateLanguage('de');
    const first = await openProfile(SEED_USER_IDS.liam);
    expect(await screen.findByRole('heading', { level: 2, name: 'Beiträge' })).toBeInTheDocument();
    expect(await screen.findByRole('feed', { name: 'Beiträge von Liam Chen' })).toBeInTheDocument();
    expect(within(header('Liam Chen')).getByRole('img', { name: 'Profilbild von Liam Chen' })).toBeInTheDocument();
    // That app goes before the next opens: its answers still on their way would land outside act().
    first.unmount();

    await renderWithProviders({ route: '/users/no-such-member', authAs: DEMO_CREDENTIALS });
    expect(await screen.findByRole('heading', { name: 'Seite nicht gefunden' })).toBeInTheDocument();
    expect(screen.getByText('Kein Mitglied hat diese Adresse. Vielleicht ist es gegangen, oder der Link ist vertippt.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zurück zur Startseite' })).toHaveAttribute('href', '/');
  });

  it('edits the profile in Polish: its fields, hints and refusals in Polish, the numbers as Polish writes them', async () => {
    await activateLanguage('pl');
    const edits = watchEdits();
    const { user } = await openProfile(SEED_USER_IDS.ava);
    await user.click(within(header('Ava Reed')).getByRole('button', { name: 'Edytuj profil' }));
    const dialog = screen.getByRole('dialog', { name: 'Edytuj profil' });
    expect(within(dialog).getByRole('button', { name: 'Zamknij edycję profilu' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Awatar')).toHaveAccessibleDescription('Zdjęcia dowolnej wielkości; GIF-y do 2 MB.');
    expect(within(dialog).getByLabelText('Bio')).toHaveAccessibleDescription(/^\d+ z 500 znaków\.$/);
    expect(within(dialog).getByLabelText('Nowe hasło')).toHaveAccessibleDescription('Od 8 do 128 znaków. Zostaw puste, aby zachować hasło; nowe wymaga obecnego hasła.');

    const link = within(dialog).getByLabelText('Link do portfolio');
    await fill(user, link, 'javascript:alert(1)');
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz' }));
    expect(link).toHaveAccessibleDescription('Wpisz link zaczynający się od http:// lub https:// (na przykład https://example.com).');

    await fill(user, link, 'https://ava.example.com');
    await user.type(within(dialog).getByLabelText('Nowe hasło'), 'a-new-password');
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText('Wpisz obecne hasło, aby ustawić nowe.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Obecne hasło')).toHaveAccessibleDescription('Potrzebne do ustawienia nowego hasła.');
    expect(edits.count()).toBe(0);

    await user.clear(within(dialog).getByLabelText('Nowe hasło'));
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText('Profil został zaktualizowany!')).toBeInTheDocument();
    expect(getMockDb().users.get(SEED_USER_IDS.ava)?.userPortfolioUrl).toBe('https://ava.example.com');
  });

  it('refuses a javascript: link with a clear message and sends nothing', async () => {
    const edits = watchEdits();
    const { user, dialog } = await editOwnProfile();
    const link = within(dialog).getByLabelText('Portfolio Link');
    await fill(user, link, 'javascript:alert(1)');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(within(dialog).getByText('Enter a link that starts with http:// or https:// (for example https://example.com).')).toBeInTheDocument();
    expect(link).toHaveAttribute('aria-invalid', 'true');
    expect(link).toHaveAccessibleDescription('Enter a link that starts with http:// or https:// (for example https://example.com).');
    expect(link).toHaveFocus();
    expect(screen.getByRole('dialog', { name: 'Edit Profile' })).toBeInTheDocument();
    expect(edits.count()).toBe(0);
    expect(getMockDb().users.get(SEED_USER_IDS.ava)?.userPortfolioUrl).toBe('https://ava-reed.example.com');

    // Typing again clears the message.
    await user.type(link, 'x');
    expect(within(dialog).queryByText('Enter a link that starts with http:// or https:// (for example https://example.com).')).not.toBeInTheDocument();
  });

  it('refuses a file that is not an image by its bytes (text, an SVG, text named .png), or one over 2 MB, with a clear toast', async () => {
    const { dialog } = await editOwnProfile();
    const picker = within(dialog).getByLabelText('Avatar');
    expect(picker).toHaveAttribute('accept', 'image/*');

    const anyFile = userEvent.setup({ applyAccept: false });
    await anyFile.upload(picker, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('Please choose an image file (PNG, JPEG, WebP or GIF) for your avatar.')).toBeInTheDocument();

    await anyFile.upload(picker, new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'me.svg', { type: 'image/svg+xml' }));
    await waitFor(() => expect(screen.getAllByText('Please choose an image file (PNG, JPEG, WebP or GIF) for your avatar.')).toHaveLength(2));
    await anyFile.upload(picker, new File(['not a picture'], 'me.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.getAllByText('Please choose an image file (PNG, JPEG, WebP or GIF) for your avatar.')).toHaveLength(3));

    await anyFile.upload(picker, new File([pngBytes(400, 400, 5 * 1024 * 1024)], 'huge.png', { type: 'image/png' }));
    expect(await screen.findByText('The avatar image is too large: choose one of 2 MB or less.')).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: "Ava Reed's avatar" })).toHaveAttribute('src', '/images/avatars/ava-reed.jpg');
  });

  it('says it is preparing a picked avatar, and Save waits for it', async () => {
    const edits = watchEdits();
    const { user, dialog } = await editOwnProfile();
    const read = FileReader.prototype.readAsArrayBuffer;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const spy = jest.spyOn(FileReader.prototype, 'readAsArrayBuffer').mockImplementation(function (this: FileReader, blob: Blob) {
      void held.then(() => read.call(this, blob));
    });
    try {
      await user.upload(within(dialog).getByLabelText('Avatar'), pngFile());
      expect(await within(dialog).findByText('Preparing the image…')).toHaveAttribute('role', 'status');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(edits.count()).toBe(0);
      release();
      await waitFor(() => expect(within(dialog).getByRole('img', { name: "Ava Reed's avatar" })).toHaveAttribute('src', `data:image/png;base64,${PNG_BASE64}`));
      expect(within(dialog).queryByText('Preparing the image…')).not.toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('User Bio Updated Successfully!')).toBeInTheDocument();
      expect(edits.count()).toBe(1);
    } finally {
      release();
      spy.mockRestore();
    }
  });

  it('asks for the current password before a new one, keeping the panel open and filled', async () => {
    const edits = watchEdits();
    const { user, dialog } = await editOwnProfile();
    const bio = within(dialog).getByLabelText('Bio');
    await fill(user, bio, 'Still typing');
    await fill(user, within(dialog).getByLabelText('New Password'), 'brand-new-pass');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Enter your current password to set a new one.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit Profile' })).toBeInTheDocument();
    expect(bio).toHaveValue('Still typing');
    expect(within(dialog).getByLabelText('New Password')).toHaveValue('brand-new-pass');
    const current = within(dialog).getByLabelText('Current Password');
    expect(current).toHaveFocus();
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(current).toHaveAccessibleDescription('Needed to set a new password.');
    expect(edits.count()).toBe(0);
  });

  // A 401 for a wrong current password refuses the input, not the session (src/lib/apiError.ts).
  it('keeps the panel open with what was typed when the backend refuses the current password, and marks that field', async () => {
    const { user, router, dialog } = await editOwnProfile();
    const bio = within(dialog).getByLabelText('Bio');
    await fill(user, bio, 'Kept after a refusal');
    await fill(user, within(dialog).getByLabelText('Current Password'), 'not-my-password');
    await fill(user, within(dialog).getByLabelText('New Password'), 'brand-new-pass');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const current = within(dialog).getByLabelText('Current Password');
    await waitFor(() => expect(current).toHaveFocus());
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(current).toHaveAccessibleDescription('This is not your current password.');
    // Said once, at the field: no toast about credentials beside it. Toasts show in the order they are
    // asked for, so once a later one shows, one asked for with the refusal would be there too.
    await userEvent.setup({ applyAccept: false }).upload(within(dialog).getByLabelText('Avatar'), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('Please choose an image file (PNG, JPEG, WebP or GIF) for your avatar.')).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.invalidCredentials)).not.toBeInTheDocument();
    expect(screen.queryByText('Invalid Credentials!')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/users/${SEED_USER_IDS.ava}`);
    expect(screen.getByRole('dialog', { name: 'Edit Profile' })).toBeInTheDocument();
    expect(bio).toHaveValue('Kept after a refusal');
    expect(current).toHaveValue('not-my-password');
    expect(screen.queryByText('User Bio Updated Successfully!')).not.toBeInTheDocument();

    // Typing again makes the field the member's again.
    await user.type(current, '!');
    expect(current).not.toHaveAttribute('aria-invalid');
  });

  it('keeps a bio pasted past 500 characters whole, says by how much it is over, and saves nothing until it fits', async () => {
    const edits = watchEdits();
    const { user, dialog } = await editOwnProfile();
    const bio = within(dialog).getByLabelText('Bio');
    await user.clear(bio);
    await user.click(bio);
    const pasted = `${'A calm sentence about design. '.repeat(20)}And more.`.trim();
    await user.paste(pasted);

    expect(bio).toHaveValue(pasted);
    const over = `${pasted.length} of 500 characters: ${pasted.length - 500} characters over the limit. Shorten it to save; nothing was cut.`;
    expect(bio).toHaveAttribute('aria-invalid', 'true');
    expect(bio).toHaveAccessibleDescription(over);
    expect(within(dialog).getByText(over)).toHaveAttribute('aria-live', 'polite');

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(bio).toHaveFocus();
    expect(edits.count()).toBe(0);
    expect(screen.getByRole('dialog', { name: 'Edit Profile' })).toBeInTheDocument();

    await user.clear(bio);
    await user.type(bio, 'Short again.');
    expect(bio).not.toHaveAttribute('aria-invalid');
    expect(bio).toHaveAccessibleDescription('12 of 500 characters.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User Bio Updated Successfully!')).toBeInTheDocument();
    expect(edits.count()).toBe(1);
  });

  it("says the backend's other refusals in one toast, the panel open", async () => {
    server.use(http.post(`${TEST_API_BASE}/users/edit`, () => HttpResponse.json({ errors: [MESSAGES.bioTooLong], code: 'bio_too_long' }, { status: 400 })));
    const { user, dialog } = await editOwnProfile();
    await fill(user, within(dialog).getByLabelText('Bio'), 'Refused by the backend');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.bioTooLong)).toBeInTheDocument();
    expect(screen.getAllByText(MESSAGES.bioTooLong)).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Edit Profile' })).toBeInTheDocument();
  });

  it.each([
    ['no network', () => server.use(http.post(`${TEST_API_BASE}/users/edit`, () => HttpResponse.error())), NETWORK_MESSAGE],
    ['a server error', () => server.use(http.post(`${TEST_API_BASE}/users/edit`, () => HttpResponse.json({ errors: [MESSAGES.serverError] }, { status: 500 }))), MESSAGES.serverError],
    ['a backend that cannot write (503)', () => useScenario('read-only'), MESSAGES.serviceUnavailable],
  ])('keeps the panel open with everything typed after %s, and Save works again', async (_failure, fail, message) => {
    const { user, router, dialog } = await editOwnProfile();
    const bio = within(dialog).getByLabelText('Bio');
    const portfolio = within(dialog).getByLabelText('Portfolio Link');
    await fill(user, bio, 'Typed while the network was down');
    await fill(user, portfolio, 'https://ava.example.org/kept');
    fail();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(`Your profile was not saved; what you typed stays. ${message}`)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/users/${SEED_USER_IDS.ava}`);
    expect(screen.getByRole('dialog', { name: 'Edit Profile' })).toBeInTheDocument();
    expect(bio).toHaveValue('Typed while the network was down');
    expect(portfolio).toHaveValue('https://ava.example.org/kept');
    expect(screen.queryByText('User Bio Updated Successfully!')).not.toBeInTheDocument();

    server.resetHandlers();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Save' })).not.toHaveAttribute('aria-disabled'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User Bio Updated Successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(header('Ava Reed')).findByText('Typed while the network was down')).toBeInTheDocument();
  });

  it('closes on Back and stays on the profile, saving nothing; closed otherwise, it leaves no entry behind', async () => {
    const edits = watchEdits();
    const { user, router } = await renderWithProviders({ route: '/explore', authAs: DEMO_CREDENTIALS });
    await act(() => router.navigate(`/users/${SEED_USER_IDS.ava}`));
    await screen.findByRole('heading', { level: 1, name: 'Ava Reed' });
    const dialog = await openEditDialog(user);
    await fill(user, within(dialog).getByLabelText('Bio'), 'Not to be saved');

    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe(`/users/${SEED_USER_IDS.ava}`);
    expect(within(header('Ava Reed')).getByText('Product designer. Morning walks, strong coffee, small sketches.')).toBeInTheDocument();

    // Forward opens the window again, afresh.
    await act(() => router.navigate(1));
    const reopened = await screen.findByRole('dialog', { name: 'Edit Profile' });
    expect(within(reopened).getByLabelText('Bio')).toHaveValue('Product designer. Morning walks, strong coffee, small sketches.');
    await user.click(within(reopened).getByRole('button', { name: 'Discard' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.location.state).toBeNull());
    await act(() => router.navigate(-1));
    await waitFor(() => expect(router.state.location.pathname).toBe('/explore'));
    expect(edits.count()).toBe(0);
  });

  it('changes the password with the current one; the new password works at the next login', async () => {
    const { user, dialog } = await editOwnProfile();
    await fill(user, within(dialog).getByLabelText('Current Password'), DEMO_CREDENTIALS.password);
    await fill(user, within(dialog).getByLabelText('New Password'), 'brand-new-pass');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('User Bio Updated Successfully!')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Logins from elsewhere, while the page goes on taking in what the save changed.
    const answer = await act(() => loginThroughApi({ username: DEMO_CREDENTIALS.username, password: 'brand-new-pass' }));
    expect(answer.foundUser.username).toBe(DEMO_CREDENTIALS.username);
    await act(() => expect(loginThroughApi(DEMO_CREDENTIALS)).rejects.toThrow());
  });

  it('keeps this device logged in after a password change, with the new token the backend gave it', async () => {
    const { user, store } = await openProfile(SEED_USER_IDS.ava);
    const oldToken = window.localStorage.getItem('encodedToken');
    const dialog = await openEditDialog(user);
    await fill(user, within(dialog).getByLabelText('Current Password'), DEMO_CREDENTIALS.password);
    await fill(user, within(dialog).getByLabelText('New Password'), 'brand-new-pass');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User Bio Updated Successfully!')).toBeInTheDocument();

    const newToken = window.localStorage.getItem('encodedToken');
    expect(newToken).not.toBeNull();
    expect(newToken).not.toBe(oldToken);
    expect(store.getState().session.token).toBe(newToken);
    // Older tokens (another device's) are refused; this device's next call goes through.
    const refused = await act(() => fetch(`${TEST_API_BASE}/users/bookmark`, { headers: { authorization: oldToken ?? '' } }));
    expect(refused.status).toBe(401);
    await user.click(within(header('Ava Reed')).getByRole('button', { name: 'Edit Profile' }));
    const again = screen.getByRole('dialog', { name: 'Edit Profile' });
    await fill(user, within(again).getByLabelText('Bio'), 'Still logged in');
    await user.click(within(again).getByRole('button', { name: 'Save' }));
    // The header renders again as the answer lands: look for the text in the header as it ends up.
    await waitFor(() => expect(within(header('Ava Reed')).getByText('Still logged in')).toBeInTheDocument());
    expect(store.getState().session.token).toBe(newToken);
  });

  it('closes on Escape and on Discard without changes, giving focus back to Edit Profile', async () => {
    const edits = watchEdits();
    const { user } = await openProfile(SEED_USER_IDS.ava);
    let dialog = await openEditDialog(user);
    await user.type(within(dialog).getByLabelText('Bio'), ' draft');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const editButton = within(header('Ava Reed')).getByRole('button', { name: 'Edit Profile' });
    expect(editButton).toHaveFocus();

    dialog = await openEditDialog(user);
    // Reopened fresh, not with the discarded draft.
    expect(within(dialog).getByLabelText('Bio')).toHaveValue('Product designer. Morning walks, strong coffee, small sketches.');
    await user.type(within(dialog).getByLabelText('Bio'), ' more');
    await user.click(within(dialog).getByRole('button', { name: 'Discard' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(editButton).toHaveFocus();
    expect(within(header('Ava Reed')).getByText('Product designer. Morning walks, strong coffee, small sketches.')).toBeInTheDocument();
    expect(edits.count()).toBe(0);
  });
});

describe("a member's posts, page by page (the pages extension) or all at once", () => {
  /** The calls for a member's posts the backend receives, with their query. */
  const watchMemberPostCalls = () => watchGets(/\/api\/posts\/user\//);
  const countOf = (name: string) => within(screen.getByRole('feed', { name })).getAllByRole('article').length;

  it('asks for the first page, then one more ahead, and shows twenty cards of a member with thousands of posts', async () => {
    useScenario('busy');
    const calls = watchMemberPostCalls();
    await openProfile(SEED_USER_IDS.liam);
    await waitFor(() => expect(countOf('Posts by Liam Chen')).toBe(20));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[0]).toBe('/posts/user/liam_chen?limit=20');
    expect(calls[1]).toMatch(/^\/posts\/user\/liam_chen\?limit=20&cursor=[A-Za-z0-9_-]+$/);
    expect(await screen.findByText('Showing posts 1 to 20 of 40 loaded so far')).toBeInTheDocument();
    const authors = within(screen.getByRole('feed', { name: 'Posts by Liam Chen' })).getAllByRole('article').map((article) => within(article).getAllByRole('link')[0]!.textContent);
    expect(new Set(authors)).toEqual(new Set(['Liam Chen']));
  });

  it('from a backend without pages, asks for all of them at once', async () => {
    server.use(http.get(`${TEST_API_BASE}/health`, () => new HttpResponse(null, { status: 404 })));
    const calls = watchMemberPostCalls();
    await openProfile(SEED_USER_IDS.liam);
    await waitFor(() => expect(countOf('Posts by Liam Chen')).toBeGreaterThan(0));
    expect(calls).toEqual(['/posts/user/liam_chen']);
  });
});
