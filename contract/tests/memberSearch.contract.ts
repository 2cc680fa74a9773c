/**
 * People search on the backend (the `member-search` extension): the members whose first or last name
 * holds a text, ignoring case, or the one with a username; in joining order, the first of how many,
 * less anyone in a block with the caller or leaving.
 */
import type { MembersFound, UsersResponse } from '../api';
import { LIMITS } from '../limits';
import { MESSAGES } from '../messages';
import { SEED_USER_IDS } from '../seed/default';
import { arrange, call, callAs, describeListedExtension, expectRefusal, usernamesAt } from './support';

const { ava, liam } = SEED_USER_IDS;

const found = (query: string, member?: string): Promise<string[]> => usernamesAt(`/users/search?${query}`, member);

describeListedExtension('member-search');

describe('GET /users/search', () => {
  it('finds the members whose first or last name holds the text, ignoring case, as member summaries', async () => {
    expect(await found('q=MA')).toEqual(['maya_patel', 'zoe_martin']);
    expect(await found('q=%20chen%20')).toEqual(['liam_chen']);
    // A name, not a username: "demo" is nobody's name.
    expect(await found('q=demo')).toEqual([]);
    const { users } = (await call<UsersResponse>('GET', '/users')).json;
    const liamRecord = users.find((user) => user._id === liam);
    expect((await call<MembersFound>('GET', '/users/search?q=liam')).json).toEqual({
      users: [{ _id: liam, username: 'liam_chen', firstName: 'Liam', lastName: 'Chen', image: liamRecord?.image }],
      total: 1,
    });
  });

  it('finds one member by username, ignoring case and an @ before it', async () => {
    expect(await found('username=ZOE_MARTIN')).toEqual(['zoe_martin']);
    expect(await found('username=%40demo_user')).toEqual(['demo_user']);
    expect(await found('username=zoe')).toEqual([]);
  });

  it('answers the first of how many there are, in joining order, up to the limit asked for', async () => {
    await arrange((snapshot) => {
      for (let index = 0; index < 30; index += 1) {
        const id = `u-many-${String(index).padStart(2, '0')}`;
        snapshot.users.push({
          id, firstName: 'Many', lastName: `Member ${index}`, username: `many_${String(index).padStart(2, '0')}`, password: 'welcome123',
          image: '', userBio: '', userPortfolioUrl: '', followers: [], following: [], bookmarks: [],
          createdAt: '2025-05-01T09:00:00.000Z', updatedAt: '2025-05-01T09:00:00.000Z',
        });
      }
    });
    const first = await call<MembersFound>('GET', '/users/search?q=many');
    expect(first.json.total).toBe(30);
    expect(first.json.users.map((user) => user.username)).toEqual(Array.from({ length: 20 }, (_, index) => `many_${String(index).padStart(2, '0')}`));
    expect((await call<MembersFound>('GET', '/users/search?q=member%202&limit=3')).json).toMatchObject({ users: [{ username: 'many_02' }, { username: 'many_20' }, { username: 'many_21' }], total: 11 });
  });

  it("ignores case in every alphabet, as JavaScript lowers letters, whatever the database's locale; _ and % as written", async () => {
    const named = [
      ['u-elodie', 'elodie', 'Élodie', 'Ångström'],
      ['u-lukasz', 'lukasz', 'Łukasz', 'ŁUKASIEWICZ'],
      ['u-karl', 'karl', '\u212Aarl', 'Weiss'], // a Kelvin sign for its K: JavaScript lowers it to k
      ['u-alan', 'alan', 'Alan', 'Ålander'],
      ['u-ola', 'ola', 'Ola', 'Nordmann'],
      ['u-anne', 'anne', 'Anne_Marie', 'Smith'],
      ['u-annex', 'annex', 'AnneXMarie', 'Jones'],
    ] as const;
    await arrange((snapshot) => {
      for (const [id, username, firstName, lastName] of named) {
        snapshot.users.push({
          id, firstName, lastName, username, password: 'welcome123', image: '', userBio: '', userPortfolioUrl: '',
          followers: [], following: [], bookmarks: [], createdAt: '2025-05-01T09:00:00.000Z', updatedAt: '2025-05-01T09:00:00.000Z',
        });
      }
    });
    expect(await found('q=%C3%89LODIE')).toEqual(['elodie']);
    expect(await found('q=%C3%A5ngstr')).toEqual(['elodie']);
    // Letters of ASCII in a name with others.
    expect(await found('q=NGSTR')).toEqual(['elodie']);
    expect(await found('q=%C5%82ukas')).toEqual(['lukasz']);
    expect(await found('q=KARL')).toEqual(['karl']);
    expect(await found('q=ola')).toEqual(['ola']);
    expect(await found('q=%C3%B6')).toEqual(['elodie']);
    // Names of ASCII alone and others together, in joining order, counted alike.
    expect((await call<MembersFound>('GET', '/users/search?q=LA')).json).toMatchObject({ users: [{ username: 'alan' }, { username: 'ola' }], total: 2 });
    expect((await call<MembersFound>('GET', '/users/search?q=la&limit=1')).json).toMatchObject({ users: [{ username: 'alan' }], total: 2 });
    expect((await call<MembersFound>('GET', '/users/search?q=%C3%A5&limit=1')).json).toMatchObject({ users: [{ username: 'elodie' }], total: 2 });
    // _ and % are the characters they are, not patterns.
    expect(await found('q=E_M')).toEqual(['anne']);
    expect(await found('q=%25')).toEqual([]);
  });

  it('leaves out anyone in a block with the caller, either way', async () => {
    expect((await callAs('zoe_martin', 'POST', `/users/block/${ava}`)).status).toBe(201);
    expect(await found('q=martin', 'demo_user')).toEqual([]);
    expect(await found('username=zoe_martin', 'demo_user')).toEqual([]);
    expect(await found('q=reed', 'zoe_martin')).toEqual([]);
    // Others still find both.
    expect(await found('q=martin', 'liam_chen')).toEqual(['zoe_martin']);
    expect(await found('q=martin')).toEqual(['zoe_martin']);
  });

  it('answers nobody when there is nothing to look for, and refuses a search too long or a bad limit', async () => {
    expect((await call<MembersFound>('GET', '/users/search')).json).toEqual({ users: [], total: 0 });
    expect((await call<MembersFound>('GET', '/users/search?q=%20%20')).json).toEqual({ users: [], total: 0 });
    expectRefusal(await call('GET', `/users/search?q=${'a'.repeat(LIMITS.searchQueryMax + 1)}`), 400, MESSAGES.searchTooLong);
    expectRefusal(await call('GET', `/users/search?username=${'a'.repeat(LIMITS.searchQueryMax + 1)}`), 400, MESSAGES.searchTooLong);
    expectRefusal(await call('GET', '/users/search?q=ma&limit=0'), 400, MESSAGES.pageLimitInvalid);
  });
});
