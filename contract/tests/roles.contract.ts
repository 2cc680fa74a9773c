/**
 * Roles (the `moderation` extension): a member's own record carries their role, and no other
 * member's does; an admin names and unnames moderators; the staff list is for moderators and
 * admins. Every refusal reads the caller's role from the store: a member or a moderator naming
 * anyone, an admin's role changed in the app, a role that is not one, a member not there.
 */
import type { LoginResponse, RoleChange, SignupResponse, StaffResponse, UserResponse } from '../api';
import { errorBody } from '../errors';
import { MESSAGE_STATUS, type MessageKey } from '../messages';
import { DEMO_CREDENTIALS, SAMPLE_SIGNUP, SEED_USER_IDS, seedPostId } from '../seed/default';
import { arrange, call, callAs, db, expectHealthy, tokenFor, type CallResult } from './support';
import { openStream, type Received } from './streams';

const { ava, liam, maya, noah, zoe } = SEED_USER_IDS;

/** Liam is an admin, Maya a moderator; the others are members. */
async function arrangeStaff(): Promise<void> {
  await arrange((snapshot) => {
    for (const user of snapshot.users) {
      if (user.id === liam) user.role = 'admin';
      if (user.id === maya) user.role = 'moderator';
    }
  });
}

function setRole(caller: string, memberId: string, role: unknown): Promise<CallResult<RoleChange>> {
  return callAs<RoleChange>(caller, 'PUT', `/moderation/members/${encodeURIComponent(memberId)}/role`, { role });
}

function expectRefused(result: CallResult, key: MessageKey): void {
  expect({ status: result.status, body: result.json }).toEqual({ status: MESSAGE_STATUS[key], body: errorBody(key) });
}

