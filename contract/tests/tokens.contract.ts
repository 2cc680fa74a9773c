/** Who may call the (auth) routes: one authentication step in front of every one of them. */
import { webcrypto } from 'node:crypto';
import { MESSAGES } from '../messages';
import { MEMBER_ROUTES } from '../routes';
import { DEMO_USER_ID, seedPostId } from '../seed/default';
import { call, expectRefusal, target, tokenFor } from './support';

const subtle = webcrypto.subtle as SubtleCrypto;

function concretePath(path: string): string {
  return path.replace(':postId', seedPostId(5)).replace(':userId', 'u-noah-kim').replace(':username', 'demo_user');
}

function methodOf(method: string): 'GET' | 'POST' | 'PUT' | 'DELETE' {
  return method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'DELETE';
}

function base64Url(text: string): string {
  return btoa(text).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

/** An HS256 token over `claims`, signed with a key the backend does not have. */
async function forge(claims: Record<string, unknown>, secret: string, header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' }): Promise<string> {
  const unsigned = `${base64Url(JSON.stringify(header))}.${base64Url(JSON.stringify(claims))}`;
  const key = await subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const signature = new Uint8Array(await subtle.sign('HMAC', key, new TextEncoder().encode(unsigned)));
  return `${unsigned}.${base64Url(String.fromCharCode(...signature))}`;
}

const demoClaims = () => {
  const iat = Math.floor(Date.now() / 1000);
  return { sub: DEMO_USER_ID, username: 'demo_user', iat, exp: iat + 3600, jti: 'forged-jti', ver: 0 };
};

describe('authentication', () => {
  it('covers exactly the (auth) calls of spec section 7, logout, the home feed, replies, notifications, mute and block, pins, devices, the email address, two-factor sign-in, the data export and import, leaving, scheduled posts, reposts, reports, roles, rules, the queue, actions, audit log and restricted members (moderation)', () => {
    expect(MEMBER_ROUTES.map((route) => `${route.method.toUpperCase()} ${route.path}`).sort()).toEqual([
      'DELETE /account/deletion',
      'DELETE /posts/:postId',
      'DELETE /posts/:postId/repost',
      'DELETE /replies/:replyId',
      'DELETE /scheduled-posts/:id',
      'GET /account/deletion',
      'GET /account/email',
      'GET /account/export',
      'GET /account/two-factor',
      'GET /feed',
      'GET /moderation/audit',
      'GET /moderation/notices',
      'GET /moderation/reports',
      'GET /moderation/reports/count',
      'GET /moderation/restricted',
      'GET /moderation/staff',
      'GET /notifications',
      'GET /notifications/unread',
      'GET /reports/mine',
      'GET /scheduled-posts',
      'GET /sessions',
      'GET /users/blocked',
      'GET /users/bookmark',
      'GET /users/muted',
      'GET /users/relation/:userId',
      'POST /account/deletion',
      'POST /account/email',
      'POST /account/import',
      'POST /account/two-factor/disable',
      'POST /account/two-factor/enable',
      'POST /account/two-factor/setup',
      'POST /auth/logout',
      'POST /moderation/actions',
      'POST /notifications/read',
      'POST /posts',
      'POST /posts/:postId/replies',
      'POST /posts/:postId/repost',
      'POST /posts/dislike/:postId',
      'POST /posts/edit/:postId',
      'POST /posts/like/:postId',
      'POST /posts/pin/:postId',
      'POST /posts/unpin/:postId',
      'POST /replies/like/:replyId',
      'POST /replies/unlike/:replyId',
      'POST /reports',
      'POST /scheduled-posts',
      'POST /scheduled-posts/:id',
      'POST /sessions/end-others',
      'POST /sessions/end/:sessionId',
      'POST /users/block/:userId',
      'POST /users/bookmark/:postId',
      'POST /users/edit',
      'POST /users/follow/:userId',
      'POST /users/mute/:userId',
      'POST /users/remove-bookmark/:postId',
      'POST /users/unblock/:userId',
      'POST /users/unfollow/:userId',
      'POST /users/unmute/:userId',
      'PUT /moderation/members/:memberId/role',
      'PUT /rules',
    ]);
  });

  it.each(MEMBER_ROUTES.map((route) => [`${route.method.toUpperCase()} ${route.path}`, route] as const))('%s without a token answers 401', async (_name, route) => {
    const result = await call(methodOf(route.method), concretePath(route.path), { body: route.method === 'post' ? {} : undefined });
    expectRefusal(result, 401, MESSAGES.tokenInvalid);
  });

  it('accepts the token as stored and with the Bearer scheme', async () => {
    const token = await tokenFor('demo_user');
    expect((await call('GET', '/users/bookmark', { authorization: token })).status).toBe(200);
    expect((await call('GET', '/users/bookmark', { authorization: `Bearer ${token}` })).status).toBe(200);
    expect((await call('GET', '/users/bookmark', { authorization: `bearer   ${token}` })).status).toBe(200);
  });

  it('refuses a forged token signed with another secret', async () => {
    const forged = await forge(demoClaims(), 'guessed-secret');
    expectRefusal(await call('GET', '/users/bookmark', { authorization: forged }), 401, MESSAGES.tokenInvalid);
  });

  it('refuses a tampered token (payload changed to another member)', async () => {
    const [header, payload, signature] = (await tokenFor('demo_user')).split('.');
    const claims = JSON.parse(atob((payload ?? '').replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>;
    const changed = base64Url(JSON.stringify({ ...claims, sub: 'u-liam-chen', username: 'liam_chen' }));
    const result = await call('POST', `/posts/edit/${seedPostId(1)}`, { authorization: `${header}.${changed}.${signature}`, body: { postData: { text: 'hijacked' } } });
    expectRefusal(result, 401, MESSAGES.tokenInvalid);
  });

  it('refuses an unsigned token (alg none), another algorithm, garbage and an empty header', async () => {
    const none = `${base64Url(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${base64Url(JSON.stringify(demoClaims()))}.`;
    const hs512 = await forge(demoClaims(), 'guessed-secret', { alg: 'HS512', typ: 'JWT' });
    for (const authorization of [none, hs512, 'a.b.c', 'Bearer ', '...', 'x'.repeat(20)]) {
      const result = await call('GET', '/users/bookmark', { authorization });
      expect({ authorization, status: result.status }).toEqual({ authorization, status: 401 });
    }
  });

  it('refuses an expired token', async () => {
    const expired = await tokenFor('demo_user', { now: new Date('2020-01-01T00:00:00Z') });
    expectRefusal(await call('GET', '/users/bookmark', { authorization: expired }), 401, MESSAGES.tokenInvalid);
  });

  it('refuses a token issued under an older session version (before a password change)', async () => {
    const older = await tokenFor('demo_user', { ver: -1 });
    expectRefusal(await call('GET', '/users/bookmark', { authorization: older }), 401, MESSAGES.tokenInvalid);
  });

  it('answers 404 when the token names a member who does not exist', async () => {
    const ghost = await target().signToken({ sub: 'u-ghost', username: 'ghost' });
    expectRefusal(await call('GET', '/users/bookmark', { authorization: ghost }), 404, MESSAGES.userNotRegistered);
  });
});
