/**
 * The `idempotency` extension, on every backend: a post, a reply or a signup sent again with the
 * same Idempotency-Key is stored once and answered as the first time, marked Idempotent-Replayed;
 * the same key with another call is refused; a malformed key is refused; a refusal keeps nothing;
 * calls with one key at once store one create; without the header nothing changes.
 */
import type { HealthResponse, PostResponse, PostsResponse, ReplyCreated, SignupResponse } from '../api';
import { MESSAGES } from '../messages';
import { LIMITS } from '../limits';
import { SAMPLE_SIGNUP, seedPostId } from '../seed/default';
import { call, expectHealthy, expectRefusal, target, tokenFor, type CallResult, type Method } from './support';

const MINIMAL = { prefer: 'return=minimal' };
const liamsPost = seedPostId(1);
let serial = 0;

/** A fresh key, as the app makes one per draft. */
function newKey(): string {
  serial += 1;
  return `${crypto.randomUUID()}-${serial}`;
}

async function keyed<T = Record<string, unknown>>(member: string | undefined, method: Method, path: string, body: unknown, key: string, headers: Record<string, string> = {}): Promise<CallResult<T>> {
  return call<T>(method, path, {
    body, headers: { 'idempotency-key': key, ...headers }, authorization: member ? await tokenFor(member) : undefined,
  });
}

async function postsWithText(text: string): Promise<number> {
  return (await target().snapshot()).posts.filter((post) => post.content === text).length;
}

describe('idempotency: GET /health', () => {
  it("lists the 'idempotency' extension", async () => {
    expect((await call<HealthResponse>('GET', '/health')).json.extensions).toContain('idempotency');
  });
});

describe('POST /posts with an Idempotency-Key', () => {
  const draft = { postData: { text: 'Sent twice, stored once' } };

  it('stores one post for two calls with one key, and answers the second as the first, marked replayed', async () => {
    const key = newKey();
    const first = await keyed<PostResponse>('demo_user', 'POST', '/posts', draft, key, MINIMAL);
    const second = await keyed<PostResponse>('demo_user', 'POST', '/posts', draft, key, MINIMAL);

    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect({ status: second.status, replayed: second.headers.get('idempotent-replayed'), body: second.json })
      .toEqual({ status: 201, replayed: 'true', body: first.json });
    expect(await postsWithText('Sent twice, stored once')).toBe(1);
    await expectHealthy(second.json);
  });

  it("answers a repeat asking for the spec's full answer with every post, the one post among them", async () => {
    const key = newKey();
    const first = await keyed<PostsResponse>('demo_user', 'POST', '/posts', draft, key);
    const second = await keyed<PostsResponse>('demo_user', 'POST', '/posts', draft, key);
    expect([first.status, second.status, second.headers.get('idempotent-replayed')]).toEqual([201, 201, 'true']);
    expect(second.json.posts.filter((post) => post.content === 'Sent twice, stored once')).toHaveLength(1);
    expect(second.json.posts.map((post) => post.id)).toEqual(first.json.posts.map((post) => post.id));
  });

  it('refuses the same key with another text, and stores nothing more', async () => {
    const key = newKey();
    await keyed('demo_user', 'POST', '/posts', draft, key);
    const before = await target().snapshot();
    const other = await keyed('demo_user', 'POST', '/posts', { postData: { text: 'Something else entirely' } }, key);
    expectRefusal(other, 422, MESSAGES.idempotencyKeyReused);
    expect(other.json).toMatchObject({ code: 'idempotency_key_reused' });
    expect(await target().snapshot()).toEqual(before);
  });

  it('refuses the same key sent for a reply after a post: a key names one call', async () => {
    const key = newKey();
    await keyed('demo_user', 'POST', '/posts', draft, key);
    const reply = await keyed('demo_user', 'POST', `/posts/${liamsPost}/replies`, { replyData: { text: 'Sent twice, stored once' } }, key);
    expectRefusal(reply, 422, MESSAGES.idempotencyKeyReused);
  });

  it("keeps each member's keys apart: another member's call with the same key is a call of its own", async () => {
    const key = newKey();
    const ava = await keyed<PostResponse>('demo_user', 'POST', '/posts', draft, key, MINIMAL);
    const liam = await keyed<PostResponse>('liam_chen', 'POST', '/posts', draft, key, MINIMAL);
    expect([ava.status, liam.status, liam.headers.get('idempotent-replayed')]).toEqual([201, 201, null]);
    expect(liam.json.post.id).not.toBe(ava.json.post.id);
    expect(await postsWithText('Sent twice, stored once')).toBe(2);
  });

  it('keeps nothing for a refusal: the key stays free for the corrected draft', async () => {
    const key = newKey();
    const tooLong = await keyed('demo_user', 'POST', '/posts', { postData: { text: 'x'.repeat(LIMITS.postTextMax + 1) } }, key);
    expectRefusal(tooLong, 400, MESSAGES.postTooLong);
    const corrected = await keyed('demo_user', 'POST', '/posts', draft, key, MINIMAL);
    expect([corrected.status, corrected.headers.get('idempotent-replayed')]).toEqual([201, null]);
    expect(await postsWithText('Sent twice, stored once')).toBe(1);
  });

  it('stores one post for ten calls with one key at once, every one answered with it', async () => {
    const key = newKey();
    const token = await tokenFor('demo_user');
    const results = await Promise.all(Array.from({ length: 10 }, () => call<PostResponse>('POST', '/posts', {
      body: draft, authorization: token, headers: { 'idempotency-key': key, ...MINIMAL },
    })));
    expect(results.map((result) => result.status)).toEqual(Array(10).fill(201));
    expect(new Set(results.map((result) => result.json.post.id)).size).toBe(1);
    expect(results.filter((result) => result.headers.get('idempotent-replayed') === 'true')).toHaveLength(9);
    expect(await postsWithText('Sent twice, stored once')).toBe(1);
    await expectHealthy();
  });

  it('stores a post per call without the header, as before', async () => {
    const first = await call('POST', '/posts', { body: draft, authorization: await tokenFor('demo_user') });
    const second = await call('POST', '/posts', { body: draft, authorization: await tokenFor('demo_user') });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(await postsWithText('Sent twice, stored once')).toBe(2);
  });

  it.each([
    ['too short', 'abc1234'],
    ['too long', 'k'.repeat(LIMITS.idempotencyKeyMax + 1)],
    ['with a space inside', 'two words here'],
    ['with other characters', 'key/with:colons'],
    ['blank', '   '],
  ])('refuses a key %s, with its message and code, and stores nothing', async (_case, key) => {
    const before = await target().snapshot();
    const result = await keyed('demo_user', 'POST', '/posts', draft, key);
    expectRefusal(result, 400, MESSAGES.idempotencyKeyInvalid);
    expect(result.json).toMatchObject({ code: 'idempotency_key_invalid' });
    expect(await target().snapshot()).toEqual(before);
  });

  it('accepts the longest key, and a UUID', async () => {
    for (const key of ['k'.repeat(LIMITS.idempotencyKeyMax), crypto.randomUUID()]) {
      expect((await keyed('demo_user', 'POST', '/posts', draft, key)).status).toBe(201);
    }
  });

  it('checks the token before the key: no token is refused as such', async () => {
    expectRefusal(await keyed(undefined, 'POST', '/posts', draft, 'bad'), 401, MESSAGES.tokenInvalid);
  });
});

