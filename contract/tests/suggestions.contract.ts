/**
 * Who to follow, chosen by the backend (the `suggestions` extension): the members in joining order
 * but the caller, those they follow or mute, and those in a block with them; a caller without a
 * token is suggested everyone. Whom a member follows and mutes is theirs alone: a token is checked.
 */
import type { MemberSuggestions, UserResponse, UsersResponse } from '../api';
import { MESSAGES } from '../messages';
import { SEED_USER_IDS } from '../seed/default';
import { call, callAs, describeListedExtension, expectRefusal, usernamesAt } from './support';

const { ava, liam, noah, zoe } = SEED_USER_IDS;

const suggestedTo = (member: string | undefined, query = ''): Promise<string[]> => usernamesAt(`/users/suggestions${query}`, member);

describeListedExtension('suggestions');

describe('GET /users/suggestions', () => {
  it('suggests the members the caller does not follow, in joining order, as member summaries', async () => {
    // The demo member follows Liam and Maya.
    expect(await suggestedTo('demo_user')).toEqual(['noah_kim', 'zoe_martin']);
    const { users } = (await call<UsersResponse>('GET', '/users')).json;
    const summaryOf = (id: string) => {
      const user = users.find((member) => member._id === id);
      return user && { _id: user._id, username: user.username, firstName: user.firstName, lastName: user.lastName, image: user.image };
    };
    expect((await callAs<MemberSuggestions>('demo_user', 'GET', '/users/suggestions')).json).toEqual({ users: [summaryOf(noah), summaryOf(zoe)], total: 2 });
  });

  it('suggests everyone, in the order of the members list, to a caller without a token or with a token no longer good', async () => {
    const everyone = (await call<UsersResponse>('GET', '/users')).json.users.map((user) => user.username);
    expect(everyone).toHaveLength(5);
    expect(await suggestedTo(undefined)).toEqual(everyone);
    expect((await call<MemberSuggestions>('GET', '/users/suggestions', { authorization: 'Bearer not-a-token' })).json.users.map((user) => user.username)).toEqual(everyone);
  });

  it('leaves out a member once followed, and suggests them again once unfollowed', async () => {
    expect((await callAs('demo_user', 'POST', `/users/follow/${noah}`)).status).toBe(201);
    expect(await suggestedTo('demo_user')).toEqual(['zoe_martin']);
    expect((await callAs('demo_user', 'POST', `/users/unfollow/${liam}`)).status).toBe(201);
    expect(await suggestedTo('demo_user')).toEqual(['liam_chen', 'zoe_martin']);
  });

  it('leaves out whom the caller mutes and anyone in a block with them, either way, until it is undone', async () => {
    expect((await callAs('demo_user', 'POST', `/users/mute/${noah}`)).status).toBe(201);
    expect(await suggestedTo('demo_user')).toEqual(['zoe_martin']);
    expect((await callAs('zoe_martin', 'POST', `/users/block/${ava}`)).status).toBe(201);
    expect(await suggestedTo('demo_user')).toEqual([]);
    // The one who blocks does not have the blocked member suggested either.
    expect(await suggestedTo('zoe_martin')).not.toContain('demo_user');
    expect((await callAs('demo_user', 'POST', `/users/unmute/${noah}`)).status).toBe(201);
    expect((await callAs('zoe_martin', 'POST', `/users/unblock/${ava}`)).status).toBe(201);
    expect(await suggestedTo('demo_user')).toEqual(['noah_kim', 'zoe_martin']);
    // Another member's mute changes nothing for the demo member.
    expect((await callAs('maya_patel', 'POST', `/users/mute/${noah}`)).status).toBe(201);
    expect(await suggestedTo('demo_user')).toEqual(['noah_kim', 'zoe_martin']);
    expect(await suggestedTo('maya_patel')).not.toContain('noah_kim');
  });

  it('answers at most the limit asked for, with how many there are in all, and refuses a limit that is not a whole number from 1 to 100', async () => {
    expect((await call<MemberSuggestions>('GET', '/users/suggestions?limit=2')).json).toMatchObject({ users: [{ username: 'demo_user' }, { username: 'liam_chen' }], total: 5 });
    // Noah is suggested the four others but those he follows.
    const noahFollows = (await call<UserResponse>('GET', `/users/${noah}`)).json.user.following.length;
    expect(noahFollows).toBeGreaterThan(0);
    expect((await callAs<MemberSuggestions>('noah_kim', 'GET', '/users/suggestions?limit=1')).json).toMatchObject({ users: [expect.anything()], total: 4 - noahFollows });
    expect(await suggestedTo('demo_user', '?limit=1')).toEqual(['noah_kim']);
    for (const limit of ['0', '101', 'two', '-1']) {
      expectRefusal(await call('GET', `/users/suggestions?limit=${limit}`), 400, MESSAGES.pageLimitInvalid);
    }
  });
});
