import { http, HttpResponse } from 'msw';
import { DEMO_CREDENTIALS, DEMO_USER_ID, SEED_USER_IDS, seedPostId } from '../../../contract/seed/default';
import { server } from '../../../mocks/testing/node';
import { api, backendHas } from '../../lib/api/api';
import { makeStore } from '../../app/store';
import { loginThroughApi } from '../../test/renderWithProviders';
import { userLoggedIn } from '../auth/sessionSlice';
import { bookmarksApi } from '../bookmarks/bookmarksApi';
import { postsApi } from './postsApi';
import { API, bookmarkedPosts, everyPost, memberPosts } from '../../test/posts';
import { selectCurrentMember } from '../users/currentMember';
import { usersApi } from '../users/usersApi';

/** Each call's method, path, Prefer header and answer size, as the backend saw them. */
function recordExchanges() {
  const exchanges: Array<{ call: string; prefer: string | null; bytes: number }> = [];
  const listener = async ({ request, response }: { request: Request; response: Response }) => {
    const bytes = (await response.clone().arrayBuffer()).byteLength;
    exchanges.push({ call: `${request.method} ${new URL(request.url).pathname.replace(/^\/api/, '')}`, prefer: request.headers.get('prefer'), bytes });
  };
  server.events.on('response:mocked', listener);
  return { exchanges, stop: () => server.events.removeListener('response:mocked', listener) };
}

async function memberStore({ askHealth = true } = {}) {
  const store = makeStore();
  const { encodedToken, foundUser } = await loginThroughApi(DEMO_CREDENTIALS);
  store.dispatch(userLoggedIn({ token: encodedToken, user: foundUser }));
  if (askHealth) await store.dispatch(api.endpoints.getHealth.initiate());
  await store.dispatch(postsApi.endpoints.getPostPages.initiate({ list: 'all' }));
  await store.dispatch(postsApi.endpoints.getPostPages.initiate({ list: 'member', username: 'demo_user' }));
  await store.dispatch(bookmarksApi.endpoints.getBookmarkPages.initiate(undefined));
  return store;
}

/**
 * Follows `userId` after their cached record lost its followers (as if it were out of date; the
 * backend still has them), and waits for what the follow loads again: the calls it made.
 */
async function followWithStaleRecord(store: Awaited<ReturnType<typeof memberStore>>, userId: string) {
  store.dispatch(usersApi.util.updateQueryData('getUser', userId, (draft) => {
    draft.followers = [];
  }));
  const { exchanges, stop } = recordExchanges();
  await store.dispatch(usersApi.endpoints.followUser.initiate(userId));
  await Promise.all(store.dispatch(api.util.getRunningQueriesThunk()));
  stop();
  return exchanges;
}

const postIn = (posts: Array<{ id: string; likes: { likeCount: number } }> | undefined, id: string) => posts?.find((post) => post.id === id);