describe('roles', () => {
  it("answers a member's own role on login, signup and their own record, and never on another's", async () => {
    await arrangeStaff();
    const login = await call<LoginResponse>('POST', '/auth/login', { body: DEMO_CREDENTIALS });
    expect(login.json.foundUser.role).toBe('member');
    const admin = await call<LoginResponse>('POST', '/auth/login', { body: { username: 'liam_chen', password: DEMO_CREDENTIALS.password } });
    expect(admin.json.foundUser.role).toBe('admin');
    const joined = await call<SignupResponse>('POST', '/auth/signup', { body: SAMPLE_SIGNUP });
    expect({ status: joined.status, role: joined.json.createdUser.role }).toEqual({ status: 201, role: 'member' });

    // Their own record, read with their token; the same record read by anyone else carries no role.
    expect((await call<UserResponse>('GET', `/users/${maya}`, { authorization: await tokenFor('maya_patel') })).json.user.role).toBe('moderator');
    expect((await call<UserResponse>('GET', `/users/${maya}`)).json.user).not.toHaveProperty('role');
    expect((await call<UserResponse>('GET', `/users/${liam}`, { authorization: await tokenFor('demo_user') })).json.user).not.toHaveProperty('role');
    const everyone = (await call<{ users: Array<{ id: string; role?: string }> }>('GET', '/users', { authorization: await tokenFor('demo_user') })).json.users;
    expect(everyone.filter((user) => 'role' in user).map((user) => [user.id, user.role])).toEqual([[ava, 'member']]);
  });

  it('lets an admin name a moderator and make them a member again; the member sees it on their own record', async () => {
    await arrangeStaff();
    const named = await setRole('liam_chen', noah, 'moderator');
    expect({ status: named.status, body: named.json }).toEqual({ status: 200, body: { member: { id: noah, username: 'noah_kim', name: 'Noah Kim', role: 'moderator' } } });
    await expectHealthy(named.json);
    expect((await db()).user(noah)?.role).toBe('moderator');
    expect((await call<UserResponse>('GET', `/users/${noah}`, { authorization: await tokenFor('noah_kim') })).json.user.role).toBe('moderator');
    // Naming again changes nothing and says so in the same answer.
    expect((await setRole('liam_chen', noah, 'moderator')).json.member.role).toBe('moderator');

    const unnamed = await setRole('liam_chen', noah, 'member');
    expect({ status: unnamed.status, role: unnamed.json.member.role }).toEqual({ status: 200, role: 'member' });
    expect((await db()).user(noah)?.role ?? 'member').toBe('member');
    expect((await call<UserResponse>('GET', `/users/${noah}`, { authorization: await tokenFor('noah_kim') })).json.user.role).toBe('member');
  });

  it("tells the member's open stream of the new role: it hears new reports from then on, and no longer once made a member again", async () => {
    await arrangeStaff();
    const stream = await openStream(`Bearer ${await tokenFor('noah_kim')}`);
    const reportsHeard = (): Received[] => stream.received.filter((event) => event.type === 'report-opened');
    const report = (reporter: string, post: string) => callAs(reporter, 'POST', '/reports', { about: { post }, reason: 'spam' });
    try {
      // A member's stream hears no report.
      expect((await report('zoe_martin', seedPostId(1))).status).toBe(201);
      expect((await setRole('liam_chen', noah, 'moderator')).status).toBe(200);
      await stream.until(2);
      expect(stream.received.map(({ type, data }) => ({ type, data }))).toEqual([
        { type: 'member-updated', data: { memberId: noah } },
        { type: 'role-changed', data: { memberId: noah, role: 'moderator' } },
      ]);
      // Named on the stream already open: the next report reaches it.
      expect((await report('zoe_martin', seedPostId(2))).status).toBe(201);
      await stream.until(3);
      expect(reportsHeard()).toHaveLength(1);
      // A member again: the stream hears the change, and no report after it.
      expect((await setRole('liam_chen', noah, 'member')).status).toBe(200);
      await stream.until(5);
      expect(stream.received.at(-1)).toMatchObject({ type: 'role-changed', data: { memberId: noah, role: 'member' } });
      expect((await report('demo_user', seedPostId(1))).status).toBe(201);
      // A later event every stream hears shows the report's has passed by.
      expect((await callAs('zoe_martin', 'POST', '/posts', { postData: { text: 'After the report.' } })).status).toBe(201);
      for (let count = 6; !stream.received.some((event) => event.type === 'post-created'); count += 1) await stream.until(count);
      expect(reportsHeard()).toHaveLength(1);
    } finally {
      stream.close();
    }
  });

  it('refuses a member or a moderator naming anyone, and a moderator naming a moderator, with 403', async () => {
    await arrangeStaff();
    expectRefused(await setRole('demo_user', noah, 'moderator'), 'notAdmin');
    expectRefused(await setRole('demo_user', ava, 'moderator'), 'notAdmin');
    expectRefused(await setRole('maya_patel', noah, 'moderator'), 'notAdmin');
    expectRefused(await setRole('maya_patel', maya, 'member'), 'notAdmin');
    expect((await db()).users.filter((user) => user.role !== undefined).map((user) => [user.id, user.role]).sort()).toEqual([[liam, 'admin'], [maya, 'moderator']]);
  });

  it("refuses an admin demoting an admin or changing one's role, an unknown role, and a member not there", async () => {
    await arrangeStaff();
    await arrange((snapshot) => {
      const zoeRecord = snapshot.users.find((user) => user.id === zoe);
      if (zoeRecord) zoeRecord.role = 'admin';
    });
    expectRefused(await setRole('liam_chen', zoe, 'member'), 'adminRoleFixed');
    expectRefused(await setRole('liam_chen', zoe, 'moderator'), 'adminRoleFixed');
    expectRefused(await setRole('liam_chen', liam, 'member'), 'adminRoleFixed');
    expectRefused(await setRole('liam_chen', noah, 'admin'), 'roleInvalid');
    expectRefused(await setRole('liam_chen', noah, 'owner'), 'roleInvalid');
    expectRefused(await setRole('liam_chen', noah, 7), 'roleInvalid');
    expectRefused(await setRole('liam_chen', 'u-nobody', 'moderator'), 'userNotFound');
    const view = await db();
    expect([view.user(zoe)?.role, view.user(liam)?.role, view.user(noah)?.role]).toEqual(['admin', 'admin', undefined]);
  });

  it('reads the caller\'s role from the store: an admin made a member is refused at once, with the same token', async () => {
    await arrangeStaff();
    const token = await tokenFor('liam_chen');
    await arrange((snapshot) => {
      const liamRecord = snapshot.users.find((user) => user.id === liam);
      if (liamRecord) delete liamRecord.role;
    });
    const refused = await call('PUT', `/moderation/members/${noah}/role`, { authorization: token, body: { role: 'moderator' } });
    expectRefused(refused, 'notAdmin');
  });

  it('lists the admins then the moderators, by username, to moderators and admins alone', async () => {
    await arrangeStaff();
    await setRole('liam_chen', zoe, 'moderator');
    const expected = { staff: [
      { id: liam, username: 'liam_chen', name: 'Liam Chen', role: 'admin' },
      { id: maya, username: 'maya_patel', name: 'Maya Patel', role: 'moderator' },
      { id: zoe, username: 'zoe_martin', name: 'Zoe Martin', role: 'moderator' },
    ] };
    for (const caller of ['liam_chen', 'maya_patel']) {
      const listed = await callAs<StaffResponse>(caller, 'GET', '/moderation/staff');
      expect({ status: listed.status, body: listed.json }).toEqual({ status: 200, body: expected });
    }
    expectRefused(await callAs('demo_user', 'GET', '/moderation/staff'), 'notStaff');
    expectRefused(await call('GET', '/moderation/staff'), 'tokenInvalid');
  });

  it('keeps roles in the network\'s snapshot, and a network with no staff lists none', async () => {
    expect((await callAs<StaffResponse>('demo_user', 'GET', '/moderation/staff')).status).toBe(403);
    await arrangeStaff();
    const view = await db();
    expect(view.users.map((user) => [user.id, user.role ?? 'member'])).toEqual([[ava, 'member'], [liam, 'admin'], [maya, 'moderator'], [noah, 'member'], [zoe, 'member']]);
    await arrange((snapshot) => {
      for (const user of snapshot.users) delete user.role;
    });
    expect((await db()).users.every((user) => user.role === undefined)).toBe(true);
  });
});
