import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { getMockDb, server, useScenario } from '../../mocks/testing/node';
import { MESSAGES } from '../../contract/messages';
import { DEMO_CREDENTIALS, DEMO_USER_ID, seedPostId } from '../../contract/seed/default';
import { TIMINGS } from '../config/timings';
import { API, articlesOf, cardWith, contentsOf, findFeed, LIKE_BUTTON, watchGets } from '../test/posts';
import { loaderShown } from '../features/ui/uiSlice';
import { currentPath, loginThroughApi, renderWithProviders } from '../test/renderWithProviders';
import { emulateViewportWidth } from '../test/viewport';
import { LIGHTS, NEWEST } from '../test/seedTexts';
import { NETWORK_MESSAGE } from '../lib/apiError';

afterEach(() => {
  jest.useRealTimers();
});

describe('Home', () => {
  it("is titled 'Home' and shows the member's feed: own posts and followed members'", async () => {
    await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    const feed = await findFeed('Latest Posts');
    await waitFor(() => expect(document.title).toBe('SocialConnect | Home'));
    const authors = articlesOf(feed).map((article) => within(article).getAllByRole('link')[0]!.textContent);
    expect(new Set(authors)).toEqual(new Set(['Ava Reed', 'Liam Chen', 'Maya Patel']));
    expect(articlesOf(feed)).toHaveLength(12);
  });

  it("shows 'Let's Create Some Posts...!' when the feed is empty", async () => {
    useScenario('new-member');
    await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    expect(await screen.findByText("Let's Create Some Posts...!")).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Latest Posts' })).toBeInTheDocument();
  });
});

describe('Home, built by the backend (the feed extension) or here (a backend that answers the spec alone)', () => {
  /** The calls for lists of posts the backend receives, with their query. */
  const watchListCalls = () => watchGets(/\/api\/(posts|feed)$/);

  it('asks the backend for the first page of the feed in the order on screen, and for the new order when the member sorts', async () => {
    const calls = watchListCalls();
    const { user } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    const feed = await findFeed('Latest Posts');
    expect(articlesOf(feed)).toHaveLength(12);
    expect(calls).toEqual(['/feed?limit=20&sort=latest']);

    await user.click(screen.getByRole('button', { name: 'Sort posts' }));
    await user.click(screen.getByRole('menuitem', { name: 'Trending' }));
    expect(await screen.findByText('Sorted By Trending Successfully!', {}, { timeout: 3000 })).toBeInTheDocument();
    const trending = await findFeed('Trending Posts');
    expect(calls).toEqual(['/feed?limit=20&sort=latest', '/feed?limit=20&sort=trending']);
    const likes = articlesOf(trending).map((article) => Number(/\d+/.exec(within(article).getByRole('button', { name: /^Like, / }).textContent ?? '')?.[0]));
    expect(likes).toEqual([...likes].sort((a, b) => b - a));
  });

  it('a follow loads the feed again, and their posts join it', async () => {
    useScenario('new-member');
    const calls = watchListCalls();
    const { user } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    await screen.findByText("Let's Create Some Posts...!");
    const panel = await screen.findByRole('region', { name: 'Who to follow?' });
    await user.click(await within(panel).findByRole('button', { name: 'Follow Liam Chen' }));
    expect(await screen.findByText('You started following Liam Chen')).toBeInTheDocument();
    const feed = await findFeed('Latest Posts');
    await waitFor(() => expect(articlesOf(feed).length).toBeGreaterThan(0));
    expect(articlesOf(feed).every((article) => within(article).getAllByRole('link')[0]!.textContent === 'Liam Chen')).toBe(true);
    expect(calls).toEqual(['/feed?limit=20&sort=latest', '/feed?limit=20&sort=latest']);
  });

  it('from a backend without the feed, loads every post and shows the same feed, and a sort loads every post again in its order', async () => {
    server.use(http.get(`${API}/health`, () => new HttpResponse(null, { status: 404 })));
    const calls = watchListCalls();
    const { user } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    const feed = await findFeed('Latest Posts');
    expect(articlesOf(feed)).toHaveLength(12);
    const authors = articlesOf(feed).map((article) => within(article).getAllByRole('link')[0]!.textContent);
    expect(new Set(authors)).toEqual(new Set(['Ava Reed', 'Liam Chen', 'Maya Patel']));

    await user.click(screen.getByRole('button', { name: 'Sort posts' }));
    await user.click(screen.getByRole('menuitem', { name: 'Oldest' }));
    expect(await screen.findByText('Sorted By Date Successfully!', {}, { timeout: 3000 })).toBeInTheDocument();
    await findFeed('Oldest Posts');
    expect(calls).toEqual(['/posts', '/posts']);
  });
});

