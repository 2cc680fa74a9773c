import { http, HttpResponse } from 'msw';
import { server, TEST_API_BASE, useScenario } from '../../../mocks/testing/node';
import { DEMO_CREDENTIALS, DEMO_USER_ID, seedPostId } from '../../../contract/seed/default';
import { makeStore } from '../../app/store';
import { loginThroughApi } from '../../test/renderWithProviders';
import { sessionRestored, userLoggedIn } from '../auth/sessionSlice';
import { bookmarksApi } from '../bookmarks/bookmarksApi';
import { feedSortChanged, selectSortMode } from './feedSlice';
import { postsApi } from './postsApi';
import { recordCalls, bookmarkedPosts, everyPost, memberPosts } from '../../test/posts';
import { selectCurrentMember } from '../users/currentMember';

async function loggedInStore() {
  const store = makeStore();
  const { encodedToken, foundUser } = await loginThroughApi(DEMO_CREDENTIALS);
  store.dispatch(userLoggedIn({ token: encodedToken, user: foundUser }));
  return { store, token: encodedToken };
}

type Store = Awaited<ReturnType<typeof loggedInStore>>['store'];

/** Every view that can hold `postId` in the cache: every post, its page and another's, its author's list, and the bookmarks (with it). */
async function cacheEveryView(store: Store, postId: string) {
  await store.dispatch(postsApi.endpoints.getPostPages.initiate({ list: 'all' }));
  await store.dispatch(postsApi.endpoints.getPost.initiate(postId));
  await store.dispatch(postsApi.endpoints.getPost.initiate(seedPostId(1)));
  await store.dispatch(postsApi.endpoints.getPostPages.initiate({ list: 'member', username: 'maya_patel' }));
  await store.dispatch(bookmarksApi.endpoints.getBookmarkPages.initiate(undefined));
  await store.dispatch(bookmarksApi.endpoints.addBookmark.initiate(postsApi.endpoints.getPost.select(postId)(store.getState()).data!));
}

describe('postsApi cache tags', () => {
  it("a post's tag finds every cached list and page that holds it, and no other", async () => {
    const { store } = await loggedInStore();
    const lake = seedPostId(2);
    await cacheEveryView(store, lake);
    const author = postsApi.endpoints.getPost.select(lake)(store.getState()).data!.username;
    expect(author).toBe('maya_patel');

    const holders = postsApi.util.selectInvalidatedBy(store.getState(), [{ type: 'Post', id: lake }]);
    expect(holders.map(({ endpointName, originalArgs }) => `${endpointName} ${JSON.stringify(originalArgs ?? null)}`).sort()).toEqual([
      'getBookmarkPages null',
      `getPost "${lake}"`,
      'getPostPages {"list":"all"}',
      'getPostPages {"list":"member","username":"maya_patel"}',
    ]);
    // No tag names a member's list by username any more: a list is found through its posts.
    expect(postsApi.util.selectInvalidatedBy(store.getState(), [{ type: 'Post', id: 'USER-maya_patel' }])).toEqual([]);
  });
});

describe('the feed and its sort', () => {
  it('loading the feed afresh sets the sort back to latest; a failed load leaves it as it was', async () => {
    const { store } = await loggedInStore();
    store.dispatch(feedSortChanged('trending'));
    expect(selectSortMode(store.getState())).toBe('trending');

    await store.dispatch(postsApi.endpoints.getPostPages.initiate({ list: 'feed', sort: 'trending' }, { forceRefetch: true }));
    expect(selectSortMode(store.getState())).toBe('latest');

    store.dispatch(feedSortChanged('oldest'));
    server.use(http.get(`${TEST_API_BASE}/feed`, () => HttpResponse.json({ errors: ['Down.'] }, { status: 500 })));
    await store.dispatch(postsApi.endpoints.getPostPages.initiate({ list: 'feed', sort: 'oldest' }, { forceRefetch: true }));
    expect(selectSortMode(store.getState())).toBe('oldest');
  });
});

