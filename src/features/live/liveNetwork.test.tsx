import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { getMockDb, server, TEST_API_BASE } from '../../../mocks/testing/node';
import { ERROR_CODES, MESSAGES } from '../../../contract/messages';
import { DEMO_BOOKMARK_POST_ID, DEMO_CREDENTIALS, SEED_USER_IDS, seedPostId } from '../../../contract/seed/default';
import { cardWith, contentsOf, findFeed } from '../../test/posts';
import { currentPath, renderWithProviders } from '../../test/renderWithProviders';
import { selectLive } from './liveSlice';
import { NEW_POSTS_CHECK_MS } from './useNewPosts';
import type { AppStore } from '../../app/store';
import { elsewhere } from '../../test/elsewhere';
import { LAKE, LIGHTS } from '../../test/seedTexts';

const EVENTS_URL = `${TEST_API_BASE}/events`;

/** A backend that answers everything but the live stream. */
function withoutEvents(): void {
  server.use(http.get(`${TEST_API_BASE}/health`, () => HttpResponse.json({ status: 'ok', extensions: ['pages', 'feed', 'return-minimal'] })));
}

/** Resolves once this browser's live stream is open: what happens elsewhere from now on reaches it. */
async function untilLive(store: AppStore): Promise<void> {
  await waitFor(() => expect(selectLive(store.getState())).toBe(true));
}

/** The Last-Event-ID of every stream the app opens (null for a first one). */
function watchStreams(): Array<string | null> {
  const opened: Array<string | null> = [];
  server.events.on('request:start', ({ request }) => {
    if (request.url === EVENTS_URL) opened.push(request.headers.get('last-event-id'));
  });
  return opened;
}

