import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { getMockDb, server, TEST_API_BASE, tokenFor, useScenario } from '../../../../mocks/testing/node';
import { MESSAGES } from '../../../../contract/messages';
import { DEMO_CREDENTIALS, DEMO_USER_ID, SEED_USER_IDS, seedPostId } from '../../../../contract/seed/default';
import type { NotificationRecord } from '../../../../contract/snapshot';
import { selectLive } from '../../live/liveSlice';
import { currentPath, renderWithProviders } from '../../../test/renderWithProviders';
import { emulatePhone } from '../../../test/viewport';
import { expectNameToStartWithShownText, shownText } from '../../../test/labelInName';
import { elsewhere } from '../../../test/elsewhere';
import { activateLanguage } from '../../../i18n/i18n';

function sideNav(): HTMLElement {
  return screen.getByRole('navigation', { name: 'Main' });
}

/** The bell, once the backend's extensions are known. */
async function findBell(within_: HTMLElement, name: string | RegExp): Promise<HTMLElement> {
  return within(within_).findByRole('link', { name }, { timeout: 10_000 });
}

/** `count` mention notifications of the demo member in the stand-in's store, by turns from Liam and Noah, the last one newest. */
function arrangeNotifications(count: number, unread: boolean): void {
  getMockDb().notifications.clear();
  for (let index = 0; index < count; index += 1) {
    const postId = seedPostId((index % 20) + 1);
    const record: NotificationRecord = {
      id: `n-test-${String(index).padStart(3, '0')}`, recipientId: DEMO_USER_ID, kind: 'mention', key: `mention:post:${postId}:${index}`,
      postId, replyId: null, actorIds: [index % 2 === 0 ? SEED_USER_IDS.liam : SEED_USER_IDS.noah], unread,
      updatedAt: new Date(Date.UTC(2025, 5, 1, 9, index)).toISOString(),
    };
    getMockDb().notifications.set(record.id, { record, place: index + 1 });
  }
  getMockDb().nextPlace = count + 1;
}

function unreadInStore(): number {
  return [...getMockDb().notifications.values()].filter(({ record }) => record.recipientId === DEMO_USER_ID && record.unread).length;
}

