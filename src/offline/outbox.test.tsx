import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { errorBody } from '../../contract/errors';
import { MESSAGE_STATUS, MESSAGES, type MessageKey } from '../../contract/messages';
import { DEMO_CREDENTIALS, DEMO_USER_ID, SEED_USER_IDS, seedPostId } from '../../contract/seed/default';
import { getMockDb, server, TEST_API_BASE } from '../../mocks/testing/node';
import { connectionText } from '../features/live/connectionTexts';
import { cardWith, findFeed, recordCalls, renderHome } from '../test/posts';
import { currentPath, renderAfterReload, renderWithProviders, topBar } from '../test/renderWithProviders';
import { COFFEE, GOLDEN, LAKE } from '../test/seedTexts';
import { createKeptReads, keepReadsIn, type KeptReads } from './keptReads';
import { memoryStorage } from './memoryStorage';
import { createKeptOutbox, keepOutboxIn } from './outboxStorage';
import { OUTBOX_CHANNEL } from './outboxListeners';
import { callAs } from '../../mocks/testing/testSupport';
import { activateLanguage } from '../i18n/i18n';

const LAKE_ID = seedPostId(2);

let outboxStorage: ReturnType<typeof memoryStorage>;
let kept: KeptReads;

beforeEach(() => {
  outboxStorage = memoryStorage();
  keepOutboxIn(createKeptOutbox(outboxStorage));
  kept = createKeptReads({ storage: memoryStorage() });
  keepReadsIn(kept);
});

afterEach(() => {
  keepOutboxIn(null);
  keepReadsIn(null);
});

/** Nothing answers: every call fails as with no network. */
function networkGone(): void {
  server.use(http.all(`${TEST_API_BASE}/*`, () => HttpResponse.error()));
}

/** The browser says it is online again; the backend answers as its handlers say now. */
function browserOnline(): void {
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
}

/** The network is back, and the browser says so. */
function networkBack(): void {
  server.resetHandlers();
  browserOnline();
}

/** The notice that the backend cannot be reached goes: the app has heard from it again. */
async function expectReachedAgain(): Promise<void> {
  await waitFor(() => expect(screen.queryByText(connectionText('unreachable'))).not.toBeInTheDocument(), { timeout: 5_000 });
}

/**
 * A write taken back before it went: nothing waits to send, and once the network is back and the app
 * has reached the backend, the backend holds none of it (`stored`).
 */
async function expectNothingSent(stored: () => unknown[]): Promise<void> {
  await waitFor(() => expect(keptWrites()).toEqual([]));
  networkBack();
  await expectReachedAgain();
  expect(stored()).toEqual([]);
}

/** The network is back, and the backend refuses every POST to `path` as it does for `key`. */
function backRefusing(path: string, key: MessageKey): void {
  server.resetHandlers();
  server.use(http.post(`${TEST_API_BASE}${path}`, () => HttpResponse.json(errorBody(key), { status: MESSAGE_STATUS[key] })));
  browserOnline();
}

/** The toast that gives the backend's reason for taking a write back. */
function findReason(key: MessageKey): Promise<HTMLElement> {
  return screen.findByText(new RegExp(MESSAGES[key].replace(/[.!?]/g, '.')), {}, { timeout: 5_000 });
}

/** Counts the changes to the page after which `text` shows nowhere on it; `timesGone` stops counting. */
function watchOnScreen(text: string): { timesGone(): number } {
  let gone = 0;
  const watch = new MutationObserver(() => {
    if (!document.body.textContent?.includes(text)) gone += 1;
  });
  watch.observe(document.body, { childList: true, subtree: true, characterData: true });
  return {
    timesGone() {
      watch.disconnect();
      return gone;
    },
  };
}

/** The like button of a card, as a member finds it: by its count and whether it is pressed. */
function likeOf(card: HTMLElement, count: number, pressed: boolean) {
  return within(card).getByRole('button', { name: `Like, ${count} ${count === 1 ? 'like' : 'likes'}`, pressed });
}

/** The card's "Waiting to send" line, if shown. */
function waitingOn(card: HTMLElement): HTMLElement | null {
  return within(card).queryByText('Waiting to send');
}

const likedByDemo = (postId: string) => getMockDb().posts.get(postId)?.likedBy.includes(DEMO_USER_ID) ?? false;

/** The member's writes the browser keeps, as [kind, post] pairs. */
function keptWrites(): [string, string][] {
  const writes = (outboxStorage.data.get(`writes ${DEMO_USER_ID}`) ?? []) as { kind: string; target: string }[];
  return writes.map((write) => [write.kind, write.target]);
}

/** Ava's Home, the network gone, and the lake post liked: the like waits, kept in the browser. */
async function lakeLikedOffline() {
  const view = await renderHome();
  networkGone();
  await view.user.click(likeOf(cardWith(LAKE), 2, false));
  await waitFor(() => expect(keptWrites()).toHaveLength(1));
  return view;
}

