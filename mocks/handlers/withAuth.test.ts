/** The one authorisation wrapper: who may call the (auth) routes of spec section 7. */
import { webcrypto } from 'node:crypto';
import { createTokenService } from '../jwt';
import { MESSAGES } from '../../contract/messages';
import { getMockContext, tokenFor } from '../node';
import { DEMO_USER_ID, seedPostId } from '../seed';
import { call, errorOf } from '../testSupport';
import { ROUTES } from './index';

const subtle = webcrypto.subtle as SubtleCrypto;

function concretePath(path: string): string {
  return path.replace(':postId', seedPostId(5)).replace(':userId', 'u-noah-kim').replace(':username', 'demo_user');
}

function methodOf(method: string): 'GET' | 'POST' | 'DELETE' {
  return method.toUpperCase() as 'GET' | 'POST' | 'DELETE';
}

const authRoutes = ROUTES.filter((route) => route.auth);

describe('withAuth', () => {
  it('covers exactly the (auth) calls of spec section 7', () => {
    expect(authRoutes.map((route) => `${route.method.toUpperCase()} ${route.path}`).sort()).toEqual([
      'DELETE /posts/:postId',
      'GET /users/bookmark',
      'POST /posts',
      'POST /posts/dislike/:postId',
      'POST /posts/edit/:postId',
      'POST /posts/like/:postId',
      'POST /users/bookmark/:postId',
      'POST /users/edit',
      'POST /users/follow/:userId',
      'POST /users/remove-bookmark/:postId',
      'POST /users/unfollow/:userId',
    ]);
  });

  it.each(authRoutes.map((route) => [`${route.method.toUpperCase()} ${route.path}`, route] as const))('%s without a token answers 401', async (_name, route) => {
    const result = await call(methodOf(route.method), concretePath(route.path), { body: route.method === 'post' ? {} : undefined });
    expect({ status: result.status, message: errorOf(result) }).toEqual({ status: 401, message: MESSAGES.tokenInvalid });
  });

  it('accepts the token as stored and with the Bearer scheme', async () => {
    const token = await tokenFor('demo_user');
    expect((await call('GET', '/users/bookmark', { authorization: token })).status).toBe(200);
    expect((await call('GET', '/users/bookmark', { authorization: `Bearer ${token}` })).status).toBe(200);
    expect((await call('GET', '/users/bookmark', { authorization: `bearer   ${token}` })).status).toBe(200);
  });

  it('refuses a forged token signed with another secret', async () => {
    const forger = createTokenService({ subtle, secret: 'guessed-secret' });
    const forged = await forger.sign({ id: DEMO_USER_ID, username: 'demo_user' });
    const result = await call('GET', '/users/bookmark', { authorization: forged });
    expect({ status: result.status, message: errorOf(result) }).toEqual({ status: 401, message: MESSAGES.tokenInvalid });
  });

  it('refuses a tampered token (payload changed to another member)', async () => {
    const [header, payload, signature] = (await tokenFor('demo_user')).split('.');
    const claims = JSON.parse(atob((payload ?? '').replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>;
    const changed = btoa(JSON.stringify({ ...claims, sub: 'u-liam-chen', username: 'liam_chen' })).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
    const result = await call('POST', `/posts/edit/${seedPostId(1)}`, { authorization: `${header}.${changed}.${signature}`, body: { postData: { text: 'hijacked' } } });
    expect({ status: result.status, message: errorOf(result) }).toEqual({ status: 401, message: MESSAGES.tokenInvalid });
  });

  it('refuses an unsigned token (alg none), garbage and an empty header', async () => {
    const none = `${btoa(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${btoa(JSON.stringify({ sub: DEMO_USER_ID, username: 'demo_user', iat: 1, exp: 9_999_999_999 }))}.`;
    for (const authorization of [none, 'a.b.c', 'Bearer ', '...', 'x'.repeat(20)]) {
      const result = await call('GET', '/users/bookmark', { authorization });
      expect({ authorization, status: result.status }).toEqual({ authorization, status: 401 });
    }
  });

  it('refuses an expired token', async () => {
    const past = createTokenService({ subtle, now: () => new Date('2020-01-01T00:00:00Z') });
    const expired = await past.sign({ id: DEMO_USER_ID, username: 'demo_user' });
    const result = await call('GET', '/users/bookmark', { authorization: expired });
    expect({ status: result.status, message: errorOf(result) }).toEqual({ status: 401, message: MESSAGES.tokenInvalid });
  });

  it('answers 404 when the token names a member who does not exist', async () => {
    const ghost = await getMockContext().tokens.sign({ id: 'u-ghost', username: 'ghost' });
    const result = await call('GET', '/users/bookmark', { authorization: ghost });
    expect({ status: result.status, message: errorOf(result) }).toEqual({ status: 404, message: MESSAGES.userNotRegistered });
  });
});
