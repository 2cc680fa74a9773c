import { act, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '../../../../mocks/testing/node';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { getMockDb, useScenario } from '../../../../mocks/testing/node';
import { byNewest } from '../../../../mocks/memoryStore';
import { DEMO_CREDENTIALS, DEMO_USER_ID, seedPostId } from '../../../../contract/seed/default';
import { makeStore } from '../../../app/store';
import { loginThroughApi, renderWithProviders } from '../../../test/renderWithProviders';
import { userLoggedIn } from '../../auth/sessionSlice';
import { postsApi } from '../postsApi';
import { usePagedPosts } from '../pagedPosts';
import { API, articlesOf, cardWith, findFeed, LIKE_BUTTON, watchGets } from '../../../test/posts';
import { PostCard, type PostCardProps } from './PostCard';
import { countRenders } from '../../../test/renderCounts';
import { WithPostCardExtras } from '../../../pages/PostCardExtras';
import { MAX_RENDERED_POSTS, POST_PAGE_SIZE, PostList } from './PostList';
import { MAX_PAGES_KEPT } from '../../../lib/api/postPages';

type ObserverCallback = (entries: Array<Pick<IntersectionObserverEntry, 'isIntersecting'>>) => void;

/**
 * Going through pages of the busy scenario renders hundreds of cards in jsdom: 10 to 15 s of one core
 * on an idle 2-core machine, several times that on a busy one. The limit is there to catch a hang,
 * not to time the list (the bench's --scroll does that, in Chromium).
 */
const SCROLL_THROUGH_TIMEOUT_MS = 180_000;

describe('PostList with many posts (busy scenario, 10,000 posts)', () => {
  const original = (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
  const warn = console.warn;
  beforeEach(() => {
    // RTK's development-only checks warn that 10,000 posts take them a while; that is not under test.
    jest.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
      if (typeof args[0] === 'string' && /StateInvariantMiddleware took/.test(args[0])) return;
      warn(...args);
    });
  });
  afterEach(() => {
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = original;
    jest.restoreAllMocks();
  });

  it('renders one page, then more as the end nears the viewport or on "Load more posts"', async () => {
    const callbacks: ObserverCallback[] = [];
    const disconnect = jest.fn();
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = class {
      constructor(callback: ObserverCallback) {
        callbacks.push(callback);
      }
      observe() {}
      disconnect() {
        disconnect();
      }
    };
    useScenario('busy');
    const pageCalls = watchPageCalls();
    const { user } = await renderWithProviders({ route: '/explore', authAs: DEMO_CREDENTIALS });
    const feed = await findFeed('Explore', 15000);
    expect(articlesOf(feed)).toHaveLength(POST_PAGE_SIZE);
    // The backend has pages: Explore asked for the first one, then for one more ahead of the member
    // (not for 10,000 posts); that one waits off screen.
    await waitFor(() => expect(pageCalls).toHaveLength(2));
    expect(pageCalls[0]).toBe(`/posts?limit=${POST_PAGE_SIZE}`);
    expect(pageCalls[1]).toMatch(new RegExp(`^/posts\\?limit=${POST_PAGE_SIZE}&cursor=[A-Za-z0-9_-]+$`));
    expect(await screen.findByText(`Showing posts 1 to ${POST_PAGE_SIZE} of ${POST_PAGE_SIZE * 2} loaded so far`)).toBeInTheDocument();
    expect(articlesOf(feed)).toHaveLength(POST_PAGE_SIZE);

    // The sentinel is still far away: nothing more.
    act(() => callbacks.at(-1)?.([{ isIntersecting: false }]));
    expect(articlesOf(feed)).toHaveLength(POST_PAGE_SIZE);
    // The sentinel nears the viewport: the page loaded ahead shows at once, and the next is asked for.
    act(() => callbacks.at(-1)?.([{ isIntersecting: true }]));
    expect(articlesOf(feed)).toHaveLength(POST_PAGE_SIZE * 2);
    await waitFor(() => expect(pageCalls).toHaveLength(3));
    expect(disconnect).toHaveBeenCalled();

    // The keyboard fallback.
    await user.click(await screen.findByRole('button', { name: 'Load more posts' }));
    await waitFor(() => expect(articlesOf(feed)).toHaveLength(POST_PAGE_SIZE * 3));
    expect(await screen.findByText(`Showing posts 1 to ${POST_PAGE_SIZE * 3} of ${POST_PAGE_SIZE * 4} loaded so far`)).toBeInTheDocument();
    // Three pages, each post once, newest first as the backend keeps them.
    const links = articlesOf(feed).map((article) => article.querySelector('a.post-card__content, a.post-card__time')?.getAttribute('href'));
    expect(new Set(links).size).toBe(POST_PAGE_SIZE * 3);
    const newest = [...getMockDb().posts.values()].sort(byNewest).slice(0, 3 * POST_PAGE_SIZE);
    expect(links).toEqual(newest.map((post) => `/posts/${post.id}`));
  }, 30000);

  it('a next page the backend refuses shows its message, keeps every card, and is asked for again on "Load more posts"', async () => {
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = undefined;
    useScenario('busy');
    let refusals = 0;
    server.use(
      http.get(`${API}/posts`, ({ request }) => {
        if (!new URL(request.url).searchParams.has('cursor') || refusals > 0) return undefined;
        refusals += 1;
        return HttpResponse.json({ errors: ['The next page could not be read.'] }, { status: 400 });
      }),
    );
    const pageCalls = watchPageCalls();
    const { user } = await renderWithProviders({ route: '/explore', authAs: DEMO_CREDENTIALS });
    const feed = await findFeed('Explore', 15000);
    expect(await screen.findByText('The next page could not be read.')).toBeInTheDocument();
    expect(articlesOf(feed)).toHaveLength(POST_PAGE_SIZE);
    expect(pageCalls).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Load more posts' }));
    await waitFor(() => expect(articlesOf(feed)).toHaveLength(POST_PAGE_SIZE * 2));
    expect(pageCalls).toHaveLength(4);
    expect(pageCalls[2]).toBe(pageCalls[1]);
  }, 30000);

  /** How many pages Explore's list keeps in the cache. */
  const pagesKept = (store: ReturnType<typeof makeStore>) => {
    const entry = Object.values(store.getState().api.queries).find((query) => query?.endpointName === 'getPostPages');
    return (entry?.data as { pages: unknown[] } | undefined)?.pages.length;
  };

  /**
   * Explore in the busy scenario, gone down MAX_PAGES_KEPT + 2 pages with "Load more posts" and back
   * up with "Show earlier posts": the cards are Explore's, newest first, at each step, and never more
   * than MAX_RENDERED_POSTS; `eachStep` checks more after each press.
   */
  async function downAndBackUp(eachStep: (store: ReturnType<typeof makeStore>) => void = () => undefined) {
    const { user, store } = await renderWithProviders({ route: '/explore', authAs: DEMO_CREDENTIALS });
    const feed = await findFeed('Explore', 15000);
    const newest = [...getMockDb().posts.values()].sort(byNewest);
    const hrefs = () => articlesOf(feed).map((article) => article.querySelector('a.post-card__content, a.post-card__time')?.getAttribute('href'));
    const pages = MAX_PAGES_KEPT + 2;
    // Found once, as below: naming every button of a hundred cards on each press costs seconds in jsdom.
    const loadMore = await screen.findByRole('button', { name: 'Load more posts' });
    for (let page = 1; page < pages; page += 1) {
      await user.click(loadMore);
      await waitFor(() => expect(hrefs()[hrefs().length - 1]).toBe(`/posts/${newest[(page + 1) * POST_PAGE_SIZE - 1]!.id}`));
      eachStep(store);
    }
    expect(articlesOf(feed)).toHaveLength(MAX_RENDERED_POSTS);
    const firstShown = (pages - MAX_RENDERED_POSTS / POST_PAGE_SIZE) * POST_PAGE_SIZE;
    expect(hrefs()).toEqual(newest.slice(firstShown, pages * POST_PAGE_SIZE).map((post) => `/posts/${post.id}`));
    const atBottom = { pagesKept: pagesKept(store) };

    // Back to the top. The button stays while there are earlier posts: found again only once it has gone.
    let earlier = screen.queryByRole('button', { name: 'Show earlier posts' });
    for (let page = 1; page < pages; page += 1) {
      if (!earlier?.isConnected) earlier = screen.queryByRole('button', { name: 'Show earlier posts' });
      if (!earlier) break;
      await user.click(earlier);
      await waitFor(() => expect(screen.getByText(/^Showing posts \d+ to/).textContent).toMatch(new RegExp(`^Showing posts ${Math.max(0, firstShown - page * POST_PAGE_SIZE) + 1} to`)));
      eachStep(store);
    }
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Show earlier posts' })).not.toBeInTheDocument());
    expect(hrefs()).toEqual(newest.slice(0, MAX_RENDERED_POSTS).map((post) => `/posts/${post.id}`));
    return { store, atBottom };
  }

  it('lets the first pages go from memory as the member goes on, and loads them again on the way back up (a backend with pages)', async () => {
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = undefined;
    useScenario('busy');
    const pageCalls = watchPageCalls();
    const { atBottom } = await downAndBackUp((store) => expect(pagesKept(store)).toBeLessThanOrEqual(MAX_PAGES_KEPT));
    expect(atBottom.pagesKept).toBe(MAX_PAGES_KEPT);
    // The first page was asked for once going down, and again on the way back up (it had been let go).
    expect(pageCalls.filter((call) => call === `/posts?limit=${POST_PAGE_SIZE}`)).toHaveLength(2);
  }, SCROLL_THROUGH_TIMEOUT_MS);

  it('pages a backend of the spec alone from its answer of every post, asked for only where the list starts', async () => {
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = undefined;
    useScenario('busy');
    // A backend that answers the spec alone: no /health, every post in one answer.
    server.use(http.get(`${API}/health`, () => new HttpResponse(null, { status: 404 })));
    const pageCalls = watchPageCalls();
    await downAndBackUp();
    // Asked for as a backend with pages is asked for its first page: once going down, and again on the
    // way back up; every other page is cut from the answer the first page got.
    expect(pageCalls).toEqual(['/posts', '/posts']);
  }, SCROLL_THROUGH_TIMEOUT_MS);
});

