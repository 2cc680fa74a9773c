/**
 * The stand-in's own side of the contract (the contract suite itself runs in msw.target.test.ts):
 * the base URL it answers under, its delay, and saving after writes.
 */
import type { PostsResponse } from '../contract/api';
import { MESSAGES } from '../contract/messages';
import { buildPost, buildUser } from '../contract/seed/factories';
import { buildDefaultSeed, SAMPLE_SIGNUP } from '../contract/seed/default';
import { emptySnapshot } from '../contract/snapshot';
import { TIMINGS } from '../src/config/timings';
import { createMockContext, DEFAULT_DELAY_MS } from './context';
import { createHandlers } from './handlers';
import { getMockContext, server } from './testing/node';
import { call, errorOf } from './testing/testSupport';

describe('base URL', () => {
  it("matches a relative base ('/api', as in the browser) against the page's origin", async () => {
    const ctx = createMockContext({ baseUrl: '/api/', delayMs: 0, seed: emptySnapshot() });
    expect(ctx.baseUrl).toBe('/api');
    server.use(...createHandlers(ctx));
    const result = await fetch('http://localhost/api/posts');
    expect(await result.json()).toEqual({ posts: [] });
  });

  it('matches an absolute base on another origin', async () => {
    const author = buildUser({ username: 'remote_author' });
    const ctx = createMockContext({ baseUrl: 'https://api.example.test/v1', delayMs: 0, seed: { ...emptySnapshot(), users: [author], posts: [buildPost({ authorId: author.id })] } });
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
    expect(createMockContext().delayMs).toBe(400);
  });

  it('is a setting every answer waits for', async () => {
    getMockContext().delayMs = 120;
    const started = Date.now();
    await call('GET', '/posts');
    expect(Date.now() - started).toBeGreaterThanOrEqual(110);
  });
});

describe('createMockContext', () => {
  it('explains when WebCrypto is missing (a page served over plain http)', () => {
    const original = globalThis.crypto;
    Object.defineProperty(globalThis, 'crypto', { value: { getRandomValues: original.getRandomValues.bind(original) }, configurable: true });
    try {
      expect(() => createMockContext()).toThrow(/WebCrypto/);
    } finally {
      Object.defineProperty(globalThis, 'crypto', { value: original, configurable: true });
    }
  });

  it('makes v4 uuids and saves after writes only', async () => {
    const onWrite = jest.fn();
    const ctx = createMockContext({ delayMs: 0, seed: buildDefaultSeed(), onWrite, baseUrl: 'http://localhost/alt' });
    expect(ctx.newId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    server.use(...createHandlers(ctx));
    await fetch('http://localhost/alt/posts');
    expect(onWrite).not.toHaveBeenCalled();
    const { email: _email, ...withoutEmail } = SAMPLE_SIGNUP;
    await fetch('http://localhost/alt/auth/signup', { method: 'POST', body: JSON.stringify(withoutEmail) });
    expect(onWrite).toHaveBeenCalledTimes(1);
    // With an address, the mail that confirms it goes to the inbox, which is saved with the store too.
    await fetch('http://localhost/alt/auth/signup', { method: 'POST', body: JSON.stringify({ ...SAMPLE_SIGNUP, username: 'sam_two' }) });
    expect(onWrite).toHaveBeenCalledTimes(3);
    expect(ctx.db.inbox.map((mail) => mail.to)).toEqual([SAMPLE_SIGNUP.email]);
  });

  it('answers a write only once it is saved', async () => {
    const events: string[] = [];
    const onWrite = () => new Promise<void>((resolve) => {
      setTimeout(() => {
        events.push('saved');
        resolve();
      }, 20);
    });
    const ctx = createMockContext({ delayMs: 0, seed: buildDefaultSeed(), onWrite, baseUrl: 'http://localhost/alt' });
    server.use(...createHandlers(ctx));
    const response = await fetch('http://localhost/alt/auth/signup', { method: 'POST', body: JSON.stringify(SAMPLE_SIGNUP) });
    events.push(`answered ${response.status}`);
    expect(events).toEqual(['saved', 'answered 201']);
  });

  it('takes a write as it arrives and answers after the delay, so a reload meanwhile keeps it', async () => {
    let savedAt = 0;
    const ctx = createMockContext({ delayMs: 200, seed: buildDefaultSeed(), onWrite: () => { savedAt = performance.now(); }, baseUrl: 'http://localhost/alt' });
    server.use(...createHandlers(ctx));
    const sentAt = performance.now();
    const response = await fetch('http://localhost/alt/auth/signup', { method: 'POST', body: JSON.stringify(SAMPLE_SIGNUP) });
    const answeredAt = performance.now();
    expect(response.status).toBe(201);
    // Saved before the delay, the answer after it: a page that reloads while it waits loses nothing.
    expect(savedAt).toBeGreaterThan(0);
    expect(answeredAt - savedAt).toBeGreaterThanOrEqual(190);
    expect(savedAt - sentAt).toBeLessThan(answeredAt - savedAt);
  });
});