describe('The notification bell', () => {
  it('names the unread count in the side navigation, and opening it lists them, grouped, and marks them read', async () => {
    const { user, router } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    const bell = await findBell(sideNav(), 'Notifications 2 unread');
    expect(within(bell).getByText('2')).toBeInTheDocument();

    await user.click(bell);
    expect(await screen.findByRole('heading', { name: 'Notifications', level: 1 })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/notifications');
    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(within(list).getAllByRole('link').map((link) => link.textContent)).toEqual([
      expect.stringMatching(/^New: Zoe Martin and 1 other liked your post/),
      expect.stringMatching(/^New: Zoe Martin and 2 others liked your post/),
      expect.stringMatching(/^Zoe Martin followed you/),
      expect.stringMatching(/^Maya Patel followed you/),
      expect.stringMatching(/^Liam Chen followed you/),
    ]);
    expect(document.title).toBe('SocialConnect | Notifications');
    // Seen here, read everywhere: the bell has no count left, and the store agrees.
    expect(await findBell(sideNav(), 'Notifications')).toBeInTheDocument();
    await waitFor(() => expect(unreadInStore()).toBe(0));
  });

  it('says which post or reply each is about, in its opening words; a follow says none', async () => {
    const reply = 'Two cups is a warm-up. Three is a conversation, four is a plan, and five is a whole morning gone.';
    const answer = await fetch(`${TEST_API_BASE}/posts/${seedPostId(11)}/replies`, {
      method: 'POST',
      headers: { authorization: await tokenFor('liam_chen'), 'content-type': 'application/json' },
      body: JSON.stringify({ replyData: { text: reply } }),
    });
    expect(answer.status).toBe(201);

    await renderWithProviders({ route: '/notifications', authAs: DEMO_CREDENTIALS });
    const list = await screen.findByRole('list', { name: 'Notifications' }, { timeout: 10_000 });
    const entries = within(list).getAllByRole('link').map((link) => link.textContent ?? '');
    expect(entries.slice(0, 3)).toEqual([
      // Past 80 characters, the rest is left out.
      expect.stringMatching(/^New: Liam Chen replied to your post: “Two cups is a warm-up\. Three is a conversation, four is a plan, and five is a wh…”/),
      expect.stringMatching(/^New: Zoe Martin and 1 other liked your post: “Two cups, one long conversation\. Best kind of Saturday\.”/),
      expect.stringMatching(/^New: Zoe Martin and 2 others liked your post: “Hello SocialConnect! Starting the week with a walk and a plan\.”/),
    ]);
    expect(entries.slice(3)).toEqual([
      expect.stringMatching(/^Zoe Martin followed you(?!:)/),
      expect.stringMatching(/^Maya Patel followed you(?!:)/),
      expect.stringMatching(/^Liam Chen followed you(?!:)/),
    ]);
    expect(entries.slice(3).join('')).not.toContain('“');
    // The words are named with the entry, so a screen reader hears which post it is.
    expect(within(list).getByRole('link', { name: /Zoe Martin and 1 other liked your post: “Two cups, one long conversation/ })).toBeInTheDocument();
  });

  it('leads from each entry to what it is about: the liked post, the follower', async () => {
    const { user, router } = await renderWithProviders({ route: '/notifications', authAs: DEMO_CREDENTIALS });
    const list = await screen.findByRole('list', { name: 'Notifications' }, { timeout: 10_000 });
    await user.click(within(list).getByRole('link', { name: /Zoe Martin and 2 others liked your post/ }));
    await waitFor(() => expect(currentPath(router)).toBe(`/posts/${seedPostId(5)}`));
    expect(await screen.findByRole('article', { name: 'Ava Reed' }, { timeout: 10_000 })).toBeInTheDocument();

    await user.click(await findBell(sideNav(), 'Notifications'));
    await user.click(within(await screen.findByRole('list', { name: 'Notifications' })).getByRole('link', { name: /Liam Chen followed you/ }));
    await waitFor(() => expect(currentPath(router)).toBe(`/users/${SEED_USER_IDS.liam}`));
  });

  it('is named by the words it shows, first and in order: the word, then the badge (label in name)', async () => {
    await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    const bell = await findBell(sideNav(), 'Notifications 2 unread');
    expect(shownText(bell)).toBe('Notifications 2');
    expectNameToStartWithShownText(bell);
    expect(bell).not.toHaveAttribute('aria-label');
  });

  it('speaks the language chosen, its count as that language counts, and is still named by what it shows', async () => {
    arrangeNotifications(5, true);
    await activateLanguage('pl');
    await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    // Polish: five is "many" (nieprzeczytanych), where two to four would be "few".
    const bell = await findBell(screen.getByRole('navigation', { name: 'Menu główne' }), 'Powiadomienia 5 nieprzeczytanych');
    expect(shownText(bell)).toBe('Powiadomienia 5');
    expectNameToStartWithShownText(bell);
    await act(() => activateLanguage('ar'));
    expect(await findBell(screen.getByRole('navigation', { name: 'التنقل الرئيسي' }), 'الإشعارات 5 غير مقروءة')).toBe(bell);
  });

  it('words each entry as one sentence of the language, its verb agreeing with how many acted, the names set apart', async () => {
    await activateLanguage('pl');
    await renderWithProviders({ route: '/notifications', authAs: DEMO_CREDENTIALS });
    expect(await screen.findByRole('heading', { name: 'Powiadomienia', level: 1 })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Powiadomienia' });
    expect(within(list).getAllByRole('link').map((link) => link.textContent)).toEqual([
      expect.stringMatching(/^Nowe: Zoe Martin i 1 inna osoba lubią twój wpis/),
      expect.stringMatching(/^Nowe: Zoe Martin i 2 inne osoby lubią twój wpis/),
      expect.stringMatching(/^Zoe Martin obserwuje cię/),
      expect.stringMatching(/^Maya Patel obserwuje cię/),
      expect.stringMatching(/^Liam Chen obserwuje cię/),
    ]);
    expect(document.title).toBe('SocialConnect | Powiadomienia');
    // In Arabic the names come first too, read right to left, and stay apart from the sentence.
    await act(() => activateLanguage('ar'));
    const entry = within(list).getAllByRole('link')[2]!;
    expect(entry).toHaveTextContent(/^Zoe Martin بدأ بمتابعتك/);
    expect(within(entry).getByText('Zoe Martin', { selector: 'strong' })).toBeInTheDocument();
  });

  it('caps the count at 99+, and pages the list 20 at a time', async () => {
    arrangeNotifications(150, true);
    const { user } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    const bell = await findBell(sideNav(), 'Notifications 99+ unread');
    expect(within(bell).getByText('99+')).toBeInTheDocument();

    await user.click(bell);
    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(within(list).getAllByRole('link')).toHaveLength(20);
    expect(within(list).getAllByRole('link')[0]).toHaveTextContent('New: Noah Kim mentioned you in a post');
    await user.click(screen.getByRole('button', { name: 'Show more notifications' }));
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(40));
    expect(within(list).getAllByRole('link')[20]).toHaveFocus();
  });

  it('raises the count when a notification arrives on the live stream', async () => {
    const { store } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    await findBell(sideNav(), 'Notifications 2 unread');
    await waitFor(() => expect(selectLive(store.getState())).toBe(true));
    await elsewhere('noah_kim', 'POST', `/users/follow/${DEMO_USER_ID}`);
    expect(await findBell(sideNav(), 'Notifications 3 unread')).toBeInTheDocument();
    // Taken back, it goes.
    await elsewhere('noah_kim', 'POST', `/users/unfollow/${DEMO_USER_ID}`);
    expect(await findBell(sideNav(), 'Notifications 2 unread')).toBeInTheDocument();
  });

  it('without the live stream, checks the count again when the tab comes back into view', async () => {
    server.use(http.get(`${TEST_API_BASE}/health`, () => HttpResponse.json({ status: 'ok', extensions: ['pages', 'feed', 'return-minimal', 'replies', 'notifications'] })));
    await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    await findBell(sideNav(), 'Notifications 2 unread');
    await elsewhere('noah_kim', 'POST', `/users/follow/${DEMO_USER_ID}`);
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(await findBell(sideNav(), 'Notifications 3 unread')).toBeInTheDocument();
  });

  it('shows a new member an empty page and a bell without a count', async () => {
    useScenario('new-member');
    const { user } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    await user.click(await findBell(sideNav(), 'Notifications'));
    expect(await screen.findByText('No notifications yet. When someone follows you, likes, replies to or mentions you, you will see it here.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Notifications' })).not.toBeInTheDocument();
  });

  it("is in the phone's bottom bar, with its count", async () => {
    const undo = emulatePhone();
    try {
      await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
      const mobile = await screen.findByRole('navigation', { name: 'Mobile' });
      const bell = await findBell(mobile, 'Notifications 2 unread');
      expect(within(bell).getByText('2')).toBeInTheDocument();
    } finally {
      undo();
    }
  });
});

