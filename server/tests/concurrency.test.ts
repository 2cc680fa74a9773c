/**
 * Racing calls on PostgreSQL (many connections): a check-and-change happens once however many
 * copies of a call arrive together, because each write locks what its rule checks.
 */
import type { LoginResponse } from '../../contract/api';
import { buildDefaultSeed, DEMO_BOOKMARK_POST_ID, SEED_USER_IDS, seedPostId } from '../../contract/seed/default';
import { findInconsistencies } from '../../contract/snapshot';
import { startTestServer, type TestServer } from '../testing/serverTarget';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer({ kind: 'postgres' });
}, 60_000);
afterAll(() => server.close());
beforeEach(async () => {
  await server.store.load(buildDefaultSeed());
  const login = await fetch(`${server.baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'noah_kim', password: 'welcome123' }) });
  token = ((await login.json()) as LoginResponse).encodedToken;
});

async function together(count: number, path: string, init: RequestInit = {}): Promise<number[]> {
  const calls = Array.from({ length: count }, () => fetch(`${server.baseUrl}${path}`, { method: 'POST', headers: { authorization: token }, ...init }).then((response) => response.status));
  return (await Promise.all(calls)).sort();
}

it.each([
  ['a like', `/api/posts/like/${seedPostId(8)}`],
  ['a dislike', `/api/posts/dislike/${seedPostId(2)}`],
  ['a follow', `/api/users/follow/${SEED_USER_IDS.ava}`],
  ['an unfollow', `/api/users/unfollow/${SEED_USER_IDS.liam}`],
  ['a bookmark', `/api/users/bookmark/${seedPostId(3)}`],
])('%s sent 20 times at once is done once', async (_name, path) => {
  // Noah liked post 2 (Maya's lake) in the seed and follows Liam; he follows nobody else named here.
  const statuses = await together(20, path);
  expect(statuses).toEqual([201, ...Array<number>(19).fill(400)]);
  expect(findInconsistencies(await server.store.snapshot())).toEqual([]);
  // The count the trending order reads is the count of like rows, to the row.
  expect(await server.database.query(`SELECT count(*)::int AS drifted FROM posts
    WHERE like_count <> (SELECT count(*) FROM reactions WHERE post_id = posts.id AND kind = 'like')`)).toEqual([{ drifted: 0 }]);
});

it('a follow waits for a block under way between the two members, then finds the other gone', async () => {
  const { liam, zoe } = SEED_USER_IDS;
  const database = server.database;
  let followed: Promise<unknown> | undefined;
  await database.transaction(async (sql) => {
    // What a block does first (contract/rules/relations.ts): both members' rows, locked for the write.
    await sql.query('SELECT 1 FROM members WHERE id = ANY($1) FOR NO KEY UPDATE', [[zoe, liam]]);
    await sql.query('INSERT INTO blocks (blocker_id, blocked_id) VALUES ($1, $2)', [zoe, liam]);
    // Liam follows Zoe meanwhile, on another connection; follows of Zoe by others would not wait.
    followed = database.query("SELECT refusal FROM follow_at_once('a-jti', $1, 'liam_chen', 0, $2, true, now(), 'n-race', $3, 100, 10000, 'race_test')", [liam, zoe, `follow:${liam}`]);
    const early = await Promise.race([followed.then(() => 'answered'), new Promise((resolve) => setTimeout(() => resolve('waiting'), 500))]);
    expect(early).toBe('waiting');
  });
  expect(await followed).toEqual([{ refusal: 'userNotFound' }]);
});

it('a bookmark removed 20 times at once is removed once', async () => {
  const login = await fetch(`${server.baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'demo_user', password: 'welcome123' }) });
  token = ((await login.json()) as LoginResponse).encodedToken;
  expect(await together(20, `/api/users/remove-bookmark/${DEMO_BOOKMARK_POST_ID}`)).toEqual([201, ...Array<number>(19).fill(400)]);
});

it('20 signups of one new username at once make one member', async () => {
  const body = JSON.stringify({ firstName: 'Twin', lastName: 'Member', username: 'twin_member', password: 'twin-password' });
  const statuses = await together(20, '/api/auth/signup', { headers: { 'content-type': 'application/json' }, body });
  expect(statuses).toEqual([201, ...Array<number>(19).fill(422)]);
  expect((await server.store.snapshot()).users.filter((user) => user.username === 'twin_member')).toHaveLength(1);
});
