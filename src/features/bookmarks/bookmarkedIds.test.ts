import { DEMO_CREDENTIALS, seedPostId } from '../../../contract/seed/default';
import { api } from '../../lib/api/api';
import { makeStore } from '../../app/store';
import { loginThroughApi } from '../../test/renderWithProviders';
import type { User } from '../../types/api';
import { userLoggedIn } from '../auth/sessionSlice';
import { postsApi } from '../posts/postsApi';
import { bookmarksApi } from './bookmarksApi';
import { selectIsBookmarked } from './bookmarksSelectors';

const LIGHTS = seedPostId(12);

/** A member's store, logged in with the record the backend gave, changed by `record`. */
async function memberStore(record: (user: User) => User) {
  const store = makeStore();
  const { encodedToken, foundUser } = await loginThroughApi(DEMO_CREDENTIALS);
  store.dispatch(userLoggedIn({ token: encodedToken, user: record(foundUser) }));
  await store.dispatch(api.endpoints.getHealth.initiate());
  return store;
}

describe("a card's bookmark state, read from the member's record", () => {
  it('follows a removal and a bookmark at once, and after the answer', async () => {
    const store = await memberStore((user) => user);
    expect(selectIsBookmarked(store.getState(), LIGHTS)).toBe(true);

    const removal = store.dispatch(bookmarksApi.endpoints.removeBookmark.initiate(LIGHTS));
    expect(selectIsBookmarked(store.getState(), LIGHTS)).toBe(false);
    await removal;
    expect(selectIsBookmarked(store.getState(), LIGHTS)).toBe(false);

    const { data: post } = await store.dispatch(postsApi.endpoints.getPost.initiate(LIGHTS));
    const bookmark = store.dispatch(bookmarksApi.endpoints.addBookmark.initiate(post!));
    expect(selectIsBookmarked(store.getState(), LIGHTS)).toBe(true);
    await bookmark;
    expect(selectIsBookmarked(store.getState(), LIGHTS)).toBe(true);
  });

  it('reads a backend that lists the bookmarks as posts (as the spec’s User does), and a removal takes the post out', async () => {
    const asPosts = (user: User) => ({ ...user, bookmarks: user.bookmarks.map((id) => ({ _id: id, id })) }) as unknown as User;
    const store = await memberStore(asPosts);
    expect(selectIsBookmarked(store.getState(), LIGHTS)).toBe(true);

    await store.dispatch(bookmarksApi.endpoints.removeBookmark.initiate(LIGHTS));
    expect(selectIsBookmarked(store.getState(), LIGHTS)).toBe(false);
  });

  it('a call the backend refuses leaves the state as it was: not bookmarked after a second removal, bookmarked after a second bookmark', async () => {
    const store = await memberStore((user) => user);
    await store.dispatch(bookmarksApi.endpoints.removeBookmark.initiate(LIGHTS));
    const again = await store.dispatch(bookmarksApi.endpoints.removeBookmark.initiate(LIGHTS));
    expect(again.error).toBeDefined();
    expect(selectIsBookmarked(store.getState(), LIGHTS)).toBe(false);

    const { data: post } = await store.dispatch(postsApi.endpoints.getPost.initiate(LIGHTS));
    await store.dispatch(bookmarksApi.endpoints.addBookmark.initiate(post!));
    const twice = await store.dispatch(bookmarksApi.endpoints.addBookmark.initiate(post!));
    expect(twice.error).toBeDefined();
    expect(selectIsBookmarked(store.getState(), LIGHTS)).toBe(true);
  });
});