describe('When notifications fail', () => {
  it('a list that cannot load goes to the error page, as any page does', async () => {
    server.use(http.get(`${TEST_API_BASE}/notifications`, () => HttpResponse.json({ errors: [MESSAGES.serverError] }, { status: 500 })));
    const { router } = await renderWithProviders({ route: '/notifications', authAs: DEMO_CREDENTIALS });
    expect(await screen.findByRole('heading', { name: "It's not you, It's us..!" }, { timeout: 10_000 })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/error');
    expect(unreadInStore()).toBe(2);
  });

  it('marking read refused: the bell gets its count back and the member is told', async () => {
    server.use(http.post(`${TEST_API_BASE}/notifications/read`, () => HttpResponse.json({ errors: [MESSAGES.tooManyRequests] }, { status: 429 })));
    await renderWithProviders({ route: '/notifications', authAs: DEMO_CREDENTIALS });
    expect(await screen.findByText(MESSAGES.tooManyRequests, undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(await findBell(sideNav(), 'Notifications 2 unread')).toBeInTheDocument();
    expect(unreadInStore()).toBe(2);
  });

  it('a bell whose count cannot load shows no count, and the page still opens', async () => {
    server.use(http.get(`${TEST_API_BASE}/notifications/unread`, () => HttpResponse.json({ errors: [MESSAGES.serverError] }, { status: 500 })));
    const { router } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    expect(await findBell(sideNav(), 'Notifications')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/');
  });
});

describe('Against a backend without notifications', () => {
  beforeEach(() => {
    server.use(http.get(`${TEST_API_BASE}/health`, () => HttpResponse.json({ status: 'ok', extensions: ['pages', 'feed', 'return-minimal', 'events', 'replies'] })));
  });

  it('shows no bell, and its page says there are none to show', async () => {
    await renderWithProviders({ route: '/notifications', authAs: DEMO_CREDENTIALS });
    expect(await screen.findByText('This network does not send notifications.', undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(within(sideNav()).getByRole('link', { name: 'Explore' })).toBeInTheDocument();
    expect(within(sideNav()).queryByRole('link', { name: /^Notifications/ })).not.toBeInTheDocument();
  });
});
