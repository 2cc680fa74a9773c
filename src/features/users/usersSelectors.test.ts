import { makeStore } from '../../app/store';
import type { User } from '../../types/api';
import { userLoggedIn } from '../auth/sessionSlice';
import { follows, fullName, toSummary, withFollower, withFollowing } from './followUpdates';
import { usersApi } from './usersApi';
import {
  EMPTY_USERS,
  matchesName,
  normaliseQuery,
  selectIsFollowing,
  selectPeopleMatching,
} from './usersSelectors';

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
const liam = member('u-liam', 'Liam', 'Chen');
const maya = member('u-maya', 'Maya', 'Patel');
const noah = member('u-noah', 'Noah', 'Kim');

async function storeWith(users: User[], me: User | null = ava) {
  const store = makeStore();
  if (me) store.dispatch(userLoggedIn({ token: 'token', user: me }));
  await store.dispatch(usersApi.util.upsertQueryData('getUsers', undefined, users));
  return store;
}

describe('people search selector', () => {
  beforeEach(() => selectPeopleMatching.resetRecomputations());

  it('matches a case-insensitive substring of the first or the last name', async () => {
    const store = await storeWith([ava, liam, maya, noah]);
    const state = store.getState();
    expect(selectPeopleMatching(state, 'a').map((user) => user.firstName)).toEqual(['Ava', 'Liam', 'Maya', 'Noah']);
    expect(selectPeopleMatching(state, 'RE').map((user) => user.firstName)).toEqual(['Ava']);
    expect(selectPeopleMatching(state, 'PAT').map((user) => user.firstName)).toEqual(['Maya']);
    expect(selectPeopleMatching(state, ' kim ').map((user) => user.firstName)).toEqual(['Noah']);
    // Not the username, not the full name across both fields.
    expect(selectPeopleMatching(state, 'ava reed')).toBe(EMPTY_USERS);
  });

  it('gives the shared empty list for an empty query or no match', async () => {
    const store = await storeWith([ava, liam]);
    expect(selectPeopleMatching(store.getState(), '')).toBe(EMPTY_USERS);
    expect(selectPeopleMatching(store.getState(), '   ')).toBe(EMPTY_USERS);
    expect(selectPeopleMatching(store.getState(), 'zzz')).toBe(EMPTY_USERS);
  });

  it('returns the same reference for the same input and recomputes only when an input changes', async () => {
    const store = await storeWith([ava, liam, maya]);
    const first = selectPeopleMatching(store.getState(), 'a');
    const again = selectPeopleMatching(store.getState(), 'a');
    expect(again).toBe(first);
    expect(selectPeopleMatching.recomputations()).toBe(1);

    // Unrelated state changes do not recompute.
    store.dispatch({ type: 'ui/loaderShown' });
    expect(selectPeopleMatching(store.getState(), 'a')).toBe(first);
    // Same query after normalising does not recompute either.
    expect(selectPeopleMatching(store.getState(), ' A ')).toBe(first);
    expect(selectPeopleMatching.recomputations()).toBe(1);

    selectPeopleMatching(store.getState(), 'li');
    expect(selectPeopleMatching.recomputations()).toBe(2);

    await store.dispatch(usersApi.util.upsertQueryData('getUsers', undefined, [ava, liam, maya, noah]));
    const changed = selectPeopleMatching(store.getState(), 'a');
    expect(changed).not.toBe(first);
    expect(selectPeopleMatching.recomputations()).toBe(3);
  });
});

describe('follow selector', () => {
  it('tells whether I follow someone', async () => {
    const store = await storeWith([ava, liam]);
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
    expect(normaliseQuery('  MaYa ')).toBe('maya');
    expect(matchesName(maya, 'ya')).toBe(true);
    expect(matchesName(maya, 'zz')).toBe(false);
  });
});
