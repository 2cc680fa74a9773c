/**
 * Racing calls on PostgreSQL (many connections): a check-and-change happens once however many
 * copies of a call arrive together, because each write locks what its rule checks.
 */
import type { LoginResponse } from '../../contract/api';
import { buildDefaultSeed, DEMO_BOOKMARK_POST_ID, SEED_USER_IDS, SEED_USERNAMES, seedPostId } from '../../contract/seed/default';
import { findInconsistencies } from '../../contract/snapshot';
import type { TokenClaims } from '../../contract/tokens';
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
    followed = database.query("SELECT refusal FROM follow_in_one_statement('a-jti', $1, 'liam_chen', 0, $2, true, now(), 'n-race', $3, 100, 10000, 'race_test')", [liam, zoe, `follow:${liam}`]);
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

describe('writes on one row sent at once go together (store/sqlStore.ts batchedByRow)', () => {
  const claims = (name: keyof typeof SEED_USERNAMES): TokenClaims => ({ sub: SEED_USER_IDS[name], username: SEED_USERNAMES[name], iat: 0, exp: 0, jti: `jti-${name}`, ver: 0 });
  const at = new Date().toISOString();

  it('likes of one post by five members: each answered with the counts after its own like, the stream told in that order', async () => {
    const post = seedPostId(8); // no reactions in the seed
    const likers = ['liam', 'maya', 'noah', 'zoe', 'ava'] as const;
    const [{ last }] = await server.database.query<{ last: number }>('SELECT coalesce(max(id), 0)::int AS last FROM events') as [{ last: number }];
    const answers = await Promise.all(likers.map((name) => server.store.oneStatement?.react(claims(name), {
      postId: post, reaction: 'like', at, notificationId: `n-like-${name}`, notificationKey: `like:post:${post}`, unreadMax: 100,
    })));
    expect(answers).toEqual([1, 2, 3, 4, 5].map((likeCount) => ({ done: { likeCount, dislikeCount: 0 } })));
    // The stream hears them in the same order, each event with its own counts.
    const events = await server.database.query("SELECT payload ->> 'memberId' AS member, (payload ->> 'likeCount')::int AS likes FROM events WHERE id > $2 AND type = 'post-reacted' AND payload ->> 'postId' = $1 ORDER BY id", [post, last]);
    expect(events).toEqual(likers.map((name, i) => ({ member: SEED_USER_IDS[name], likes: i + 1 })));
    // Ava wrote the post: her like tells nobody; the other four joined her one notification.
    expect(await server.database.query('SELECT count(*)::int AS actors FROM notification_actors a JOIN notifications n ON n.id = a.notification_id WHERE n.key = $1', [`like:post:${post}`])).toEqual([{ actors: 4 }]);
    expect(findInconsistencies(await server.store.snapshot())).toEqual([]);
  });

  it('a refusal among them is its own: the others are done', async () => {
    const post = seedPostId(8); // no reactions in the seed
    const like = (name: keyof typeof SEED_USERNAMES) => server.store.oneStatement?.react(claims(name), {
      postId: post, reaction: 'like', at, notificationId: `n-like-${name}`, notificationKey: `like:post:${post}`, unreadMax: 100,
    });
    await like('noah');
    // Liam's like goes alone; Noah's second and Zoe's wait for it and go together.
    const answers = await Promise.all((['liam', 'noah', 'zoe'] as const).map(like));
    expect(answers.map((answer) => (answer && 'refused' in answer ? answer.refused : answer?.done.likeCount))).toEqual([2, 'alreadyLiked', 3]);
  });

  it('follows of one member by four members: each answered with the followers after its own follow', async () => {
    const followers = ['ava', 'liam', 'maya', 'noah'] as const;
    const before = await server.database.query<{ n: number }>('SELECT count(*)::int AS n FROM follows WHERE followee_id = $1', [SEED_USER_IDS.zoe]);
    const already = before[0]?.n ?? 0;
    const answers = await Promise.all(followers.map((name) => server.store.oneStatement?.follow(claims(name), {
      userId: SEED_USER_IDS.zoe, following: true, at, notificationId: `n-follow-${name}`, notificationKey: `follow:${SEED_USER_IDS[name]}`, unreadMax: 100,
    })));
    const counts = answers.map((answer) => (answer && 'done' in answer ? answer.done.followerCount : answer?.refused));
    // Whoever followed her in the seed is refused; the rest count up one by one.
    const refused = counts.filter((count) => count === 'alreadyFollowing').length;
    expect(refused).toBe(already);
    expect(counts.filter((count) => typeof count === 'number')).toEqual(Array.from({ length: followers.length - already }, (_, i) => already + i + 1));
    expect(findInconsistencies(await server.store.snapshot())).toEqual([]);
  });
});