describe('Home: people to follow for a new member on a phone', () => {
  let restore: () => void = () => undefined;
  afterEach(() => restore());

  it('suggests people on Home, and a follow from there keeps the list in place', async () => {
    restore = emulateViewportWidth(390);
    useScenario('new-member');
    const { user } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    await screen.findByText("Let's Create Some Posts...!");
    const section = await screen.findByRole('region', { name: 'Who to follow?' });
    const list = await within(section).findByRole('list');
    expect(within(list).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Liam Chen@liam_chen',
      'Maya Patel@maya_patel',
      'Noah Kim@noah_kim',
      'Zoe Martin@zoe_martin',
    ]);

    await user.click(within(list).getByRole('button', { name: 'Follow Liam Chen' }));
    expect(await screen.findByText('You started following Liam Chen')).toBeInTheDocument();
    // The member follows someone now, yet Home keeps its suggestions while it is open.
    expect(within(list).getByRole('button', { name: 'Unfollow Liam Chen' })).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
  });

  it('does not suggest people on Home to a member who already follows some', async () => {
    restore = emulateViewportWidth(390);
    await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    await findFeed('Latest Posts');
    expect(screen.queryByRole('region', { name: 'Who to follow?' })).not.toBeInTheDocument();
  });

  it('leaves the suggestions to the side panel on a desktop', async () => {
    restore = emulateViewportWidth(1280);
    useScenario('new-member');
    await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    await screen.findByText("Let's Create Some Posts...!");
    expect(screen.getAllByRole('region', { name: 'Who to follow?' })).toHaveLength(1);
    expect(within(screen.getByRole('complementary', { name: 'People' })).getByRole('region', { name: 'Who to follow?' })).toBeInTheDocument();
  });
});

describe('Explore', () => {
  it('shows every post, newest first', async () => {
    await renderWithProviders({ route: '/explore', authAs: DEMO_CREDENTIALS });
    expect(await screen.findByRole('heading', { name: 'Explore', level: 1 })).toBeInTheDocument();
    const feed = await findFeed('Explore');
    expect(articlesOf(feed)).toHaveLength(20);
    expect(contentsOf(feed)[0]).toBe(NEWEST);
    await waitFor(() => expect(document.title).toBe('SocialConnect | Explore'));
  });

  it("shows 'No Post to Explore' when there are no posts", async () => {
    useScenario('empty');
    await renderWithProviders({ route: '/explore', authAs: DEMO_CREDENTIALS });
    expect(await screen.findByText('No Post to Explore')).toBeInTheDocument();
  });

  it('turns the loader off two seconds after the posts arrive', async () => {
    const { store } = await renderWithProviders({ route: '/explore', authAs: DEMO_CREDENTIALS });
    jest.useFakeTimers({ advanceTimers: true });
    act(() => {
      store.dispatch(loaderShown());
    });
    await findFeed('Explore');
    await act(() => jest.advanceTimersByTimeAsync(TIMINGS.loaderOffLongMs));
    expect(store.getState().ui.showLoader).toBe(false);
  });

  it('goes to /error when the backend fails', async () => {
    server.use(http.get(`${API}/posts`, () => HttpResponse.json({ errors: [MESSAGES.serverError] }, { status: 500 })));
    const { router } = await renderWithProviders({ route: '/explore', authAs: DEMO_CREDENTIALS });
    await waitFor(() => expect(currentPath(router)).toBe('/error'));
  });
});

describe('Bookmarks', () => {
  it('shows the bookmarked posts', async () => {
    await renderWithProviders({ route: '/bookmark', authAs: DEMO_CREDENTIALS });
    expect(await screen.findByRole('heading', { name: 'Bookmarks', level: 1 })).toBeInTheDocument();
    const feed = await findFeed('Bookmarks');
    expect(contentsOf(feed)).toEqual([LIGHTS]);
    await waitFor(() => expect(document.title).toBe('SocialConnect | Bookmarks'));
  });

  it("shows 'No Bookmarks Yet' when there are none", async () => {
    useScenario('new-member');
    await renderWithProviders({ route: '/bookmark', authAs: DEMO_CREDENTIALS });
    expect(await screen.findByText('No Bookmarks Yet')).toBeInTheDocument();
  });
});