describe('POST /posts/:postId/replies with an Idempotency-Key', () => {
  const draft = { replyData: { text: 'One reply, however often sent' } };

  it('stores one reply for two calls with one key, and answers the second with it and the same count', async () => {
    const key = newKey();
    const first = await keyed<ReplyCreated>('demo_user', 'POST', `/posts/${liamsPost}/replies`, draft, key);
    const second = await keyed<ReplyCreated>('demo_user', 'POST', `/posts/${liamsPost}/replies`, draft, key);
    expect({ status: second.status, replayed: second.headers.get('idempotent-replayed'), body: second.json })
      .toEqual({ status: 201, replayed: 'true', body: first.json });
    expect(first.json.replyCount).toBe(1);
    expect((await target().snapshot()).replies ?? []).toHaveLength(1);
  });

  it('refuses the same key for a reply to another post', async () => {
    const key = newKey();
    await keyed('demo_user', 'POST', `/posts/${liamsPost}/replies`, draft, key);
    const other = await keyed('demo_user', 'POST', `/posts/${seedPostId(2)}/replies`, draft, key);
    expectRefusal(other, 422, MESSAGES.idempotencyKeyReused);
    expect((await target().snapshot()).replies ?? []).toHaveLength(1);
  });
});

describe('POST /auth/signup with an Idempotency-Key', () => {
  const joining = { ...SAMPLE_SIGNUP, username: 'twice_joined' };

  it('makes one member for two calls with one key, and answers the second with that member and a token that works', async () => {
    const key = newKey();
    const first = await keyed<SignupResponse>(undefined, 'POST', '/auth/signup', joining, key);
    const second = await keyed<SignupResponse>(undefined, 'POST', '/auth/signup', joining, key);
    expect([first.status, second.status, second.headers.get('idempotent-replayed')]).toEqual([201, 201, 'true']);
    expect(second.json.createdUser).toEqual(first.json.createdUser);
    expect((await target().snapshot()).users.filter((user) => user.username === 'twice_joined')).toHaveLength(1);
    const bookmarks = await call('GET', '/users/bookmark', { authorization: second.json.encodedToken });
    expect(bookmarks.status).toBe(200);
    await expectHealthy(second.json);
  });

  it('refuses the same key with another password, and answers a second signup without a key as before', async () => {
    const key = newKey();
    await keyed(undefined, 'POST', '/auth/signup', joining, key);
    expectRefusal(await keyed(undefined, 'POST', '/auth/signup', { ...joining, password: 'another-password' }, key), 422, MESSAGES.idempotencyKeyReused);
    expectRefusal(await call('POST', '/auth/signup', { body: joining }), 422, MESSAGES.usernameExists);
  });
});