describe('postsApi cache writes', () => {
  it("a like's answer updates every cached view of the post without refetching", async () => {
    const { store } = await loggedInStore();
    const lake = seedPostId(2);
    await cacheEveryView(store, lake);
    await store.dispatch(postsApi.endpoints.getPostPages.initiate({ list: 'member', username: 'nobody_cached_yet' })).unwrap().catch(() => undefined);

    const untouched = postsApi.endpoints.getPost.select(seedPostId(1))(store.getState()).data;
    const { calls, stop } = recordCalls();
    await store.dispatch(postsApi.endpoints.likePost.initiate(lake));
    stop();
    expect(calls).toEqual([`POST /posts/like/${lake}`]);

    const state = store.getState();
    const liked = (count: number | undefined) => expect(count).toBe(3);
    liked(everyPost(state)?.find((post) => post.id === lake)?.likes.likeCount);
    liked(postsApi.endpoints.getPost.select(lake)(state).data?.likes.likeCount);
    liked(memberPosts(state, 'maya_patel')?.find((post) => post.id === lake)?.likes.likeCount);
    liked(bookmarkedPosts(state)?.find((post) => post.id === lake)?.likes.likeCount);
    expect(postsApi.endpoints.getPost.select(seedPostId(1))(state).data).toBe(untouched);
  });

  it('reads a member’s posts', async () => {
    const { store } = await loggedInStore();
    const posts = (await store.dispatch(postsApi.endpoints.getPostPages.initiate({ list: 'member', username: 'maya_patel' })).unwrap()).pages.flatMap((page) => page.posts);
    expect(posts.length).toBeGreaterThan(0);
    expect(posts.every((post) => post.username === 'maya_patel')).toBe(true);
  });

  it('likes with only the member id while their record is still loading', async () => {
    const { store, token } = await loggedInStore();
    store.dispatch(sessionRestored({ token, userId: DEMO_USER_ID }));
    await store.dispatch(postsApi.endpoints.getPostPages.initiate({ list: 'all' }));
    const request = store.dispatch(postsApi.endpoints.likePost.initiate(seedPostId(2)));
    const optimistic = everyPost(store.getState())?.find((post) => post.id === seedPostId(2));
    expect(optimistic?.likes.likedBy.map((entry) => entry._id)).toContain(DEMO_USER_ID);
    await request;
    const settled = everyPost(store.getState())?.find((post) => post.id === seedPostId(2));
    expect(settled?.likes.likedBy.find((entry) => entry._id === DEMO_USER_ID)?.username).toBe('demo_user');
  });

  it('does nothing optimistic without a member', async () => {
    const store = makeStore();
    await store.dispatch(postsApi.endpoints.getPostPages.initiate({ list: 'all' }));
    const everyPostPages = postsApi.endpoints.getPostPages.select({ list: 'all' });
    const before = everyPostPages(store.getState()).data;
    await store.dispatch(postsApi.endpoints.likePost.initiate(seedPostId(2)));
    expect(everyPostPages(store.getState()).data).toBe(before);
  });

  it('a bookmark made before the bookmarks are loaded: the member record follows, and the list loads with it first', async () => {
    const { store } = await loggedInStore();
    const post = await store.dispatch(postsApi.endpoints.getPost.initiate(seedPostId(2))).unwrap();
    await store.dispatch(bookmarksApi.endpoints.addBookmark.initiate(post));
    expect(bookmarkedPosts(store.getState())).toBeUndefined();
    expect(selectCurrentMember(store.getState())?.bookmarks).toEqual(expect.arrayContaining([seedPostId(2), seedPostId(12)]));
    await store.dispatch(bookmarksApi.endpoints.getBookmarkPages.initiate(undefined));
    expect(bookmarkedPosts(store.getState())?.map((entry) => entry.id)).toEqual([seedPostId(2), seedPostId(12)]);
  });

  it('ignores an answer without the expected field', async () => {
    const { store } = await loggedInStore();
    const { server } = await import('../../../mocks/testing/node');
    const { http, HttpResponse } = await import('msw');
    server.use(http.get('http://localhost/api/posts', () => HttpResponse.json({ unexpected: true })));
    const { pages } = await store.dispatch(postsApi.endpoints.getPostPages.initiate({ list: 'all' })).unwrap();
    expect(pages).toEqual([{ posts: [], nextCursor: null }]);
  });
});

describe('a list in pages from a backend of the spec alone', () => {
  it('cuts the next page from the answer its first page got, and asks afresh after a change', async () => {
    useScenario('busy');
    server.use(http.get(`${TEST_API_BASE}/health`, () => new HttpResponse(null, { status: 404 })));
    const { store } = await loggedInStore();
    const all = { list: 'all' } as const;
    const { calls, stop } = recordCalls();
    await store.dispatch(postsApi.endpoints.getPostPages.initiate(all));
    await store.dispatch(postsApi.endpoints.getPostPages.initiate(all, { direction: 'forward' }));
    const pages = () => postsApi.endpoints.getPostPages.select(all)(store.getState()).data?.pages ?? [];
    expect(pages()).toHaveLength(2);
    const liked = pages()[1]!.posts[0]!;
    await store.dispatch(postsApi.endpoints.likePost.initiate(liked.id));
    await store.dispatch(postsApi.endpoints.getPostPages.initiate(all, { direction: 'forward' }));
    stop();
    expect(pages()).toHaveLength(3);
    // Health is asked once: a backend that refused it answers the spec alone, and is not asked again.
    expect(calls).toEqual(['GET /health', 'GET /posts', `POST /posts/like/${liked.id}`, 'GET /posts']);
  });
});