describe('a change made with no network waits, and is sent once the backend answers', () => {
  it('a like shows at once with "Waiting to send", is kept in the browser, and is stored once, in place', async () => {
    const { user } = await renderHome();
    networkGone();
    await user.click(likeOf(cardWith(LAKE), 2, false));

    expect(await within(cardWith(LAKE)).findByText('Waiting to send')).toBeInTheDocument();
    expect(likeOf(cardWith(LAKE), 3, true)).toBeInTheDocument();
    expect(screen.queryByText(/Your like was not saved/)).not.toBeInTheDocument();
    await waitFor(() => expect(keptWrites()).toEqual([['like', LAKE_ID]]));
    expect(await screen.findByText(connectionText('unreachable'))).toBeInTheDocument();
    expect(likedByDemo(LAKE_ID)).toBe(false);

    const calls = recordCalls();
    networkBack();
    await waitFor(() => expect(waitingOn(cardWith(LAKE))).toBeNull(), { timeout: 5_000 });
    calls.stop();
    expect(likedByDemo(LAKE_ID)).toBe(true);
    expect(calls.calls.filter((call) => call.startsWith('POST /posts/like/'))).toEqual([`POST /posts/like/${LAKE_ID}`]);
    await waitFor(() => expect(likeOf(cardWith(LAKE), 3, true)).toBeInTheDocument());
    await waitFor(() => expect(keptWrites()).toEqual([]));
  });

  it('a like sent once the backend answers brings back that post alone, as the backend has it: Home does not load again', async () => {
    await lakeLikedOffline();
    // Meanwhile, on another device, Liam liked the post too.
    getMockDb().posts.get(LAKE_ID)?.likedBy.push(SEED_USER_IDS.liam);
    const calls = recordCalls();
    networkBack();
    await waitFor(() => expect(likeOf(cardWith(LAKE), 4, true)).toBeInTheDocument(), { timeout: 5_000 });
    await waitFor(() => expect(keptWrites()).toEqual([]));
    calls.stop();
    // The post alone is read again; no list holding it is (a post written meanwhile would wait behind "1 new post").
    expect(calls.calls.filter((call) => call.startsWith('GET /posts'))).toEqual([`GET /posts/${LAKE_ID}`]);
  });

  it('a like on a page whose reload failed (the tab came back to with no network) shows at once and waits', async () => {
    // A backend without the live stream: Home loads again when the member comes back to the tab.
    server.use(http.get(`${TEST_API_BASE}/health`, () => HttpResponse.json({ status: 'ok', extensions: ['pages', 'feed', 'return-minimal'] })));
    const { user } = await renderHome();
    networkGone();
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(await screen.findByText(connectionText('unreachable'))).toBeInTheDocument();
    await user.click(likeOf(cardWith(LAKE), 2, false));

    expect(await within(cardWith(LAKE)).findByText('Waiting to send')).toBeInTheDocument();
    expect(likeOf(cardWith(LAKE), 3, true)).toBeInTheDocument();
    networkBack();
    await waitFor(() => expect(keptWrites()).toEqual([]), { timeout: 5_000 });
    expect(likedByDemo(LAKE_ID)).toBe(true);
  });

  it('several changes go in the order made: a like then its dislike leave the post not liked', async () => {
    const { user } = await renderHome();
    networkGone();
    await user.click(likeOf(cardWith(LAKE), 2, false));
    await user.click(likeOf(cardWith(LAKE), 3, true));
    await user.click(within(cardWith(GOLDEN)).getByRole('button', { name: 'Bookmark', pressed: false }));
    await waitFor(() => expect(keptWrites()).toEqual([['like', LAKE_ID], ['dislike', LAKE_ID], ['bookmark', seedPostId(10)]]));
    expect(likeOf(cardWith(LAKE), 2, false)).toBeInTheDocument();
    expect(within(cardWith(GOLDEN)).getByRole('button', { name: 'Bookmark', pressed: true })).toBeInTheDocument();
    expect(waitingOn(cardWith(GOLDEN))).not.toBeNull();

    const calls = recordCalls();
    networkBack();
    await waitFor(() => expect(keptWrites()).toEqual([]), { timeout: 5_000 });
    calls.stop();
    expect(calls.calls.filter((call) => /^POST \/(posts\/(like|dislike)|users\/bookmark)\//.test(call))).toEqual([
      `POST /posts/like/${LAKE_ID}`,
      `POST /posts/dislike/${LAKE_ID}`,
      `POST /users/bookmark/${seedPostId(10)}`,
    ]);
    expect(likedByDemo(LAKE_ID)).toBe(false);
    expect(getMockDb().users.get(DEMO_USER_ID)?.bookmarks).toContain(seedPostId(10));
    await waitFor(() => expect(waitingOn(cardWith(GOLDEN))).toBeNull());
  });

  it('a bookmark made with no network is first on the Bookmarks page, waiting, even in a list loaded again, and stays once stored', async () => {
    const { user } = await renderHome();
    networkGone();
    await user.click(within(cardWith(GOLDEN)).getByRole('button', { name: 'Bookmark', pressed: false }));
    await waitFor(() => expect(keptWrites()).toEqual([['bookmark', seedPostId(10)]]));

    await user.click(screen.getAllByRole('link', { name: 'Bookmark' })[0]!);
    const feed = await findFeed('Bookmarks');
    const card = within(feed).getAllByRole('article')[0]!;
    expect(card).toHaveTextContent(GOLDEN);
    expect(within(card).getByRole('button', { name: 'Bookmark', pressed: true })).toBeInTheDocument();
    expect(waitingOn(card)).not.toBeNull();

    // The network is back, but the backend fails the bookmark (503, Retry-After: 1). Meanwhile the
    // member bookmarks the lake on another device: the list loads again, answered without the
    // bookmark that waits, which stays first in it.
    server.resetHandlers();
    let failing = true;
    server.use(http.post(`${TEST_API_BASE}/users/bookmark/:postId`, ({ params }) => (
      failing && params.postId === seedPostId(10) ? HttpResponse.json({ errors: [MESSAGES.serverError] }, { status: 503, headers: { 'retry-after': '1' } }) : undefined
    )));
    const calls = recordCalls();
    browserOnline();
    await expectReachedAgain();
    // In act: the live stream tells this app of it while the call is answered.
    expect((await act(() => callAs(DEMO_USER_ID, 'POST', `/users/bookmark/${LAKE_ID}`))).status).toBe(201);
    await waitFor(() => expect(within(feed).getAllByRole('article').map((article) => article.textContent?.includes(LAKE))).toContain(true), { timeout: 5_000 });
    expect(calls.calls.filter((call) => call.startsWith('GET /users/bookmark'))).not.toEqual([]);
    expect(keptWrites()).toEqual([['bookmark', seedPostId(10)]]);
    const shown = within(feed).getAllByRole('article');
    expect([shown[0]?.textContent?.includes(GOLDEN), shown[1]?.textContent?.includes(LAKE)]).toEqual([true, true]);
    expect(waitingOn(shown[0]!)).not.toBeNull();

    failing = false;
    await waitFor(() => expect(keptWrites()).toEqual([]), { timeout: 5_000 });
    calls.stop();
    expect(getMockDb().users.get(DEMO_USER_ID)?.bookmarks.filter((id) => id === seedPostId(10))).toHaveLength(1);
    await waitFor(() => expect(waitingOn(within(feed).getAllByRole('article')[0]!)).toBeNull());
    expect(within(await findFeed('Bookmarks')).getAllByRole('article')[0]).toHaveTextContent(GOLDEN);
  });

  it('a change made while others wait waits behind them, even with the backend back', async () => {
    const { user } = await lakeLikedOffline();
    // The backend answers again, and the app has not yet found out: the dislike goes after the like.
    server.resetHandlers();
    const calls = recordCalls();
    await user.click(likeOf(cardWith(LAKE), 3, true));
    await waitFor(() => expect(keptWrites()).toEqual([]), { timeout: 5_000 });
    calls.stop();
    expect(calls.calls.filter((call) => /^POST \/posts\/(like|dislike)\//.test(call))).toEqual([`POST /posts/like/${LAKE_ID}`, `POST /posts/dislike/${LAKE_ID}`]);
    expect(likedByDemo(LAKE_ID)).toBe(false);
  });

  it('a like for a post deleted meanwhile is taken back, with the reason', async () => {
    const { user } = await renderHome();
    networkGone();
    await user.click(likeOf(cardWith(LAKE), 2, false));
    await within(cardWith(LAKE)).findByText('Waiting to send');
    getMockDb().posts.delete(LAKE_ID);

    networkBack();
    expect(await screen.findByText(`Your like was not saved. ${MESSAGES.postNotFound}`, {}, { timeout: 5_000 })).toBeInTheDocument();
    await waitFor(() => expect(keptWrites()).toEqual([]));
    // The post is gone from Home too.
    await waitFor(() => expect(screen.queryByText(LAKE)).not.toBeInTheDocument());
  });

  it('a change the member cancels is taken back and never sent', async () => {
    const { user } = await renderHome();
    networkGone();
    await user.click(likeOf(cardWith(LAKE), 2, false));
    await user.click(await within(cardWith(LAKE)).findByRole('button', { name: 'Cancel what waits to send' }));

    await waitFor(() => expect(likeOf(cardWith(LAKE), 2, false)).toBeInTheDocument());
    expect(waitingOn(cardWith(LAKE))).toBeNull();
    await waitFor(() => expect(keptWrites()).toEqual([]));

    const calls = recordCalls();
    networkBack();
    await expectReachedAgain();
    calls.stop();
    expect(calls.calls.filter((call) => call.startsWith('POST /posts/like/'))).toEqual([]);
    expect(likedByDemo(LAKE_ID)).toBe(false);
  });

  it('a backend that fails the write (500) keeps it waiting; nothing is lost', async () => {
    await lakeLikedOffline();
    server.resetHandlers();
    server.use(http.post(`${TEST_API_BASE}/posts/like/:postId`, () => HttpResponse.json({ errors: [MESSAGES.serverError] }, { status: 500 })));
    browserOnline();
    await expectReachedAgain();
    expect(keptWrites()).toEqual([['like', LAKE_ID]]);
    expect(waitingOn(cardWith(LAKE))).not.toBeNull();
    expect(likeOf(cardWith(LAKE), 3, true)).toBeInTheDocument();
  });
  it('a backend that says the session is over (401) sends the member to log in; the write stays kept for them', async () => {
    const { router } = await lakeLikedOffline();
    server.resetHandlers();
    server.use(http.post(`${TEST_API_BASE}/posts/like/:postId`, () => HttpResponse.json({ errors: [MESSAGES.tokenInvalid] }, { status: 401 })));
    browserOnline();
    await waitFor(() => expect(currentPath(router)).toBe('/login'), { timeout: 5_000 });
    expect(keptWrites()).toEqual([['like', LAKE_ID]]);
  });
});

describe('a follow made with no network', () => {
  const whoToFollow = () => within(screen.getByRole('complementary', { name: 'People' })).getByRole('region', { name: 'Who to follow?' });
  const follows = (followee: string) => getMockDb().users.get(DEMO_USER_ID)?.following.includes(followee) ?? false;

  /** Ava's profile, the network gone, and Noah followed from "Who to follow?": his row, Unfollow in it. */
  async function noahFollowedOffline() {
    const view = await renderWithProviders({ route: `/users/${DEMO_USER_ID}`, authAs: DEMO_CREDENTIALS });
    await within(await screen.findByRole('complementary', { name: 'People' })).findByRole('link', { name: /Noah Kim/ });
    // The profile itself first: a page whose first load the network's end cuts short says so instead.
    await screen.findByRole('region', { name: 'Ava Reed' });
    await within(await screen.findByRole('feed', { name: 'Posts by Ava Reed' })).findAllByRole('article');
    networkGone();
    await view.user.click(within(whoToFollow()).getByRole('button', { name: 'Follow Noah Kim' }));
    const row = within(whoToFollow()).getByRole('button', { name: 'Unfollow Noah Kim' }).closest('li');
    if (!row) throw new Error("Noah's row in Who to follow?");
    return { ...view, row };
  }

  it('shows at once with "Waiting to send" under the button, and is stored once when the backend answers', async () => {
    const { row } = await noahFollowedOffline();
    expect(await within(row).findByText('Waiting to send')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Ava Reed' })).getByText('3 Following')).toBeInTheDocument();
    await waitFor(() => expect(keptWrites()).toEqual([['follow', SEED_USER_IDS.noah]]));

    networkBack();
    await waitFor(() => expect(keptWrites()).toEqual([]), { timeout: 5_000 });
    expect(follows(SEED_USER_IDS.noah)).toBe(true);
    await waitFor(() => expect(screen.queryByText('Waiting to send')).not.toBeInTheDocument());
    // Both records load again, as the backend has them.
    expect(await within(screen.getByRole('region', { name: 'Ava Reed' })).findByText('3 Following')).toBeInTheDocument();
  });

  it('cancelled, it is taken back: Follow again, and nothing is sent', async () => {
    const { user, row } = await noahFollowedOffline();
    await user.click(await within(row).findByRole('button', { name: 'Cancel what waits to send' }));

    await waitFor(() => expect(within(row).getByRole('button', { name: 'Follow Noah Kim' })).toBeInTheDocument());
    expect(within(screen.getByRole('region', { name: 'Ava Reed' })).getByText('2 Following')).toBeInTheDocument();
    networkBack();
    await expectReachedAgain();
    expect(follows(SEED_USER_IDS.noah)).toBe(false);
  });
});

describe('a post written with no network', () => {
  const TEXT = 'Written on the train, sent when the signal comes back.';

  /** The composer, the text typed and Post pressed with no network: the post waits above the feed. */
  async function postedOffline() {
    const view = await renderHome();
    networkGone();
    const composer = screen.getByRole('form', { name: 'Create a post' });
    await view.user.type(within(composer).getByRole('textbox', { name: 'New post text' }), TEXT);
    await view.user.click(within(composer).getByRole('button', { name: 'Post' }));
    return { ...view, composer };
  }

  const waitingPost = () => within(screen.getByRole('region', { name: 'Posts waiting to send' })).getByRole('article');
  const storedWithText = () => [...getMockDb().posts.values()].filter((post) => post.content === TEXT);

  it('says it waits in German: the section, the post, its Cancel, and the toast', async () => {
    await activateLanguage('de');
    const { user } = await renderHome();
    networkGone();
    const composer = screen.getByRole('form', { name: 'Beitrag erstellen' });
    await user.type(within(composer).getByRole('textbox', { name: 'Text des neuen Beitrags' }), TEXT);
    await user.click(within(composer).getByRole('button', { name: 'Posten' }));
    expect(await screen.findByText('Keine Verbindung: Dein Beitrag wird gesendet, sobald sie zurück ist.')).toBeInTheDocument();
    const waiting = within(screen.getByRole('region', { name: 'Beiträge, die auf das Senden warten' })).getByRole('article', { name: 'Ava Reed, wartet auf das Senden' });
    expect(within(waiting).getByText('Wartet auf das Senden')).toBeInTheDocument();
    await user.click(within(waiting).getByRole('button', { name: 'Abbrechen, was auf das Senden wartet' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Beiträge, die auf das Senden warten' })).not.toBeInTheDocument());
    // Given back to the composer, as it was written.
    expect(within(composer).getByRole('textbox', { name: 'Text des neuen Beitrags' })).toHaveValue(TEXT);
  });

  it('waits above the feed with "Waiting to send", the composer free, and is stored once when the network is back', async () => {
    const { composer } = await postedOffline();
    expect(await screen.findByText('No connection: your post will be sent once it is back.')).toBeInTheDocument();
    expect(within(composer).getByRole('textbox', { name: 'New post text' })).toHaveValue('');
    expect(waitingPost()).toHaveTextContent(TEXT);
    expect(within(waitingPost()).getByText('Waiting to send')).toBeInTheDocument();
    await waitFor(() => expect(keptWrites().map(([kind]) => kind)).toEqual(['post']));
    expect(screen.queryByText('New Post Created Successfully!')).not.toBeInTheDocument();

    // On screen all along: from the waiting post to the feed's, never nowhere in between.
    const watch = watchOnScreen(TEXT);
    networkBack();
    await waitFor(() => expect(keptWrites()).toEqual([]), { timeout: 5_000 });
    expect(storedWithText()).toHaveLength(1);
    // The feed shows it as the network's, and the waiting one is gone.
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Posts waiting to send' })).not.toBeInTheDocument());
    const feed = await findFeed('Latest Posts');
    await waitFor(() => expect(within(feed).getAllByRole('article')[0]).toHaveTextContent(TEXT));
    expect(watch.timesGone()).toBe(0);
  });

  it('written after a start with no network, it waits too: the backend\'s health, as kept, says it stores a post once', async () => {
    const first = await renderHome();
    await waitFor(async () => expect((await kept.size()).pages).toBeGreaterThanOrEqual(2));
    first.unmount();
    networkGone();
    const { user } = renderAfterReload('/');
    await findFeed('Latest Posts');
    const composer = screen.getByRole('form', { name: 'Create a post' });
    await user.type(within(composer).getByRole('textbox', { name: 'New post text' }), TEXT);
    await user.click(within(composer).getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('No connection: your post will be sent once it is back.')).toBeInTheDocument();
    expect(waitingPost()).toHaveTextContent(TEXT);

    networkBack();
    await waitFor(() => expect(keptWrites()).toEqual([]), { timeout: 5_000 });
    expect(storedWithText()).toHaveLength(1);
  });

  it('its answer lost once, it is sent again with its key and stored once', async () => {
    await postedOffline();
    await waitFor(() => expect(keptWrites().map(([kind]) => kind)).toEqual(['post']));
    server.resetHandlers();
    // The backend stores it, and its answer never comes back: the outbox sends it again with the same key.
    let lost = false;
    server.use(http.post(`${TEST_API_BASE}/posts/`, async ({ request }) => {
      if (lost) return undefined;
      lost = true;
      await fetch(new Request(request.url, { method: 'POST', headers: request.headers, body: await request.text() }));
      return HttpResponse.error();
    }));
    browserOnline();
    await waitFor(() => expect(keptWrites()).toEqual([]), { timeout: 10_000 });
    expect(storedWithText()).toHaveLength(1);
  });

  it('cancelled, it goes back to the composer, and nothing is sent', async () => {
    const { user, composer } = await postedOffline();
    await user.click(within(waitingPost()).getByRole('button', { name: 'Cancel what waits to send' }));
    await waitFor(() => expect(within(composer).getByRole('textbox', { name: 'New post text' })).toHaveValue(TEXT));
    expect(screen.queryByRole('region', { name: 'Posts waiting to send' })).not.toBeInTheDocument();
    await expectNothingSent(storedWithText);
  });

  it('refused when sent, it is taken back with the reason, its text in the composer before what was typed since', async () => {
    const { user, composer } = await postedOffline();
    await waitFor(() => expect(keptWrites().map(([kind]) => kind)).toEqual(['post']));
    await user.type(within(composer).getByRole('textbox', { name: 'New post text' }), 'And another thought.');
    backRefusing('/posts/', 'postEmpty');
    expect(await findReason('postEmpty')).toBeInTheDocument();
    await waitFor(() => expect(within(composer).getByRole('textbox', { name: 'New post text' })).toHaveValue(`${TEXT}\n\nAnd another thought.`));
    expect(screen.queryByRole('region', { name: 'Posts waiting to send' })).not.toBeInTheDocument();
    expect(keptWrites()).toEqual([]);
    expect(storedWithText()).toEqual([]);
  });
});

describe('an edit made with no network', () => {
  const EDITED = 'Three cups, written on the train.';
  const COFFEE_ID = seedPostId(11);

  /** Ava's coffee post edited with no network, once Home is kept: the edit waits, shown on the card. */
  async function editedOffline() {
    const view = await renderHome();
    await waitFor(async () => expect((await kept.size()).pages).toBeGreaterThanOrEqual(2));
    networkGone();
    await view.user.click(within(cardWith(COFFEE)).getByRole('button', { name: 'Edit post' }));
    const box = within(screen.getByRole('dialog', { name: 'New Post Content:' })).getByRole('textbox', { name: 'Post content' });
    await view.user.clear(box);
    await view.user.type(box, EDITED);
    await view.user.click(screen.getByRole('button', { name: 'Update Post' }));
    return view;
  }

  const storedText = () => getMockDb().posts.get(COFFEE_ID)?.content;

  it('shows at once on the card with "Waiting to send", the window closed, and is stored once when the network is back', async () => {
    await editedOffline();
    expect(await screen.findByText('No connection: your edit will be sent once it is back.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(cardWith(EDITED)).getByText('Waiting to send')).toBeInTheDocument();
    expect(screen.queryByText(COFFEE)).not.toBeInTheDocument();
    await waitFor(() => expect(keptWrites()).toEqual([['edit', COFFEE_ID]]));
    expect(storedText()).toBe(COFFEE);

    const calls = recordCalls();
    networkBack();
    await waitFor(() => expect(keptWrites()).toEqual([]), { timeout: 5_000 });
    calls.stop();
    expect(calls.calls.filter((call) => call.startsWith('POST /posts/edit/'))).toEqual([`POST /posts/edit/${COFFEE_ID}`]);
    expect(storedText()).toBe(EDITED);
    await waitFor(() => expect(waitingOn(cardWith(EDITED))).toBeNull());
    expect(screen.queryByText('Post Edited Successfully!')).not.toBeInTheDocument();
  });

  it('shown again on the card after a reload with no network, over the text the browser kept', async () => {
    const first = await editedOffline();
    await waitFor(() => expect(keptWrites()).toEqual([['edit', COFFEE_ID]]));
    first.unmount();

    const { user } = renderAfterReload('/');
    await findFeed('Latest Posts');
    expect(await screen.findByRole('link', { name: EDITED }, { timeout: 5_000 })).toBeInTheDocument();
    expect(within(cardWith(EDITED)).getByText('Waiting to send')).toBeInTheDocument();
    expect(screen.queryByText(COFFEE)).not.toBeInTheDocument();
    // Cancelled there, the card shows the text the post had, and the edit window holds the new one.
    await user.click(within(cardWith(EDITED)).getByRole('button', { name: 'Cancel what waits to send' }));
    expect(await screen.findByRole('link', { name: COFFEE })).toBeInTheDocument();
    await waitFor(() => expect(keptWrites()).toEqual([]));
    await user.click(within(cardWith(COFFEE)).getByRole('button', { name: 'Edit post' }));
    expect(within(screen.getByRole('dialog', { name: 'New Post Content:' })).getByRole('textbox', { name: 'Post content' })).toHaveValue(EDITED);
  });

  it('cancelled, the card shows the text it had, the new text waits in the edit window, and nothing is sent', async () => {
    const { user } = await editedOffline();
    await user.click(await within(cardWith(EDITED)).findByRole('button', { name: 'Cancel what waits to send' }));
    expect(await screen.findByRole('link', { name: COFFEE })).toBeInTheDocument();
    expect(waitingOn(cardWith(COFFEE))).toBeNull();
    await waitFor(() => expect(keptWrites()).toEqual([]));

    await user.click(within(cardWith(COFFEE)).getByRole('button', { name: 'Edit post' }));
    expect(within(screen.getByRole('dialog', { name: 'New Post Content:' })).getByRole('textbox', { name: 'Post content' })).toHaveValue(EDITED);

    const calls = recordCalls();
    networkBack();
    await expectReachedAgain();
    calls.stop();
    expect(calls.calls.filter((call) => call.startsWith('POST /posts/edit/'))).toEqual([]);
    expect(storedText()).toBe(COFFEE);
  });

  it('refused when sent (the post deleted meanwhile), it is taken back with the reason, its text in the composer', async () => {
    await editedOffline();
    await waitFor(() => expect(keptWrites()).toEqual([['edit', COFFEE_ID]]));
    getMockDb().posts.delete(COFFEE_ID);
    networkBack();
    expect(await findReason('postNotFound')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('form', { name: 'Create a post' })).getByRole('textbox', { name: 'New post text' })).toHaveValue(EDITED));
    // The post is gone from Home too.
    await waitFor(() => expect(screen.queryByRole('link', { name: EDITED })).not.toBeInTheDocument());
    expect(keptWrites()).toEqual([]);
  });
});

describe('a reply written with no network', () => {
  const POST = seedPostId(5);
  const REPLY = 'Which trail was it? I want to walk it next spring.';
  const replyBox = () => screen.getByRole('textbox', { name: 'Your reply' });
  const waitingReply = () => within(screen.getByRole('region', { name: 'Replies waiting to send' })).getByRole('article');
  const storedReplies = () => [...getMockDb().replies.values()].filter((reply) => reply.content === REPLY);

  async function repliedOffline() {
    const view = await renderWithProviders({ route: `/posts/${POST}`, authAs: DEMO_CREDENTIALS });
    await screen.findByRole('heading', { name: 'Replies', level: 2 }, { timeout: 10_000 });
    networkGone();
    await view.user.type(replyBox(), REPLY);
    await view.user.click(screen.getByRole('button', { name: 'Reply' }));
    expect(await screen.findByText('No connection: your reply will be sent once it is back.')).toBeInTheDocument();
    return view;
  }

  it('waits under the reply box with "Waiting to send", the box free, and is stored once when the network is back', async () => {
    await repliedOffline();
    expect(replyBox()).toHaveValue('');
    expect(waitingReply()).toHaveTextContent(REPLY);
    expect(within(waitingReply()).getByText('Waiting to send')).toBeInTheDocument();
    await waitFor(() => expect(keptWrites()).toEqual([['reply', expect.any(String)]]));

    // On screen all along: from the waiting reply to the list's, never nowhere in between.
    const watch = watchOnScreen(REPLY);
    networkBack();
    await waitFor(() => expect(keptWrites()).toEqual([]), { timeout: 5_000 });
    expect(storedReplies()).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Replies waiting to send' })).not.toBeInTheDocument());
    expect(await within(screen.getByRole('list', { name: 'Replies' })).findByText(REPLY)).toBeInTheDocument();
    expect(watch.timesGone()).toBe(0);
  });

  it('cancelled, it goes back to the reply box, and nothing is sent', async () => {
    const { user } = await repliedOffline();
    await user.click(within(waitingReply()).getByRole('button', { name: 'Cancel what waits to send' }));
    await waitFor(() => expect(replyBox()).toHaveValue(REPLY));
    expect(screen.queryByRole('region', { name: 'Replies waiting to send' })).not.toBeInTheDocument();
    await expectNothingSent(storedReplies);
  });

  it('refused when sent (the post deleted meanwhile), it is taken back with the reason, its text in the reply box', async () => {
    await repliedOffline();
    await waitFor(() => expect(keptWrites().map(([kind]) => kind)).toEqual(['reply']));
    backRefusing('/posts/:postId/replies', 'postNotFound');
    expect(await findReason('postNotFound')).toBeInTheDocument();
    await waitFor(() => expect(replyBox()).toHaveValue(REPLY));
    expect(keptWrites()).toEqual([]);
    expect(storedReplies()).toEqual([]);
  });
});

describe('what waits survives the tab', () => {
  /** Home read (and kept), the lake post liked with no network, the tab closed and opened again, still offline. */
  async function likedThenReopened() {
    const first = await renderHome();
    await waitFor(async () => expect((await kept.size()).pages).toBeGreaterThanOrEqual(2));
    networkGone();
    await first.user.click(likeOf(cardWith(LAKE), 2, false));
    await waitFor(() => expect(keptWrites()).toEqual([['like', LAKE_ID]]));
    first.unmount();
    renderAfterReload('/');
    await findFeed('Latest Posts');
  }

  it('a like made offline is shown after a reload with no network, and sent once the network is back', async () => {
    await likedThenReopened();
    await waitFor(() => expect(likeOf(cardWith(LAKE), 3, true)).toBeInTheDocument());
    expect(waitingOn(cardWith(LAKE))).not.toBeNull();

    networkBack();
    await waitFor(() => expect(keptWrites()).toEqual([]), { timeout: 5_000 });
    expect(likedByDemo(LAKE_ID)).toBe(true);
    expect(getMockDb().posts.get(LAKE_ID)?.likedBy.filter((id) => id === DEMO_USER_ID)).toHaveLength(1);
    await waitFor(() => expect(waitingOn(cardWith(LAKE))).toBeNull());
  });

  it('a like another tab sent meanwhile is not sent again: the card shows it stored, no longer waiting', async () => {
    // This tab opened again on what was kept, as a second tab would be.
    await likedThenReopened();
    await waitFor(() => expect(waitingOn(cardWith(LAKE))).not.toBeNull());

    // Another tab of the browser, back on the network first, sends the like and takes it off the
    // browser's copy of the outbox.
    server.resetHandlers();
    expect((await callAs(DEMO_USER_ID, 'POST', `/posts/like/${LAKE_ID}`)).status).toBe(201);
    outboxStorage.data.set(`writes ${DEMO_USER_ID}`, []);

    const calls = recordCalls();
    networkBack();
    await waitFor(() => expect(waitingOn(cardWith(LAKE))).toBeNull(), { timeout: 5_000 });
    await waitFor(() => expect(likeOf(cardWith(LAKE), 3, true)).toBeInTheDocument());
    calls.stop();
    expect(calls.calls.filter((call) => call.startsWith('POST /posts/like/'))).toEqual([]);
    expect(getMockDb().posts.get(LAKE_ID)?.likedBy.filter((id) => id === DEMO_USER_ID)).toHaveLength(1);
  });

  it('logging out while changes wait asks first; Stay keeps them, Log out anyway forgets them', async () => {
    const { user, router } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    await findFeed('Latest Posts');
    networkGone();
    await user.click(likeOf(cardWith(LAKE), 2, false));
    await user.click(likeOf(cardWith(GOLDEN), 2, true));
    await waitFor(() => expect(keptWrites()).toHaveLength(2));

    await user.click(within(topBar()).getByRole('button', { name: 'Logout' }));
    const asking = await screen.findByRole('dialog', { name: 'Log out with changes not sent?' });
    expect(within(asking).getByText('2 changes you made while SocialConnect could not be reached have not been sent yet. Logging out now discards them.')).toBeInTheDocument();
    await user.click(within(asking).getByRole('button', { name: 'Stay logged in' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(currentPath(router)).toBe('/');
    expect(keptWrites()).toHaveLength(2);

    server.resetHandlers();
    server.use(http.all(`${TEST_API_BASE}/posts/*`, () => HttpResponse.error()));
    await user.click(within(topBar()).getByRole('button', { name: 'Logout' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Log out with changes not sent?' })).getByRole('button', { name: 'Log out anyway' }));
    await screen.findByRole('heading', { name: 'Login' });
    await waitFor(() => expect([...outboxStorage.data.keys()]).toEqual([]));
    expect(likedByDemo(LAKE_ID)).toBe(false);
  });

  it('with nothing waiting, Logout logs out at once', async () => {
    const { user } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    await findFeed('Latest Posts');
    await user.click(within(topBar()).getByRole('button', { name: 'Logout' }));
    await screen.findByRole('heading', { name: 'Login' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a member logging in on the same browser finds none of the last member\'s waiting changes', async () => {
    await createKeptOutbox(outboxStorage).add({ id: 'w1', member: 'u-someone-else', kind: 'like', target: LAKE_ID, request: { url: `/posts/like/${LAKE_ID}`, method: 'POST' }, at: 1 });
    await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    await findFeed('Latest Posts');
    await waitFor(() => expect([...outboxStorage.data.keys()]).toEqual([]));
    expect(likeOf(cardWith(LAKE), 2, false)).toBeInTheDocument();
  });
});

describe("the member's tabs of one browser", () => {
  // Two tabs, each an app of its own in one document, as a browser's tabs share IndexedDB, a
  // BroadcastChannel and Web Locks. jsdom has no Web Locks: an exclusive lock, in the order asked.
  let tail: Promise<unknown>;
  beforeEach(() => {
    tail = Promise.resolve();
    const locks = {
      request: (_name: string, work: () => Promise<unknown>) => {
        const turn = tail.then(work);
        tail = turn.catch(() => undefined);
        return turn;
      },
    };
    Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
  });
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'locks');
  });

  const lakeIn = (tab: HTMLElement) => {
    const article = within(tab).getByText(LAKE).closest('article');
    if (!article) throw new Error('No card shows the lake post');
    return article as HTMLElement;
  };

  /** Ava's Home in two tabs, the network then gone, and the lake post liked in the first. */
  async function likedInFirstTab() {
    const first = await renderHome();
    const second = renderAfterReload('/');
    await within(second.container).findByRole('feed', { name: 'Latest Posts' });
    networkGone();
    await first.user.click(likeOf(lakeIn(first.container), 2, false));
    await waitFor(() => expect(keptWrites()).toEqual([['like', LAKE_ID]]));
    return { first, second };
  }

  it('a like made in one tab with no network shows in the other too, waiting, and is sent once for both', async () => {
    const { first, second } = await likedInFirstTab();
    await waitFor(() => expect(waitingOn(lakeIn(second.container))).not.toBeNull());
    expect(likeOf(lakeIn(second.container), 3, true)).toBeInTheDocument();

    const calls = recordCalls();
    networkBack();
    for (const tab of [first, second]) await waitFor(() => expect(waitingOn(lakeIn(tab.container))).toBeNull(), { timeout: 5_000 });
    calls.stop();
    expect(calls.calls.filter((call) => call.startsWith('POST /posts/like/'))).toEqual([`POST /posts/like/${LAKE_ID}`]);
    expect(getMockDb().posts.get(LAKE_ID)?.likedBy.filter((id) => id === DEMO_USER_ID)).toHaveLength(1);
    for (const tab of [first, second]) await waitFor(() => expect(likeOf(lakeIn(tab.container), 3, true)).toBeInTheDocument());
    await waitFor(() => expect(keptWrites()).toEqual([]));
  });

  it('cancelled in one tab, it goes from the other too, the card as before, and is never sent', async () => {
    const { first, second } = await likedInFirstTab();
    await waitFor(() => expect(waitingOn(lakeIn(second.container))).not.toBeNull());

    await first.user.click(await within(lakeIn(first.container)).findByRole('button', { name: 'Cancel what waits to send' }));
    // The list shows the card's new count a render after its label goes.
    for (const tab of [first, second]) {
      await waitFor(() => {
        expect(waitingOn(lakeIn(tab.container))).toBeNull();
        expect(likeOf(lakeIn(tab.container), 2, false)).toBeInTheDocument();
      });
    }
    const calls = recordCalls();
    networkBack();
    await waitFor(() => expect(screen.queryAllByText(connectionText('unreachable'))).toHaveLength(0), { timeout: 5_000 });
    calls.stop();
    expect(calls.calls.filter((call) => call.startsWith('POST /posts/like/'))).toEqual([]);
    expect(likedByDemo(LAKE_ID)).toBe(false);
  });

  it('an edit cancelled in one tab with no network shows the text the post had in the other too', async () => {
    const EDITED = 'Three cups, written on the train.';
    const cardIn = (tab: HTMLElement, text: string) => {
      const article = within(tab).getByText(text).closest('article');
      if (!article) throw new Error(`No card shows "${text}"`);
      return article as HTMLElement;
    };
    const first = await renderHome();
    const second = renderAfterReload('/');
    await within(second.container).findByText(COFFEE);
    networkGone();
    await first.user.click(within(cardIn(first.container, COFFEE)).getByRole('button', { name: 'Edit post' }));
    const box = within(screen.getByRole('dialog', { name: 'New Post Content:' })).getByRole('textbox', { name: 'Post content' });
    await first.user.clear(box);
    await first.user.type(box, EDITED);
    await first.user.click(screen.getByRole('button', { name: 'Update Post' }));
    await waitFor(() => expect(keptWrites()).toEqual([['edit', seedPostId(11)]]));
    for (const tab of [first, second]) {
      expect(await within(tab.container).findByText(EDITED, {}, { timeout: 5_000 })).toBeInTheDocument();
      expect(waitingOn(cardIn(tab.container, EDITED))).not.toBeNull();
    }

    await first.user.click(within(cardIn(first.container, EDITED)).getByRole('button', { name: 'Cancel what waits to send' }));
    for (const tab of [first, second]) {
      expect(await within(tab.container).findByText(COFFEE)).toBeInTheDocument();
      expect(within(tab.container).queryByText(EDITED)).not.toBeInTheDocument();
      expect(waitingOn(cardIn(tab.container, COFFEE))).toBeNull();
    }
    await waitFor(() => expect(keptWrites()).toEqual([]));
  });

  it('a look at the kept copy begun before a cancel here does not bring the cancelled like back', async () => {
    const { first, second } = await likedInFirstTab();
    await waitFor(() => expect(waitingOn(lakeIn(second.container))).not.toBeNull());
    // Another tab speaks; this tab's look at the kept copy, begun before the cancel, ends after it.
    const read = outboxStorage.get;
    const heldReads: (() => void)[] = [];
    outboxStorage.get = async (key) => {
      const value = await read(key);
      await new Promise<void>((release) => heldReads.push(release));
      return value;
    };
    const otherTab = new BroadcastChannel(OUTBOX_CHANNEL);
    otherTab.postMessage({ member: DEMO_USER_ID });
    otherTab.close();
    await waitFor(() => expect(heldReads.length).toBeGreaterThan(0));
    outboxStorage.get = read;

    await first.user.click(within(lakeIn(first.container)).getByRole('button', { name: 'Cancel what waits to send' }));
    await waitFor(() => expect(keptWrites()).toEqual([]));
    for (const release of heldReads) release();
    for (const tab of [first, second]) {
      await waitFor(() => expect(waitingOn(lakeIn(tab.container))).toBeNull());
      await waitFor(() => expect(likeOf(lakeIn(tab.container), 2, false)).toBeInTheDocument());
    }
    // Still so once every look has ended: the network back sends nothing.
    const calls = recordCalls();
    networkBack();
    await waitFor(() => expect(screen.queryAllByText(connectionText('unreachable'))).toHaveLength(0), { timeout: 5_000 });
    calls.stop();
    expect(waitingOn(lakeIn(first.container))).toBeNull();
    expect(likeOf(lakeIn(first.container), 2, false)).toBeInTheDocument();
    expect(calls.calls.filter((call) => call.startsWith('POST /posts/like/'))).toEqual([]);
  });
});
