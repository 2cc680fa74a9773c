import { makeStore } from '../../app/store';
import type { User } from '../../types/api';
import { userLoggedIn } from '../auth/sessionSlice';
import { follows, fullName, toSummary, withFollower, withFollowing } from './followUpdates';
import { usersApi } from './usersApi';
import { selectIsFollowing } from './usersSelectors';

function member(id: string, firstName: string, lastName: string, following: string[] = []): User {
  return {
    _id: id,
    id,
    firstName,
    lastName,
    username: `${firstName}_${lastName}`.toLowerCase(),
    image: '',
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    userBio: '',
    userPortfolioUrl: '',
    followers: [],
    following: following.map((followId) => ({ _id: followId, username: followId, firstName: '', lastName: '', image: '' })),
    bookmarks: [],
  };
}

const ava = member('u-ava', 'Ava', 'Reed', ['u-liam']);
const maya = member('u-maya', 'Maya', 'Patel');

async function storeWith(me: User) {
  const store = makeStore();
  store.dispatch(userLoggedIn({ token: 'token', user: me }));
  await store.dispatch(usersApi.util.upsertQueryData('getUser', me._id, me));
  return store;
}

describe('follow selector', () => {
  it('tells whether I follow someone', async () => {
    const store = await storeWith(ava);
    expect(selectIsFollowing(store.getState(), 'u-liam')).toBe(true);
    expect(selectIsFollowing(store.getState(), 'u-maya')).toBe(false);
  });
});

describe('follow helpers', () => {
  it('adds and removes entries once, leaving the rest alone', () => {
    const followed = withFollowing(ava, maya, true);
    expect(followed.following.map((user) => user._id)).toEqual(['u-liam', 'u-maya']);
    expect(withFollowing(followed, maya, true).following).toHaveLength(2);
    expect(withFollowing(followed, maya, false).following.map((user) => user._id)).toEqual(['u-liam']);
    expect(ava.following).toHaveLength(1);

    const withFan = withFollower(maya, ava, true);
    expect(withFan.followers).toEqual([toSummary(ava)]);
    expect(withFollower(withFan, ava, false).followers).toEqual([]);
  });

  it('reads names and follow state', () => {
    expect(fullName(ava)).toBe('Ava Reed');
    expect(follows(ava, 'u-liam')).toBe(true);
    expect(follows(null, 'u-liam')).toBe(false);
  });
});