describe('changed-only answers (the return-minimal extension)', () => {
  it('a like asks for its counts alone, and they update every cached view with the member’s heart', async () => {
    const store = await memberStore();
    expect(backendHas(store.getState(), 'reaction-counts')).toBe(true);
    const lake = seedPostId(2);
    await store.dispatch(postsApi.endpoints.getPost.initiate(lake));
    const { exchanges, stop } = recordExchanges();
    await store.dispatch(postsApi.endpoints.likePost.initiate(lake));
    stop();

    expect(exchanges).toEqual([{ call: `POST /posts/like/${lake}`, prefer: 'return=minimal, reaction-counts', bytes: expect.any(Number) }]);
    expect(exchanges[0]!.bytes).toBeLessThan(1024);
    const state = store.getState();
    const demoId = store.getState().session.userId;
    for (const post of [everyPost(state)?.find((entry) => entry.id === lake), postsApi.endpoints.getPost.select(lake)(state).data]) {
      expect(post?.likes.likeCount).toBe(3);
      expect(post?.likes.likedBy.map((member) => member._id)).toContain(demoId);
    }
  });

  it('a backend with return-minimal but not reaction-counts answers a like with the post, which is used', async () => {
    server.use(http.get(`${API}/health`, () => HttpResponse.json({ status: 'ok', extensions: ['return-minimal'] })));
    const store = await memberStore();
    expect(backendHas(store.getState(), 'reaction-counts')).toBe(false);
    const lake = seedPostId(2);
    const { exchanges, stop } = recordExchanges();
    await store.dispatch(postsApi.endpoints.likePost.initiate(lake));
    stop();
    expect(exchanges.map((exchange) => exchange.prefer)).toEqual(['return=minimal']);
    expect(postIn(everyPost(store.getState()), lake)?.likes.likeCount).toBe(3);
  });

  it('a new post joins the top of all posts and of its author’s posts', async () => {
    const store = await memberStore();
    const { exchanges, stop } = recordExchanges();
    await store.dispatch(postsApi.endpoints.createPost.initiate({ text: 'Only this post comes back.', image: '' }));
    stop();
    expect(exchanges.map((exchange) => exchange.prefer)).toEqual(['return=minimal']);
    const state = store.getState();
    expect(everyPost(state)?.[0]?.content).toBe('Only this post comes back.');
    expect(memberPosts(state, 'demo_user')?.[0]?.content).toBe('Only this post comes back.');
  });

  it('a deleted post leaves all posts, its author’s posts and the bookmarks', async () => {
    const store = await memberStore();
    const own = everyPost(store.getState())!.find((post) => post.username === 'demo_user')!;
    await store.dispatch(bookmarksApi.endpoints.addBookmark.initiate(own));
    expect(bookmarkedPosts(store.getState())?.map((post) => post.id)).toContain(own.id);

    const { exchanges, stop } = recordExchanges();
    await store.dispatch(postsApi.endpoints.deletePost.initiate(own.id));
    stop();
    expect(exchanges).toEqual([{ call: `DELETE /posts/${own.id}`, prefer: 'return=minimal', bytes: expect.any(Number) }]);
    const state = store.getState();
    expect(everyPost(state)?.map((post) => post.id)).not.toContain(own.id);
    expect(memberPosts(state, 'demo_user')?.map((post) => post.id)).not.toContain(own.id);
    expect(bookmarkedPosts(state)?.map((post) => post.id)).not.toContain(own.id);
  });

  it('a bookmark and its removal answer only the change; the list and the member’s record follow', async () => {
    const store = await memberStore();
    const lake = (await store.dispatch(postsApi.endpoints.getPost.initiate(seedPostId(2))).unwrap());
    const { exchanges, stop } = recordExchanges();
    await store.dispatch(bookmarksApi.endpoints.addBookmark.initiate(lake));
    expect(bookmarkedPosts(store.getState())?.map((post) => post.id)).toContain(lake.id);
    expect(selectCurrentMember(store.getState())?.bookmarks).toContain(lake.id);

    await store.dispatch(bookmarksApi.endpoints.removeBookmark.initiate(lake.id));
    stop();
    expect(exchanges.map(({ call, prefer }) => [call, prefer])).toEqual([
      [`POST /users/bookmark/${lake.id}`, 'return=minimal, change-counts'],
      [`POST /users/remove-bookmark/${lake.id}`, 'return=minimal, change-counts'],
    ]);
    expect(exchanges.every((exchange) => exchange.bytes < 100)).toBe(true);
    expect(bookmarkedPosts(store.getState())?.map((post) => post.id)).not.toContain(lake.id);
    expect(selectCurrentMember(store.getState())?.bookmarks).not.toContain(lake.id);
  });

  it('a backend with return-minimal but not change-counts answers a bookmark with the post, which is used', async () => {
    server.use(http.get(`${API}/health`, () => HttpResponse.json({ status: 'ok', extensions: ['return-minimal'] })));
    const store = await memberStore();
    const lake = (await store.dispatch(postsApi.endpoints.getPost.initiate(seedPostId(2))).unwrap());
    const { exchanges, stop } = recordExchanges();
    await store.dispatch(bookmarksApi.endpoints.addBookmark.initiate(lake));
    stop();
    expect(exchanges.map(({ prefer }) => prefer)).toEqual(['return=minimal']);
    expect(exchanges[0]!.bytes).toBeGreaterThan(500);
    expect(bookmarkedPosts(store.getState())?.map((post) => post.id)).toContain(lake.id);
    expect(selectCurrentMember(store.getState())?.bookmarks).toContain(lake.id);
  });

  const followersOf = (store: ReturnType<typeof makeStore>, userId: string) => usersApi.endpoints.getUser.select(userId)(store.getState()).data?.followers.map((entry) => entry._id);
  const followingOf = (store: ReturnType<typeof makeStore>, userId: string) => usersApi.endpoints.getUser.select(userId)(store.getState()).data?.following.map((entry) => entry._id);

  it('a follow and an unfollow answer the relation and its counts alone; both records change at once and stay so', async () => {
    const store = await memberStore();
    const noah = SEED_USER_IDS.noah;
    await store.dispatch(usersApi.endpoints.getUser.initiate(DEMO_USER_ID));
    await store.dispatch(usersApi.endpoints.getUser.initiate(noah));
    const { exchanges, stop } = recordExchanges();
    await store.dispatch(usersApi.endpoints.followUser.initiate(noah));
    expect(followersOf(store, noah)).toContain(DEMO_USER_ID);
    expect(followingOf(store, DEMO_USER_ID)).toContain(noah);
    await store.dispatch(usersApi.endpoints.unfollowUser.initiate(noah));
    stop();
    expect(exchanges.map(({ call, prefer }) => [call, prefer])).toEqual([
      [`POST /users/follow/${noah}`, 'return=minimal, change-counts'],
      [`POST /users/unfollow/${noah}`, 'return=minimal, change-counts'],
    ]);
    expect(exchanges.every((exchange) => exchange.bytes < 150)).toBe(true);
    expect(followersOf(store, noah)).not.toContain(DEMO_USER_ID);
    expect(followingOf(store, DEMO_USER_ID)).not.toContain(noah);
  });

  it('a record whose list does not have the count a follow answered loads again', async () => {
    const store = await memberStore();
    const noah = SEED_USER_IDS.noah;
    await store.dispatch(usersApi.endpoints.getUser.initiate(DEMO_USER_ID));
    await store.dispatch(usersApi.endpoints.getUser.initiate(noah));
    const held = followersOf(store, noah)!;
    expect(held.length).toBeGreaterThan(0);
    const exchanges = await followWithStaleRecord(store, noah);
    expect(exchanges.map(({ call }) => call)).toEqual([`POST /users/follow/${noah}`, `GET /users/${noah}`]);
    expect(followersOf(store, noah)?.sort()).toEqual([...held, DEMO_USER_ID].sort());
  });

  it('a backend with return-minimal but not change-counts answers a follow with both members, read as the counts', async () => {
    server.use(http.get(`${API}/health`, () => HttpResponse.json({ status: 'ok', extensions: ['return-minimal'] })));
    const store = await memberStore();
    const noah = SEED_USER_IDS.noah;
    await store.dispatch(usersApi.endpoints.getUser.initiate(noah));
    const exchanges = await followWithStaleRecord(store, noah);
    // Their count in the answer is not what the cached record holds: the record loads again, with every follower.
    expect(exchanges.map(({ call, prefer }) => `${call} ${prefer}`)).toEqual([`POST /users/follow/${noah} return=minimal`, `GET /users/${noah} null`]);
    expect(followersOf(store, noah)).toContain(DEMO_USER_ID);
    expect(followersOf(store, noah)!.length).toBeGreaterThan(1);
  });

  it('a post that joined the lists is found there by its tag: liking it at once changes every copy, and a refused like undoes every copy', async () => {
    const store = await memberStore();
    await store.dispatch(postsApi.endpoints.createPost.initiate({ text: 'Fresh, then liked.', image: '' }));
    const fresh = everyPost(store.getState())![0]!;
    await store.dispatch(bookmarksApi.endpoints.addBookmark.initiate(fresh));
    const holders = postsApi.util.selectInvalidatedBy(store.getState(), [{ type: 'Post', id: fresh.id }]).map((entry) => entry.endpointName).sort();
    expect(holders).toEqual(['getBookmarkPages', 'getPostPages', 'getPostPages']);

    const copies = () => {
      const state = store.getState();
      return [everyPost(state), memberPosts(state, 'demo_user'), bookmarkedPosts(state)].map(
        (list) => postIn(list, fresh.id)?.likes.likeCount,
      );
    };
    await store.dispatch(postsApi.endpoints.likePost.initiate(fresh.id));
    expect(copies()).toEqual([1, 1, 1]);

    server.use(http.post(`${API}/posts/dislike/:postId`, () => HttpResponse.json({ errors: ['Refused for the test.'] }, { status: 400 })));
    const refused = store.dispatch(postsApi.endpoints.dislikePost.initiate(fresh.id));
    expect(copies()).toEqual([0, 0, 0]);
    await refused;
    expect(copies()).toEqual([1, 1, 1]);
  });

  it('a deleted post’s tag no longer names the lists it left', async () => {
    const store = await memberStore();
    const own = everyPost(store.getState())!.find((post) => post.username === 'demo_user')!;
    await store.dispatch(postsApi.endpoints.deletePost.initiate(own.id));
    expect(postsApi.util.selectInvalidatedBy(store.getState(), [{ type: 'Post', id: own.id }])).toEqual([]);
  });

  it('a backend without the extension gets the spec’s calls, and its every-post answer is used', async () => {
    server.use(http.get(`${API}/health`, () => HttpResponse.json({ status: 'ok' })));
    const store = await memberStore();
    expect(backendHas(store.getState(), 'return-minimal')).toBe(false);
    const { exchanges, stop } = recordExchanges();
    await store.dispatch(postsApi.endpoints.likePost.initiate(seedPostId(2)));
    stop();
    expect(exchanges).toEqual([{ call: `POST /posts/like/${seedPostId(2)}`, prefer: null, bytes: expect.any(Number) }]);
    expect(exchanges[0]!.bytes).toBeGreaterThan(4096);
    expect(postIn(everyPost(store.getState()), seedPostId(2))?.likes.likeCount).toBe(3);
  });

  it('nothing is assumed before the backend has said, nor when /health fails', async () => {
    server.use(http.get(`${API}/health`, () => HttpResponse.json({ errors: ['Not found'] }, { status: 404 })));
    const store = await memberStore();
    expect(backendHas(store.getState(), 'return-minimal')).toBe(false);
    const unasked = await memberStore({ askHealth: false });
    expect(backendHas(unasked.getState(), 'return-minimal')).toBe(false);
    const { exchanges, stop } = recordExchanges();
    await unasked.dispatch(postsApi.endpoints.likePost.initiate(seedPostId(2)));
    stop();
    expect(exchanges.map((exchange) => exchange.prefer)).toEqual([null]);
  });
});

