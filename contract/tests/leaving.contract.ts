/**
 * Leaving (the `accounts` extension): a member deletes their account with their password (and a
 * code, with two-factor sign-in on). Every device is logged out, and to everyone else the member is
 * at once as if they did not exist; logging in and keeping the account brings them back. Once the
 * grace period is over, the member and everything that names them are gone.
 */
import type { AccountDeletion, NotificationsPage, PostsPage, RepliesPage, ReplyCreated, TwoFactorEnabled, TwoFactorSetup, UsersResponse } from '../api';
import { errorBody } from '../errors';
import { LIMITS } from '../limits';
import { MESSAGE_STATUS, type MessageKey } from '../messages';
import { authenticatorCode } from '../rules/twoFactor';
import { SEED_PASSWORD, SEED_USER_IDS, seedPostId } from '../seed/default';
import { arrange, call, callAs, db, target, tokenFor, type CallResult } from './support';

const { liam } = SEED_USER_IDS;
const liamsPost = seedPostId(1);
const DAY_MS = 24 * 60 * 60 * 1000;

function expectRefused(result: CallResult<unknown>, key: MessageKey): void {
  expect({ status: result.status, body: result.json }).toEqual({ status: MESSAGE_STATUS[key], body: errorBody(key) });
}

const deletionOf = (member: string) => callAs<AccountDeletion>(member, 'GET', '/account/deletion');
const deleteAccount = (token: string, body: Record<string, unknown>) => call<AccountDeletion>('POST', '/account/deletion', { body, authorization: token });

/** Who wrote the posts a member (or a caller without a token) finds on a path. */
async function authorsOn(path: string, member?: string): Promise<string[]> {
  const result = member === undefined ? await call<PostsPage>('GET', path) : await callAs<PostsPage>(member, 'GET', path);
  expect(result.status).toBe(200);
  return result.json.posts.map((post) => post._id);
}

/** What the network shows of Liam, to a member and to a caller without a token. */
async function liamAsOthersSeeHim() {
  const users = await callAs<UsersResponse>('maya_patel', 'GET', '/users');
  return {
    profile: (await callAs('maya_patel', 'GET', `/users/${liam}`)).status,
    posts: (await callAs('maya_patel', 'GET', `/posts/user/liam_chen`)).status,
    post: (await call('GET', `/posts/${liamsPost}`)).status,
    inEveryPost: (await authorsOn('/posts?limit=100')).includes(liam),
    inMayasPosts: (await authorsOn('/posts?limit=100', 'maya_patel')).includes(liam),
    inAvasFeed: (await authorsOn('/feed?limit=100', 'demo_user')).includes(liam),
    inSearch: (await authorsOn('/search/posts?q=light')).includes(liam),
    inUsers: users.json.users.some((user) => user.username === 'liam_chen'),
  };
}

const SHOWN = { profile: 200, posts: 200, post: 200, inEveryPost: true, inMayasPosts: true, inAvasFeed: true, inSearch: true, inUsers: true };
const HIDDEN = { profile: 404, posts: 404, post: 404, inEveryPost: false, inMayasPosts: false, inAvasFeed: false, inSearch: false, inUsers: false };

