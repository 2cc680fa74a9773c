import { makeStore } from '../../app/store';
import type { Post, User, UserSummary } from '../../types/api';
import { userLoggedIn } from '../auth/sessionSlice';
import { usersApi } from '../users/usersApi';
import { loaderShown } from '../ui/uiSlice';
import { feedSortChanged } from './feedSlice';
import { postsApi } from './postsApi';
import {
  EMPTY_POSTS,
  selectAllPosts,
  selectExplorePosts,
  selectHomeFeed,
  sortPosts,
} from './postsSelectors';

const member = (id: string, username = id): UserSummary => ({ _id: id, username, firstName: id, lastName: 'Test', image: '' });

function post(id: string, authorId: string, createdAt: string, likeCount = 0): Post {
  return {
    _id: authorId,
    id,
    content: `post ${id}`,
    postImage: '',
    likes: { likeCount, likedBy: [], dislikedBy: [] },
    username: authorId,
    firstName: authorId,
    lastName: 'Test',
    userFullName: `${authorId} Test`,
    image: '',
    createdAt,
    updatedAt: createdAt,
  };
}

function user(id: string, following: UserSummary[]): User {
  return {
    ...member(id),
    id,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    userBio: '',
    userPortfolioUrl: '',
    followers: [],
    following,
    bookmarks: [],
  };
}

/** A fresh copy of a member's record arrives (a profile load). */
const memberRecordArrived = (record: User) => usersApi.util.upsertQueryEntries([{ endpointName: 'getUser', arg: record._id, value: record }]);

const a1 = post('a1', 'me', '2025-01-01T10:00:00.000Z', 1);
const a2 = post('a2', 'me', '2025-01-03T10:00:00.000Z', 5);
const b1 = post('b1', 'friend', '2025-01-02T10:00:00.000Z', 5);
const c1 = post('c1', 'stranger', '2025-01-04T10:00:00.000Z', 9);

describe('sortPosts', () => {
  const ids = (posts: Post[]) => posts.map((p) => p.id);

  it('orders posts by each sort mode: newest, oldest, most liked (newest first on ties)', () => {
    expect(ids(sortPosts([a1, b1, a2, c1], 'latest'))).toEqual(['c1', 'a2', 'b1', 'a1']);
    expect(ids(sortPosts([a2, c1, a1, b1], 'oldest'))).toEqual(['a1', 'b1', 'a2', 'c1']);
    expect(ids(sortPosts([a1, b1, a2, c1], 'trending'))).toEqual(['c1', 'a2', 'b1', 'a1']);
  });

  it('breaks full ties by id and reads an unreadable time as the epoch', () => {
    const y = post('y', 'me', '2025-01-01T10:00:00.000Z');
    const x = post('x', 'me', '2025-01-01T10:00:00.000Z');
    const broken = post('broken', 'me', 'garbage');
    expect(ids(sortPosts([y, broken, x], 'latest'))).toEqual(['x', 'y', 'broken']);
    expect(ids(sortPosts([y, broken, x], 'oldest'))).toEqual(['broken', 'x', 'y']);
  });
});

describe('selectHomeFeed', () => {
  function setup() {
    const store = makeStore();
    store.dispatch(userLoggedIn({ token: 'token', user: user('me', [member('friend')]) }));
    return store;
  }

  it('is empty (the shared empty constant) before posts arrive', () => {
    const store = setup();
    expect(selectHomeFeed(store.getState())).toBe(EMPTY_POSTS);
    expect(selectAllPosts(store.getState())).toBe(EMPTY_POSTS);
    expect(selectExplorePosts(store.getState())).toBe(EMPTY_POSTS);
  });

  it("holds the member's own posts and those of members they follow, newest first", async () => {
    const store = setup();
    await store.dispatch(postsApi.util.upsertQueryData('getPosts', undefined, [a1, b1, a2, c1]));
    expect(selectHomeFeed(store.getState()).map((p) => p.id)).toEqual(['a2', 'b1', 'a1']);
    expect(selectExplorePosts(store.getState()).map((p) => p.id)).toEqual(['c1', 'a2', 'b1', 'a1']);
  });

  it('follows the sort mode', async () => {
    const store = setup();
    await store.dispatch(postsApi.util.upsertQueryData('getPosts', undefined, [a1, b1, a2, c1]));
    store.dispatch(feedSortChanged('oldest'));
    expect(selectHomeFeed(store.getState()).map((p) => p.id)).toEqual(['a1', 'b1', 'a2']);
    store.dispatch(feedSortChanged('trending'));
    expect(selectHomeFeed(store.getState()).map((p) => p.id)).toEqual(['a2', 'b1', 'a1']);
  });

  it('returns the same reference for the same inputs and recomputes only when posts, following or sort change', async () => {
    const store = setup();
    await store.dispatch(postsApi.util.upsertQueryData('getPosts', undefined, [a1, b1, a2, c1]));
    selectHomeFeed.resetRecomputations();
    const first = selectHomeFeed(store.getState());
    expect(selectHomeFeed.recomputations()).toBe(1);

    // Unrelated state changes: same reference, no recomputation.
    store.dispatch(loaderShown());
    expect(selectHomeFeed(store.getState())).toBe(first);
    // A refreshed copy of the member with the same follows: still no recomputation.
    store.dispatch(memberRecordArrived({ ...user('me', [member('friend')]), userBio: 'new bio' }));
    expect(selectHomeFeed(store.getState())).toBe(first);
    expect(selectHomeFeed.recomputations()).toBe(1);

    store.dispatch(feedSortChanged('oldest'));
    expect(selectHomeFeed(store.getState())).not.toBe(first);
    expect(selectHomeFeed.recomputations()).toBe(2);

    store.dispatch(memberRecordArrived(user('me', [member('friend'), member('stranger')])));
    expect(selectHomeFeed(store.getState()).map((p) => p.id)).toEqual(['a1', 'b1', 'a2', 'c1']);
    expect(selectHomeFeed.recomputations()).toBe(3);

    store.dispatch(postsApi.util.updateQueryData('getPosts', undefined, (draft) => {
      draft.push(post('b2', 'friend', '2025-01-05T10:00:00.000Z'));
    }));
    expect(selectHomeFeed(store.getState()).map((p) => p.id)).toEqual(['a1', 'b1', 'a2', 'c1', 'b2']);
    expect(selectHomeFeed.recomputations()).toBe(4);
  });

  it('is empty when nobody is logged in', async () => {
    const store = makeStore();
    await store.dispatch(postsApi.util.upsertQueryData('getPosts', undefined, [a1]));
    expect(selectHomeFeed(store.getState())).toBe(EMPTY_POSTS);
  });

  it('recognises own posts by username while the id differs', async () => {
    const store = setup();
    await store.dispatch(postsApi.util.upsertQueryData('getPosts', undefined, [{ ...c1, username: 'me' }]));
    expect(selectHomeFeed(store.getState()).map((p) => p.id)).toEqual(['c1']);
  });
});
