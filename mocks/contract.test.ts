/**
 * Rules that hold across the whole contract: every call of spec section 7 in one member's session,
 * with no password anywhere in any answer and the store consistent after each call; the base URL;
 * the delay; unknown routes.
 */
import { webcrypto } from 'node:crypto';
import type { LoginResponse, PostsResponse, SignupResponse } from '../contract/api';
import { TIMINGS } from '../src/config/timings';
import { createMockContext, DEFAULT_DELAY_MS } from './context';
import { emptySnapshot } from './db';
import { buildPost, buildUser } from './factories';
import { createHandlers } from './handlers/index';
import { MESSAGES } from '../contract/messages';
import { getMockContext, server } from './node';
import { buildDefaultSeed, SAMPLE_SIGNUP, SEED_USER_IDS, seedPostId } from './seed';
import { call, errorOf, expectHealthy, findPasswordKeys } from './testSupport';

const subtle = webcrypto.subtle as SubtleCrypto;

describe('the whole contract in one session', () => {
  it('answers every call of section 7 with its status, never a password, keeping the store consistent', async () => {
    const signup = await call<SignupResponse>('POST', '/auth/signup', { body: SAMPLE_SIGNUP });
    const login = await call<LoginResponse>('POST', '/auth/login', { body: { username: SAMPLE_SIGNUP.username, password: SAMPLE_SIGNUP.password } });
    const token = login.json.encodedToken;
    const me = login.json.foundUser.id;
    const as = { authorization: token };
    const created = await call<PostsResponse>('POST', '/posts/', { ...as, body: { postData: { text: 'My first post' } } });
    const mine = created.json.posts.find((post) => post._id === me)?.id ?? '';

    const steps: Array<[string, () => Promise<{ status: number; json: unknown }>, number]> = [
      ['signup', async () => signup, 201],
      ['login', async () => login, 200],
      ['create', async () => created, 201],
      ['all posts', () => call('GET', '/posts'), 200],
      ['one post', () => call('GET', `/posts/${mine}`), 200],
      ['posts of a member', () => call('GET', `/posts/user/${SAMPLE_SIGNUP.username}`), 200],
      ['edit', () => call('POST', `/posts/edit/${mine}`, { ...as, body: { postData: { text: 'Edited' } } }), 201],
      ['like', () => call('POST', `/posts/like/${seedPostId(1)}`, as), 201],
      ['dislike', () => call('POST', `/posts/dislike/${seedPostId(1)}`, as), 201],
      ['users', () => call('GET', '/users'), 200],
      ['one user', () => call('GET', `/users/${me}`), 200],
      ['edit profile', () => call('POST', '/users/edit', { ...as, body: { userData: { userBio: 'Hi', userPortfolioUrl: '', password: 'another-pass', currentPassword: SAMPLE_SIGNUP.password, avatar: '' } } }), 201],
      ['bookmark', () => call('POST', `/users/bookmark/${seedPostId(2)}`, as), 201],
      ['bookmarks', () => call('GET', '/users/bookmark', as), 200],
      ['remove bookmark', () => call('POST', `/users/remove-bookmark/${seedPostId(2)}`, as), 201],
      ['follow', () => call('POST', `/users/follow/${SEED_USER_IDS.zoe}`, as), 201],
      ['unfollow', () => call('POST', `/users/unfollow/${SEED_USER_IDS.zoe}`, as), 201],
      ['delete', () => call('DELETE', `/posts/${mine}`, as), 200],
    ];
    for (const [name, step, status] of steps) {
      const result = await step();
      expect({ name, status: result.status }).toEqual({ name, status });
      expect({ name, passwords: findPasswordKeys(result.json) }).toEqual({ name, passwords: [] });
      expect(JSON.stringify(result.json)).not.toContain('another-pass');
      expectHealthy(result.json);
    }
  });
});

describe('base URL', () => {
  it("matches a relative base ('/api', as in the browser) against the page's origin", async () => {
    const ctx = createMockContext({ baseUrl: '/api/', delayMs: 0, seed: emptySnapshot(), subtle });
    expect(ctx.baseUrl).toBe('/api');
    server.use(...createHandlers(ctx));
    const result = await fetch('http://localhost/api/posts');
    expect(await result.json()).toEqual({ posts: [] });
  });

  it('matches an absolute base on another origin', async () => {
    const author = buildUser({ username: 'remote_author' });
    const ctx = createMockContext({ baseUrl: 'https://api.example.test/v1', delayMs: 0, seed: { ...emptySnapshot(), users: [author], posts: [buildPost({ authorId: author.id })] }, subtle });
    server.use(...createHandlers(ctx));
    const result = await fetch('https://api.example.test/v1/posts');
    expect(((await result.json()) as PostsResponse).posts).toHaveLength(1);
  });

  it('answers an unknown route under the base with a JSON 404', async () => {
    const result = await call('GET', '/nothing/here');
    expect({ status: result.status, message: errorOf(result) }).toEqual({ status: 404, message: MESSAGES.routeNotFound });
  });
});

describe('delay', () => {
  it('defaults to the spec value of 400 ms', () => {
    expect(DEFAULT_DELAY_MS).toBe(TIMINGS.mockResponseDelayMs);
    expect(createMockContext({ subtle }).delayMs).toBe(400);
  });

  it('is a setting every answer waits for', async () => {
    getMockContext().delayMs = 120;
    const started = Date.now();
    await call('GET', '/posts');
    expect(Date.now() - started).toBeGreaterThanOrEqual(110);
  });
});

describe('createMockContext', () => {
  it('explains when WebCrypto is missing (jsdom, or an insecure page)', () => {
    expect(() => createMockContext()).toThrow(/WebCrypto/);
  });

  it('makes v4 uuids and saves after writes only', async () => {
    const onWrite = jest.fn();
    const ctx = createMockContext({ subtle, delayMs: 0, seed: buildDefaultSeed(), onWrite, baseUrl: 'http://localhost/alt' });
    expect(ctx.newId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    server.use(...createHandlers(ctx));
    await fetch('http://localhost/alt/posts');
    expect(onWrite).not.toHaveBeenCalled();
    await fetch('http://localhost/alt/auth/signup', { method: 'POST', body: JSON.stringify(SAMPLE_SIGNUP) });
    expect(onWrite).toHaveBeenCalledTimes(1);
  });

  it('answers a write only once it is saved', async () => {
    const events: string[] = [];
    const onWrite = () => new Promise<void>((resolve) => {
      setTimeout(() => {
        events.push('saved');
        resolve();
      }, 20);
    });
    const ctx = createMockContext({ subtle, delayMs: 0, seed: buildDefaultSeed(), onWrite, baseUrl: 'http://localhost/alt' });
    server.use(...createHandlers(ctx));
    const response = await fetch('http://localhost/alt/auth/signup', { method: 'POST', body: JSON.stringify(SAMPLE_SIGNUP) });
    events.push(`answered ${response.status}`);
    expect(events).toEqual(['saved', 'answered 201']);
  });

  it('makes uuids without crypto.randomUUID too', () => {
    const original = globalThis.crypto;
    Object.defineProperty(globalThis, 'crypto', { value: { getRandomValues: original.getRandomValues.bind(original) }, configurable: true });
    try {
      expect(createMockContext({ subtle }).newId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      Object.defineProperty(globalThis, 'crypto', { value: undefined, configurable: true });
      expect(createMockContext({ subtle }).newId()).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      Object.defineProperty(globalThis, 'crypto', { value: original, configurable: true });
    }
  });
});
