/**
 * A deleted account's grace period on the stand-in's clock (contract/rules/leaving.ts): the account
 * stays, hidden, until the clock passes the day it goes; then the next call of anyone's finds it
 * gone, as QA sees by moving the workbench's clock.
 */
import type { AccountDeletion, LoginResponse, PostsResponse, UsersResponse } from '../contract/api';
import { LIMITS } from '../contract/limits';
import { buildDefaultSeed, SEED_PASSWORD, SEED_USER_IDS } from '../contract/seed/default';
import { createMockContext } from './context';
import { createHandlers } from './handlers';
import { server } from './testing/node';

const DAY_MS = 24 * 60 * 60 * 1000;
const BASE = 'https://leaving.example.test/api';

function standInAt(start: Date) {
  let now = start.getTime();
  const ctx = createMockContext({ baseUrl: BASE, delayMs: 0, seed: buildDefaultSeed(), now: () => new Date(now) });
  server.use(...createHandlers(ctx));
  return { ctx, pass: (days: number) => { now += days * DAY_MS; } };
}

async function send<T>(method: 'GET' | 'POST' | 'DELETE', path: string, { token, body }: { token?: string; body?: unknown } = {}): Promise<{ status: number; json: T }> {
  const headers: Record<string, string> = { ...(token ? { authorization: token } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) };
  const answer = await fetch(`${BASE}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: answer.status, json: (await answer.json()) as T };
}

const loginAs = (username: string) => send<LoginResponse>('POST', '/auth/login', { body: { username, password: SEED_PASSWORD } });

describe('a deleted account on the stand-in\'s clock', () => {
  it(`stays ${LIMITS.deletionGraceDays} days, hidden, and goes with the first call after`, async () => {
    const { ctx, pass } = standInAt(new Date('2026-06-01T09:00:00Z'));
    const liam = await loginAs('liam_chen');
    const deleted = await send<AccountDeletion>('POST', '/account/deletion', { token: liam.json.encodedToken, body: { password: SEED_PASSWORD } });
    expect(deleted.json.purgeAt).toBe('2026-06-15T09:00:00.000Z');

    pass(LIMITS.deletionGraceDays - 1);
    expect(ctx.db.users.has(SEED_USER_IDS.liam)).toBe(true);
    const users = await send<UsersResponse>('GET', '/users');
    expect(users.json.users.map((user) => user.username)).not.toContain('liam_chen');
    expect((await loginAs('liam_chen')).status).toBe(200);

    pass(1);
    // Anyone's call: the account goes before it is answered.
    const posts = await send<PostsResponse>('GET', '/posts');
    expect(posts.status).toBe(200);
    expect(ctx.db.users.has(SEED_USER_IDS.liam)).toBe(false);
    expect([...ctx.db.posts.values()].filter((post) => post.authorId === SEED_USER_IDS.liam)).toEqual([]);
    expect((await loginAs('liam_chen')).status).toBe(404);
  });

  it('keeps an account its member kept, whatever the clock says after', async () => {
    const { ctx, pass } = standInAt(new Date('2026-06-01T09:00:00Z'));
    const liam = await loginAs('liam_chen');
    await send('POST', '/account/deletion', { token: liam.json.encodedToken, body: { password: SEED_PASSWORD } });
    const again = await loginAs('liam_chen');
    expect((await send<AccountDeletion>('DELETE', '/account/deletion', { token: again.json.encodedToken })).json.scheduled).toBe(false);
    pass(LIMITS.deletionGraceDays + 1);
    expect((await send('GET', '/posts')).status).toBe(200);
    expect(ctx.db.users.has(SEED_USER_IDS.liam)).toBe(true);
  });
});