describe('Bookmarks, page by page (the pages extension) or whole (a backend that answers the spec alone)', () => {
  /** The calls for the member's bookmarks the backend receives, with their query. */
  const watchBookmarkCalls = () => watchGets(/\/api\/users\/bookmark$/);

  /** Bookmarks `count` more posts as the demo member, through the backend; the ids, last bookmarked first. */
  async function bookmarkMore(count: number): Promise<string[]> {
    const { encodedToken } = await loginThroughApi(DEMO_CREDENTIALS);
    const already = new Set(getMockDb().users.get(DEMO_USER_ID)?.bookmarks);
    const ids = [...getMockDb().posts.keys()].filter((id) => !already.has(id)).slice(0, count);
    for (const id of ids) {
      const answer = await fetch(`${API}/users/bookmark/${id}`, { method: 'POST', headers: { authorization: encodedToken } });
      expect(answer.status).toBe(201);
    }
    return ids.reverse();
  }

  const hrefsOf = (feed: HTMLElement) => articlesOf(feed).map((article) => article.querySelector('a.post-card__content, a.post-card__time')?.getAttribute('href'));

  it('asks for the first page of bookmarks, most recent first, and the next as the member goes; never for the whole list', async () => {
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = undefined;
    useScenario('busy');
    const added = await bookmarkMore(15);
    const calls = watchBookmarkCalls();
    const { user } = await renderWithProviders({ route: '/bookmark', authAs: DEMO_CREDENTIALS });
    const feed = await findFeed('Bookmarks', 15000);
    expect(articlesOf(feed)).toHaveLength(20);
    expect(hrefsOf(feed).slice(0, 15)).toEqual(added.map((id) => `/posts/${id}`));
    // The page ahead is in, and it is the last: all 25 are loaded.
    expect(await screen.findByText('Showing posts 1 to 20 of 25')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more posts' }));
    await waitFor(() => expect(articlesOf(feed)).toHaveLength(25));
    expect(new Set(hrefsOf(feed)).size).toBe(25);
    expect(screen.queryByRole('button', { name: 'Load more posts' })).not.toBeInTheDocument();
    expect(calls[0]).toBe('/users/bookmark?limit=20');
    expect(calls.slice(1)).toEqual([expect.stringMatching(/^\/users\/bookmark\?limit=20&cursor=[A-Za-z0-9_-]+$/)]);
  }, 30000);

  it("shows every card's bookmark on Home from the member's record, without loading the bookmarked posts whole", async () => {
    const calls = watchBookmarkCalls();
    const { user } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    await findFeed('Latest Posts');
    await waitFor(() => expect(within(cardWith(LIGHTS)).getByRole('button', { name: 'Bookmark' })).toHaveAttribute('aria-pressed', 'true'));
    expect(within(cardWith(NEWEST)).getByRole('button', { name: 'Bookmark' })).toHaveAttribute('aria-pressed', 'false');

    await user.click(within(cardWith(NEWEST)).getByRole('button', { name: 'Bookmark' }));
    expect(await screen.findByText('Added to Bookmark!')).toBeInTheDocument();
    expect(within(cardWith(NEWEST)).getByRole('button', { name: 'Bookmark' })).toHaveAttribute('aria-pressed', 'true');
    expect(calls.every((call) => call.startsWith('/users/bookmark?limit=20'))).toBe(true);
  });

  it('a post bookmarked on Home is the first on Bookmarks, and one removed there leaves at once', async () => {
    const { user } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    await findFeed('Latest Posts');
    await user.click(within(cardWith(NEWEST)).getByRole('button', { name: 'Bookmark' }));
    expect(await screen.findByText('Added to Bookmark!')).toBeInTheDocument();

    await user.click(screen.getAllByRole('link', { name: 'Bookmark' })[0]!);
    const feed = await findFeed('Bookmarks');
    expect(contentsOf(feed)).toEqual([NEWEST, LIGHTS]);

    await user.click(within(cardWith(LIGHTS)).getByRole('button', { name: 'Bookmark' }));
    await waitFor(() => expect(contentsOf(feed)).toEqual([NEWEST]));
    expect(await screen.findByText('Removed from Bookmark!')).toBeInTheDocument();
  });

  it('a removal the backend refuses puts the card back on Bookmarks and shows why', async () => {
    const { user } = await renderWithProviders({ route: '/bookmark', authAs: DEMO_CREDENTIALS });
    const feed = await findFeed('Bookmarks');
    await waitFor(() => expect(contentsOf(feed)).toEqual([LIGHTS]));
    server.use(http.post(`${API}/users/remove-bookmark/:postId`, () => HttpResponse.json({ errors: [MESSAGES.notBookmarked] }, { status: 400 })));
    await user.click(within(cardWith(LIGHTS)).getByRole('button', { name: 'Bookmark' }));
    expect(await screen.findByText(MESSAGES.notBookmarked)).toBeInTheDocument();
    await waitFor(() => expect(contentsOf(feed)).toEqual([LIGHTS]));
    expect(within(cardWith(LIGHTS)).getByRole('button', { name: 'Bookmark' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('from a backend without pages, the bookmarks come from its whole list, and the toggles agree', async () => {
    server.use(http.get(`${API}/health`, () => new HttpResponse(null, { status: 404 })));
    const calls = watchBookmarkCalls();
    const { user } = await renderWithProviders({ route: '/bookmark', authAs: DEMO_CREDENTIALS });
    const feed = await findFeed('Bookmarks');
    await waitFor(() => expect(contentsOf(feed)).toEqual([LIGHTS]));
    expect(within(cardWith(LIGHTS)).getByRole('button', { name: 'Bookmark' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(cardWith(LIGHTS)).getByRole('button', { name: 'Bookmark' }));
    expect(await screen.findByText('Removed from Bookmark!')).toBeInTheDocument();
    expect(await screen.findByText('No Bookmarks Yet', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(new Set(calls)).toEqual(new Set(['/users/bookmark']));
  });
});

describe('Post detail', () => {
  it('shows one post card', async () => {
    await renderWithProviders({ route: `/posts/${seedPostId(12)}`, authAs: DEMO_CREDENTIALS });
    const card = await screen.findByRole('article', { name: 'Maya Patel' });
    expect(within(card).getByText(LIGHTS)).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(1);
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Bookmark' })).toHaveAttribute('aria-pressed', 'true'));
  });

  it('likes on the post page', async () => {
    const { user } = await renderWithProviders({ route: `/posts/${seedPostId(2)}`, authAs: DEMO_CREDENTIALS });
    const card = await screen.findByRole('article', { name: 'Maya Patel' });
    await user.click(within(card).getByRole('button', { name: LIKE_BUTTON }));
    expect(await screen.findByText('You Liked the Post!')).toBeInTheDocument();
    await waitFor(() => expect(within(card).getByRole('button', { name: LIKE_BUTTON })).toHaveTextContent('3'));
  });

  it('shows the not-found page, with the way home, for an unknown post', async () => {
    const { user, router } = await renderWithProviders({ route: '/posts/no-such-post', authAs: DEMO_CREDENTIALS });
    expect(await screen.findByRole('heading', { name: 'Page Not Found', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('This post does not exist or was deleted.')).toBeInTheDocument();
    expect(await screen.findByText(MESSAGES.postNotFound)).toBeInTheDocument();
    expect(document.title).toBe('SocialConnect | Not Found');
    await user.click(screen.getByRole('link', { name: 'Back to Home' }));
    await waitFor(() => expect(currentPath(router)).toBe('/'));
  });
});

describe('Session and failures on post actions', () => {
  it('a like answered 401 ends the session and goes to /login', async () => {
    const { user, router } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    await findFeed('Latest Posts');
    server.use(http.post(`${API}/posts/like/:postId`, () => HttpResponse.json({ errors: [MESSAGES.tokenInvalid] }, { status: 401 })));
    await user.click(within(cardWith(NEWEST)).getByRole('button', { name: LIKE_BUTTON }));
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
  });

  it('a bookmark that fails at the network level stays on the page: marked, waiting to be sent', async () => {
    const { user, router } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    await findFeed('Latest Posts');
    server.use(http.post(`${API}/users/bookmark/:postId`, () => HttpResponse.error()));
    await user.click(within(cardWith(NEWEST)).getByRole('button', { name: 'Bookmark' }));
    expect(await within(cardWith(NEWEST)).findByText('Waiting to send')).toBeInTheDocument();
    expect(within(cardWith(NEWEST)).getByRole('button', { name: 'Bookmark' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByText(`The post was not bookmarked. ${NETWORK_MESSAGE}`)).not.toBeInTheDocument();
    expect(currentPath(router)).toBe('/');
  });
});