describe('leaving', () => {
  it('is not set until the password asks for it; then every device is logged out', async () => {
    expect((await deletionOf('liam_chen')).json).toEqual({ scheduled: false, purgeAt: null, graceDays: LIMITS.deletionGraceDays });
    const token = await tokenFor('liam_chen');
    expectRefused(await deleteAccount(token, {}), 'invalidCredentials');
    expectRefused(await deleteAccount(token, { password: 'not-the-password' }), 'invalidCredentials');
    expectRefused(await deleteAccount(token, { password: 42 }), 'invalidCredentials');
    expectRefused(await call('DELETE', '/account/deletion', { authorization: token }), 'deletionNotScheduled');
    expect((await deletionOf('liam_chen')).json.scheduled).toBe(false);

    const before = Date.now();
    const deleted = await deleteAccount(token, { password: SEED_PASSWORD });
    expect(deleted.status).toBe(201);
    expect(deleted.json).toMatchObject({ scheduled: true, graceDays: LIMITS.deletionGraceDays });
    const purgeAt = Date.parse(deleted.json.purgeAt ?? '');
    expect(purgeAt).toBeGreaterThanOrEqual(before + LIMITS.deletionGraceDays * DAY_MS - 1000);
    expect(purgeAt).toBeLessThanOrEqual(Date.now() + LIMITS.deletionGraceDays * DAY_MS + 1000);
    // The token that asked is over, as every other of the member's.
    expectRefused(await call('GET', '/account/deletion', { authorization: token }), 'tokenInvalid');

    // Logged in again, the member finds it set, and cannot set it twice.
    const login = await call<{ encodedToken: string }>('POST', '/auth/login', { body: { username: 'liam_chen', password: SEED_PASSWORD } });
    expect(login.status).toBe(200);
    const again = await call<AccountDeletion>('GET', '/account/deletion', { authorization: login.json.encodedToken });
    expect(again.json).toEqual(deleted.json);
    expectRefused(await deleteAccount(login.json.encodedToken, { password: SEED_PASSWORD }), 'deletionAlreadyScheduled');
  });

  it('asks for a code with two-factor sign-in on', async () => {
    const setup = await callAs<TwoFactorSetup>('liam_chen', 'POST', '/account/two-factor/setup');
    const { secret } = setup.json;
    const enabled = await callAs<TwoFactorEnabled>('liam_chen', 'POST', '/account/two-factor/enable', { secret, code: await authenticatorCode(secret, new Date()) });
    expect(enabled.status).toBe(201);
    const token = await tokenFor('liam_chen');
    expectRefused(await deleteAccount(token, { password: SEED_PASSWORD }), 'twoFactorRequired');
    expectRefused(await deleteAccount(token, { password: SEED_PASSWORD, code: 'aaaaa-bbbbb' }), 'twoFactorCodeInvalid');
    expect((await deletionOf('liam_chen')).json.scheduled).toBe(false);
    expect((await deleteAccount(token, { password: SEED_PASSWORD, code: enabled.json.recoveryCodes[0] })).status).toBe(201);
  });

  it('hides the member from everyone else at once; keeping the account brings them back', async () => {
    const mayasReply = await callAs<ReplyCreated>('maya_patel', 'POST', `/posts/${seedPostId(3)}/replies`, { replyData: { text: 'Lovely' } });
    const liamsReply = await callAs<ReplyCreated>('liam_chen', 'POST', `/posts/${seedPostId(3)}/replies`, { replyData: { text: 'Agreed', replyTo: mayasReply.json.reply.id } });
    expect(liamsReply.status).toBe(201);
    expect(await liamAsOthersSeeHim()).toEqual(SHOWN);

    expect((await deleteAccount(await tokenFor('liam_chen'), { password: SEED_PASSWORD })).status).toBe(201);
    expect(await liamAsOthersSeeHim()).toEqual(HIDDEN);
    const replies = await callAs<RepliesPage>('maya_patel', 'GET', `/posts/${seedPostId(3)}/replies`);
    expect(replies.json.replies.map((reply) => reply.id)).toEqual([mayasReply.json.reply.id]);
    expect((await callAs('maya_patel', 'GET', `/replies/${liamsReply.json.reply.id}`)).status).toBe(404);
    // Maya's notification of Liam's reply is not listed: nobody she sees is behind it.
    const notifications = await callAs<NotificationsPage>('maya_patel', 'GET', '/notifications');
    expect(notifications.json.notifications.filter((notification) => notification.actor._id === liam)).toEqual([]);
    // The member sees their own.
    expect((await callAs('liam_chen', 'GET', `/users/${liam}`)).status).toBe(200);
    expect((await callAs('liam_chen', 'GET', `/posts/${liamsPost}`)).status).toBe(200);
    expect(await authorsOn('/posts?limit=100', 'liam_chen')).toContain(liam);

    const kept = await callAs<AccountDeletion>('liam_chen', 'DELETE', '/account/deletion');
    expect(kept.status).toBe(200);
    expect(kept.json).toEqual({ scheduled: false, purgeAt: null, graceDays: LIMITS.deletionGraceDays });
    expect(await liamAsOthersSeeHim()).toEqual(SHOWN);
  });

  it('deletes the member and everything that names them once the grace period is over', async () => {
    // Liam's reply to Maya's post, Noah's reply to Liam's post, a bookmark and a like of his post by others.
    expect((await callAs('liam_chen', 'POST', `/posts/${seedPostId(2)}/replies`, { replyData: { text: 'Still water' } })).status).toBe(201);
    const noahsReply = await callAs<ReplyCreated>('noah_kim', 'POST', `/posts/${liamsPost}/replies`, { replyData: { text: 'Worth it' } });
    expect(noahsReply.status).toBe(201);
    expect((await callAs('noah_kim', 'POST', `/users/bookmark/${liamsPost}`)).status).toBe(201);
    const before = await db();
    const liamsPosts = before.posts.filter((post) => post.authorId === liam).map((post) => post.id);
    expect(liamsPosts.length).toBeGreaterThan(0);
    expect(before.users.some((user) => user.followers.includes(liam) || user.following.includes(liam))).toBe(true);

    await arrange((snapshot) => {
      const member = snapshot.users.find((user) => user.id === liam);
      if (member) member.deletion = { requestedAt: new Date(Date.now() - 15 * DAY_MS).toISOString(), purgeAt: new Date(Date.now() - DAY_MS).toISOString() };
    });
    // Due: logging in finds no such member, whether or not a purge came by first.
    expectRefused(await call('POST', '/auth/login', { body: { username: 'liam_chen', password: SEED_PASSWORD } }), 'userNotRegistered');

    const snapshot = await target().snapshot();
    const { events: _events, networkVersion: _version, ...network } = snapshot;
    expect(JSON.stringify(network)).not.toContain(liam);
    expect(snapshot.posts.filter((post) => liamsPosts.includes(post.id))).toEqual([]);
    expect((snapshot.replies ?? []).filter((reply) => reply.id === noahsReply.json.reply.id)).toEqual([]);
    expect((snapshot.events ?? []).filter((event) => Object.values(event).includes(liam))).toEqual([]);
    // Everyone else is as they were, less Liam.
    expect(snapshot.users.map((user) => user.id)).toEqual(before.users.map((user) => user.id).filter((id) => id !== liam));
    expect((await callAs('maya_patel', 'GET', '/posts')).status).toBe(200);
    expect((await callAs('noah_kim', 'GET', '/users/bookmark')).status).toBe(200);
  });
});