describe('the live network', () => {
  it('changes a like count where the post is shown', async () => {
    const { store } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    await findFeed('Latest Posts');
    await untilLive(store);
    const card = cardWith(LAKE);
    expect(within(card).getByRole('button', { name: 'Like, 2 likes' })).toBeInTheDocument();

    await elsewhere('zoe_martin', 'POST', `/posts/like/${seedPostId(2)}`);
    expect(await within(card).findByRole('button', { name: 'Like, 3 likes' })).toBeInTheDocument();
  });

  it('shows new posts for Home behind a button, and at the top once pressed, with focus there', async () => {
    const { user, store } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    await findFeed('Latest Posts');
    await untilLive(store);

    await elsewhere('maya_patel', 'POST', '/posts', { postData: { text: 'Fresh from the harbour.' } });
    const button = await screen.findByRole('button', { name: '1 new post' });
    expect(button.closest('[aria-live="polite"]')).not.toBeNull();
    expect(screen.queryByText('Fresh from the harbour.')).not.toBeInTheDocument();
    // Someone the member does not follow: not for Home.
    await elsewhere('noah_kim', 'POST', '/posts', { postData: { text: 'Not for Ava’s Home.' } });
    await elsewhere('liam_chen', 'POST', '/posts', { postData: { text: 'And one from the ridge.' } });
    await screen.findByRole('button', { name: '2 new posts' });

    await user.click(screen.getByRole('button', { name: '2 new posts' }));
    await waitFor(() => expect(screen.getByRole('feed', { name: 'Latest Posts' })).toHaveFocus());
    expect(contentsOf(screen.getByRole('feed', { name: 'Latest Posts' })).slice(0, 2)).toEqual(['And one from the ridge.', 'Fresh from the harbour.']);
    expect(screen.queryByRole('button', { name: /new posts?$/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Not for Ava’s Home.')).not.toBeInTheDocument();
  });

  it('shows every new post for Explore behind the button', async () => {
    const { user, store } = await renderWithProviders({ route: '/explore', authAs: DEMO_CREDENTIALS });
    await findFeed('Explore');
    await untilLive(store);
    await elsewhere('noah_kim', 'POST', '/posts', { postData: { text: 'Anyone can see this one.' } });
    await user.click(await screen.findByRole('button', { name: '1 new post' }));
    await waitFor(() => expect(screen.getByRole('feed', { name: 'Explore' })).toHaveFocus());
    expect(screen.getByText('Anyone can see this one.')).toBeInTheDocument();
  });

  it('changes a post edited elsewhere, and takes out one deleted', async () => {
    const { store } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    await findFeed('Latest Posts');
    await untilLive(store);
    await elsewhere('maya_patel', 'POST', `/posts/edit/${seedPostId(2)}`, { postData: { text: 'The lake, edited on the phone.' } });
    expect(await screen.findByText('The lake, edited on the phone.')).toBeInTheDocument();
    await elsewhere('maya_patel', 'DELETE', `/posts/${seedPostId(12)}`);
    await waitFor(() => expect(screen.queryByText(LIGHTS)).not.toBeInTheDocument());
  });

  it('follows a bookmark removed on the member’s other device: the icon empties, Bookmarks lets it go', async () => {
    const { user, store } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    await findFeed('Latest Posts');
    await untilLive(store);
    const bookmark = within(cardWith(LIGHTS)).getByRole('button', { name: 'Bookmark' });
    expect(bookmark).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getAllByRole('link', { name: /Bookmark/ })[0]!);
    await findFeed('Bookmarks');
    expect(screen.getByText(LIGHTS)).toBeInTheDocument();

    await elsewhere('demo_user', 'POST', `/users/remove-bookmark/${DEMO_BOOKMARK_POST_ID}`);
    expect(await screen.findByText('No Bookmarks Yet')).toBeInTheDocument();
    await user.click(screen.getAllByRole('link', { name: /Home/ })[0]!);
    await findFeed('Latest Posts');
    expect(within(cardWith(LIGHTS)).getByRole('button', { name: 'Bookmark' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('shows a follow made on the member’s other device on the follow button', async () => {
    const { store } = await renderWithProviders({ route: `/users/${SEED_USER_IDS.noah}`, authAs: DEMO_CREDENTIALS });
    await screen.findAllByRole('button', { name: 'Follow Noah Kim' });
    await untilLive(store);
    await elsewhere('demo_user', 'POST', `/users/follow/${SEED_USER_IDS.noah}`);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Follow Noah Kim' })).not.toBeInTheDocument());
    expect(screen.getAllByRole('button', { name: 'Unfollow Noah Kim' }).length).toBeGreaterThan(0);
  });

  it('drops a blocker\'s posts from the blocked member\'s Explore at once, keeping the rest, saying nothing', async () => {
    const { store } = await renderWithProviders({ route: '/explore', authAs: DEMO_CREDENTIALS });
    const feed = await findFeed('Explore');
    await untilLive(store);
    const before = contentsOf(feed);
    expect(before).toEqual(expect.arrayContaining([LAKE, LIGHTS]));
    const mayas = new Set([...getMockDb().posts.values()].filter((post) => post.authorId === SEED_USER_IDS.maya).map((post) => post.content));

    await elsewhere('maya_patel', 'POST', `/users/block/${SEED_USER_IDS.ava}`);
    await waitFor(() => expect(screen.queryByText(LAKE)).not.toBeInTheDocument());
    expect(contentsOf(await findFeed('Explore'))).toEqual(before.filter((text) => !mayas.has(text)));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(within(screen.getByRole('main')).queryByText(/block/i)).not.toBeInTheDocument();
  });

  it('turns the blocker\'s open profile and post page into not found', async () => {
    const profile = await renderWithProviders({ route: `/users/${SEED_USER_IDS.maya}`, authAs: DEMO_CREDENTIALS });
    await screen.findByRole('heading', { level: 1, name: 'Maya Patel' });
    await untilLive(profile.store);
    await elsewhere('maya_patel', 'POST', `/users/block/${SEED_USER_IDS.ava}`);
    expect(await screen.findByText('No member has this address. They may have left, or the link is mistyped.')).toBeInTheDocument();
    profile.unmount();
    await elsewhere('maya_patel', 'POST', `/users/unblock/${SEED_USER_IDS.ava}`);

    const post = await renderWithProviders({ route: `/posts/${seedPostId(2)}`, authAs: DEMO_CREDENTIALS });
    expect(await screen.findByText(LAKE)).toBeInTheDocument();
    await untilLive(post.store);
    await elsewhere('maya_patel', 'POST', `/users/block/${SEED_USER_IDS.ava}`);
    expect(await screen.findByText('This post does not exist or was deleted.')).toBeInTheDocument();
    expect(screen.queryByText(LAKE)).not.toBeInTheDocument();
  });

  it('drops the posts of a member who deleted their account from Explore at once, saying nothing', async () => {
    const { store } = await renderWithProviders({ route: '/explore', authAs: DEMO_CREDENTIALS });
    const feed = await findFeed('Explore');
    await untilLive(store);
    const before = contentsOf(feed);
    const mayas = new Set([...getMockDb().posts.values()].filter((post) => post.authorId === SEED_USER_IDS.maya).map((post) => post.content));
    expect(before.some((text) => mayas.has(text))).toBe(true);

    await elsewhere('maya_patel', 'POST', '/account/deletion', { password: DEMO_CREDENTIALS.password });
    await waitFor(() => expect(screen.queryByText(LAKE)).not.toBeInTheDocument());
    expect(contentsOf(await findFeed('Explore'))).toEqual(before.filter((text) => !mayas.has(text)));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('ends the session here when the password is changed on another device', async () => {
    const { router, store } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    await findFeed('Latest Posts');
    await untilLive(store);
    await elsewhere('demo_user', 'POST', '/users/edit', { userData: { password: 'a-new-password', currentPassword: DEMO_CREDENTIALS.password } });
    expect(await screen.findByText('Your session has ended. Please log in again.')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/login');
  });

  it('ends the session here when the moderators suspend the account, and /login says it is suspended', async () => {
    const moderator = getMockDb().users.get(SEED_USER_IDS.maya);
    if (moderator) moderator.role = 'moderator';
    const { router, store } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    await findFeed('Latest Posts');
    await untilLive(store);
    await elsewhere('maya_patel', 'POST', '/moderation/actions', { subject: { member: SEED_USER_IDS.ava }, action: 'suspend', reason: 'Spam everywhere.' });
    expect(await screen.findByText(MESSAGES.accountSuspended)).toBeInTheDocument();
    expect(screen.queryByText('Your session has ended. Please log in again.')).not.toBeInTheDocument();
    expect(currentPath(router)).toBe('/login');
  });

  it('ends the session when the backend refuses the stream its token', async () => {
    server.use(http.get(EVENTS_URL, () => HttpResponse.json({ errors: [MESSAGES.tokenInvalid], code: ERROR_CODES.tokenInvalid }, { status: 401 })));
    const { router } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    expect(await screen.findByText('Your session has ended. Please log in again.')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/login');
  });

  it('opens the stream again after a failure', async () => {
    const opened = watchStreams();
    server.use(http.get(EVENTS_URL, () => HttpResponse.json({ errors: [MESSAGES.serviceUnavailable] }, { status: 503 }), { once: true }));
    const { store } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    await findFeed('Latest Posts');
    await untilLive(store);
    expect(opened).toHaveLength(2);
    await elsewhere('zoe_martin', 'POST', `/posts/like/${seedPostId(2)}`);
    expect(await within(cardWith(LAKE)).findByRole('button', { name: 'Like, 3 likes' })).toBeInTheDocument();
  });

  it('keeps the member where they are when the session holds too many streams (429), and opens one again later', async () => {
    const opened = watchStreams();
    server.use(http.get(EVENTS_URL, () => HttpResponse.json({ errors: [MESSAGES.tooManyStreams], code: ERROR_CODES.tooManyStreams }, { status: 429 }), { once: true }));
    const { store, router } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    await findFeed('Latest Posts');
    await untilLive(store);
    expect(opened).toHaveLength(2);
    expect(currentPath(router)).toBe('/');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await elsewhere('zoe_martin', 'POST', `/posts/like/${seedPostId(2)}`);
    expect(await within(cardWith(LAKE)).findByRole('button', { name: 'Like, 3 likes' })).toBeInTheDocument();
  });

  it('loads the lists again on a reset, and opens again from where it left off', async () => {
    const opened = watchStreams();
    let letReset: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      letReset = resolve;
    });
    // The first stream hears nothing until it says "reset", then ends.
    server.use(http.get(EVENTS_URL, async () => {
      await held;
      return new HttpResponse(`id: ${getMockDb().version}\nevent: reset\ndata: {}\n\n`, { headers: { 'content-type': 'text/event-stream' } });
    }, { once: true }));
    await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    await findFeed('Latest Posts');
    await elsewhere('maya_patel', 'POST', '/posts', { postData: { text: 'Missed by the stream.' } });
    letReset();
    expect(await screen.findByText('Missed by the stream.')).toBeInTheDocument();
    await waitFor(() => expect(opened).toEqual([null, String(getMockDb().version)]));
  });

  it('from a backend without the stream: no stream, and lists load again when the tab comes back into view', async () => {
    withoutEvents();
    const opened = watchStreams();
    await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    await findFeed('Latest Posts');
    await elsewhere('maya_patel', 'POST', '/posts', { postData: { text: 'Seen on coming back.' } });
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(await screen.findByText('Seen on coming back.')).toBeInTheDocument();
    expect(opened).toEqual([]);
  });

  it('from a backend without the stream: Home checks for new posts every minute and shows them behind the button', async () => {
    withoutEvents();
    const every = jest.spyOn(window, 'setInterval');
    await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    await findFeed('Latest Posts');
    const minutely = every.mock.calls.find(([, ms]) => ms === NEW_POSTS_CHECK_MS)?.[0];
    every.mockRestore();
    expect(typeof minutely).toBe('function');

    await elsewhere('maya_patel', 'POST', '/posts', { postData: { text: 'Found by the check.' } });
    expect(screen.queryByRole('button', { name: '1 new post' })).not.toBeInTheDocument();
    act(() => (minutely as () => void)());
    expect(await screen.findByRole('button', { name: '1 new post' })).toBeInTheDocument();
    expect(screen.queryByText('Found by the check.')).not.toBeInTheDocument();
  });
});

describe('a refusal that says it is so already (another device got there first, the stream down)', () => {
  it('"Post not bookmarked yet": the icon empties, with one toast', async () => {
    withoutEvents();
    const { user } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    await findFeed('Latest Posts');
    await elsewhere('demo_user', 'POST', `/users/remove-bookmark/${DEMO_BOOKMARK_POST_ID}`);
    const bookmark = within(cardWith(LIGHTS)).getByRole('button', { name: 'Bookmark' });
    expect(bookmark).toHaveAttribute('aria-pressed', 'true');

    await user.click(bookmark);
    expect(await screen.findByText(MESSAGES.notBookmarked)).toBeInTheDocument();
    expect(screen.getAllByText(MESSAGES.notBookmarked)).toHaveLength(1);
    expect(within(cardWith(LIGHTS)).getByRole('button', { name: 'Bookmark' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('"already liked": the card shows the like and the backend’s count', async () => {
    withoutEvents();
    const { user } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    await findFeed('Latest Posts');
    await elsewhere('demo_user', 'POST', `/posts/like/${seedPostId(2)}`);

    await user.click(within(cardWith(LAKE)).getByRole('button', { name: 'Like, 2 likes' }));
    expect(await screen.findByText(MESSAGES.alreadyLiked)).toBeInTheDocument();
    // The count and the heart come back from the backend in two steps: the card ends with both.
    expect(await within(cardWith(LAKE)).findByRole('button', { name: 'Like, 3 likes', pressed: true })).toBeInTheDocument();
    expect(screen.getAllByText(MESSAGES.alreadyLiked)).toHaveLength(1);
  });

  it('"already following": the button offers Unfollow', async () => {
    withoutEvents();
    const { user } = await renderWithProviders({ route: `/users/${SEED_USER_IDS.noah}`, authAs: DEMO_CREDENTIALS });
    const [follow] = await screen.findAllByRole('button', { name: 'Follow Noah Kim' });
    await elsewhere('demo_user', 'POST', `/users/follow/${SEED_USER_IDS.noah}`);

    await user.click(follow!);
    expect(await screen.findByText(MESSAGES.alreadyFollowing)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Follow Noah Kim' })).not.toBeInTheDocument());
    expect(screen.getAllByText(MESSAGES.alreadyFollowing)).toHaveLength(1);
  });
});