describe('a list loaded page by page (the pages extension) in the cache', () => {
  const EVERY_POST = { list: 'all' } as const;
  const pagedIds = (store: ReturnType<typeof makeStore>) =>
    postsApi.endpoints.getPostPages.select(EVERY_POST)(store.getState()).data?.pages.map((page) => page.posts.map((post) => post.id)) ?? [];
  const pagedPost = (store: ReturnType<typeof makeStore>, id: string) =>
    postsApi.endpoints.getPostPages.select(EVERY_POST)(store.getState()).data?.pages.flatMap((page) => page.posts).find((post) => post.id === id);

  async function pagedStore() {
    const store = await memberStore();
    await store.dispatch(postsApi.endpoints.getPostPages.initiate(EVERY_POST));
    return store;
  }

  it('holds the pages the member loaded, and a like changes the post in them with the other copies', async () => {
    const store = await pagedStore();
    const pages = pagedIds(store);
    // The default seed's 20 posts make one page, the last.
    expect(pages.map((page) => page.length)).toEqual([20]);
    expect(postsApi.util.selectInvalidatedBy(store.getState(), [{ type: 'Post', id: seedPostId(2) }]).map((entry) => entry.endpointName)).toContain('getPostPages');

    server.use(http.post(`${API}/posts/like/:postId`, () => HttpResponse.json({ errors: ['Refused for the test.'] }, { status: 400 })));
    const refused = store.dispatch(postsApi.endpoints.likePost.initiate(seedPostId(2)));
    expect(pagedPost(store, seedPostId(2))?.likes.likeCount).toBe(3);
    await refused;
    expect(pagedPost(store, seedPostId(2))?.likes.likeCount).toBe(2);
    server.resetHandlers();

    await store.dispatch(postsApi.endpoints.likePost.initiate(seedPostId(2)));
    expect(pagedPost(store, seedPostId(2))?.likes.likeCount).toBe(3);
    expect(pagedIds(store)).toEqual(pages);
  });

  it('a new post is the first of the first page of every list it belongs to, and a deleted one leaves its page', async () => {
    const store = await pagedStore();
    const mine = { list: 'member', username: 'demo_user' } as const;
    const liams = { list: 'member', username: 'liam_chen' } as const;
    const latestFeed = { list: 'feed', sort: 'latest' } as const;
    const trendingFeed = { list: 'feed', sort: 'trending' } as const;
    for (const list of [mine, liams, latestFeed, trendingFeed]) await store.dispatch(postsApi.endpoints.getPostPages.initiate(list));
    await store.dispatch(postsApi.endpoints.createPost.initiate({ text: 'First of the first page.', image: '' }));
    const firstOf = (list: Parameters<typeof postsApi.endpoints.getPostPages.select>[0]) => postsApi.endpoints.getPostPages.select(list)(store.getState()).data!.pages[0]!.posts[0]!;
    const fresh = firstOf(EVERY_POST);
    expect(fresh.content).toBe('First of the first page.');
    expect(firstOf(mine).id).toBe(fresh.id);
    expect(firstOf(latestFeed).id).toBe(fresh.id);
    // Not Liam's, and the trending feed takes it when loaded again.
    expect(firstOf(liams).id).not.toBe(fresh.id);
    expect(firstOf(trendingFeed).id).not.toBe(fresh.id);
    await store.dispatch(postsApi.endpoints.deletePost.initiate(fresh.id));
    expect(pagedIds(store).flat()).not.toContain(fresh.id);
    expect(pagedIds(store)[0]).toHaveLength(20);
  });

  it('from a backend with pages but without changed-only answers, an every-post answer updates the pages in place', async () => {
    server.use(http.get(`${API}/health`, () => HttpResponse.json({ status: 'ok', extensions: ['pages'] })));
    const store = await pagedStore();
    const before = pagedIds(store);
    const { exchanges, stop } = recordExchanges();
    await store.dispatch(postsApi.endpoints.likePost.initiate(seedPostId(2)));
    stop();
    expect(exchanges[0]!.prefer).toBeNull();
    expect(pagedPost(store, seedPostId(2))?.likes.likeCount).toBe(3);
    expect(pagedIds(store)).toEqual(before);

    const own = everyPost(store.getState())!.find((post) => post.username === 'demo_user')!;
    await store.dispatch(postsApi.endpoints.deletePost.initiate(own.id));
    expect(pagedIds(store).flat()).not.toContain(own.id);
  });
});