/** The calls for lists of posts (GET /posts, with their query) the backend receives. */
const watchPageCalls = () => watchGets(/\/api\/posts$/);

describe('PostList', () => {
  const EVERY_POST = { list: 'all' } as const;

  it('liking one post re-renders only that card', async () => {
    const store = makeStore();
    const { encodedToken, foundUser } = await loginThroughApi(DEMO_CREDENTIALS);
    store.dispatch(userLoggedIn({ token: encodedToken, user: foundUser }));
    await store.dispatch(postsApi.endpoints.getPostPages.initiate(EVERY_POST));
    const cardRenders = countRenders<PostCardProps>(PostCard, (props) => props.post.id);

    function Explore() {
      const { posts } = usePagedPosts(EVERY_POST, { skip: false });
      return <PostList posts={posts} emptyText="none" label="Explore" />;
    }
    render(
      <Provider store={store}>
        <MemoryRouter>
          <WithPostCardExtras>
            <Explore />
          </WithPostCardExtras>
        </MemoryRouter>
      </Provider>,
    );
    const user = userEvent.setup();
    // The toggles read the member's record (the login put it in the store): the bookmarked card shows it.
    const lights = cardWith('Saw the northern lights for the first time. I actually cried.');
    await waitFor(() => expect(within(lights).getByRole('button', { name: 'Bookmark' })).toHaveAttribute('aria-pressed', 'true'));
    expect(cardRenders.rendered().size).toBeGreaterThan(1);
    cardRenders.reset();

    const lake = cardWith('The lake went completely still just before dusk. No filter needed.');
    await user.click(within(lake).getByRole('button', { name: LIKE_BUTTON }));
    await waitFor(() => expect(getMockDb().posts.get(seedPostId(2))?.likedBy).toContain(DEMO_USER_ID));
    await waitFor(() => expect(within(lake).getByRole('button', { name: LIKE_BUTTON })).toHaveAttribute('aria-pressed', 'true'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));

    cardRenders.stop();
    expect(cardRenders.rendered()).toEqual(new Set([seedPostId(2)]));
  });

  it("gives each card its place in the list, and the list's size once no more pages can come", async () => {
    const store = makeStore();
    await store.dispatch(postsApi.endpoints.getPostPages.initiate(EVERY_POST));
    const noMore = { hasMore: false, loading: false, loadMore: () => undefined };
    function Explore({ hasMore }: { hasMore: boolean }) {
      const posts = usePagedPosts(EVERY_POST, { skip: false }).posts.slice(0, 5);
      return <PostList posts={posts} more={{ ...noMore, hasMore }} emptyText="none" label="Explore" />;
    }
    const view = render(
      <Provider store={store}>
        <MemoryRouter>
          <Explore hasMore />
        </MemoryRouter>
      </Provider>,
    );
    const feed = screen.getByRole('feed', { name: 'Explore' });
    articlesOf(feed).forEach((card, index) => {
      expect(card).toHaveAttribute('aria-posinset', String(index + 1));
      // More may come: the size is not known yet.
      expect(card).toHaveAttribute('aria-setsize', '-1');
    });
    view.rerender(
      <Provider store={store}>
        <MemoryRouter>
          <Explore hasMore={false} />
        </MemoryRouter>
      </Provider>,
    );
    expect(articlesOf(feed)).toHaveLength(5);
    articlesOf(feed).forEach((card) => expect(card).toHaveAttribute('aria-setsize', '5'));
  });

  it('shows the empty text when there is nothing', () => {
    const store = makeStore();
    render(
      <Provider store={store}>
        <MemoryRouter>
          <PostList posts={[]} emptyText="Nothing here" label="Empty" />
        </MemoryRouter>
      </Provider>,
    );
    expect(screen.getByText('Nothing here')).toBeInTheDocument();
    expect(screen.queryByRole('feed')).not.toBeInTheDocument();
  });
});
