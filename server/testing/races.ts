/**
 * Racing calls over real HTTP (server.md, "Bad input and attacks: races"), written once and run
 * against one server process (PGlite, PostgreSQL) and against two processes on one PostgreSQL. The
 * calls go to the servers in turn; afterwards the rows are checked in SQL: no pair twice, and every
 * count an answer shows equal to the rows it counts.
 */
import { NOTIFICATIONS_UNREAD_MAX, type PostsResponse, type UserResponse, type UsersResponse } from '../../contract/api';
import { MESSAGES } from '../../contract/messages';
import { findInconsistencies } from '../../contract/snapshot';
import { SEED_USER_IDS, SEED_USERNAMES, seedPostId } from '../../contract/seed/default';
import { PNG_DATA_URL } from '../../contract/tests/fixtures';
import type { Sql } from '../db/database';
import type { MediaFiles } from '../mediaFiles';
import { FILES_NAMED } from '../store/media';
import type { SqlStore } from '../store/sqlStore';

export interface RaceTarget {
  /** One address per server process; calls go to them in turn. */
  urls: string[];
  /** The servers' database, for the checks. */
  sql: Sql;
  /** Where the servers keep images' files, for the checks. */
  media?: MediaFiles;
  /** A store on that database: resets to the seed and snapshots. */
  store: Pick<SqlStore, 'snapshot' | 'load'>;
  /** Back to the default seed. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

type SeedName = keyof typeof SEED_USERNAMES;

interface Outcome {
  status: number;
  message: string | undefined;
}

let clients = 0;

/**
 * A new client address, as a server that trusts its proxy reads it: each call of a race comes from
 * its own, so that servers with rate limits on (as in production) meet the race rather than a
 * per-client limit.
 */
function nextClient(): string {
  clients += 1;
  return `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;
}

async function send(url: string, method: string, path: string, token?: string, body?: unknown): Promise<Outcome> {
  const headers: Record<string, string> = { 'x-forwarded-for': nextClient() };
  if (token) headers.authorization = token;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${url}/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = (await response.json()) as { errors?: string[] };
  return { status: response.status, message: json.errors?.[0] };
}

/** Files missing under their rows, files no row names, and deletions still listed. */
async function fileProblems(sql: Sql, media: MediaFiles): Promise<string[]> {
  const problems: string[] = [];
  const rows = await sql.query<{ name: string }>(FILES_NAMED);
  const named = new Set(rows.map((row) => row.name));
  const files = new Set<string>();
  for await (const name of media.list()) files.add(name);
  const missing = [...named].filter((name) => !files.has(name));
  if (missing.length > 0) problems.push(`media: rows whose file is missing ${JSON.stringify(missing)}`);
  const unnamed = [...files].filter((name) => !named.has(name));
  if (unnamed.length > 0) problems.push(`media: files no row names ${JSON.stringify(unnamed)}`);
  const listed = await sql.query('SELECT name FROM media_gone');
  if (listed.length > 0) problems.push(`media: deletions left listed ${JSON.stringify(listed)}`);
  return problems;
}

/**
 * Every image URL the rows name, once for each member, post, scheduled post and report that names
 * it (a post's first image and each in its more_images; a reported post's images, kept with the
 * report): a FROM item, `named`, of one column, `image`.
 */
export const IMAGES_NAMED = `(
  SELECT image FROM members UNION ALL SELECT image FROM posts UNION ALL SELECT image FROM scheduled_posts
  UNION ALL SELECT entry->>'url' FROM posts CROSS JOIN LATERAL jsonb_array_elements(more_images) AS entry
  UNION ALL SELECT entry->>'url' FROM scheduled_posts CROSS JOIN LATERAL jsonb_array_elements(more_images) AS entry
  UNION ALL SELECT jsonb_array_elements_text(content->'images') FROM reports WHERE content->>'kind' = 'post'
) AS named (image)`;

/**
 * Rows that appear twice, counts that differ from their rows, and with `media`, rows whose file is
 * missing and files no row names (once the deletions listed are done): [] when all is well.
 */
export async function sqlProblems(sql: Sql, media?: MediaFiles): Promise<string[]> {
  const problems: string[] = [];
  const twice = async (table: string, pair: string): Promise<void> => {
    const rows = await sql.query(`SELECT ${pair}, count(*)::int AS n FROM ${table} GROUP BY ${pair} HAVING count(*) > 1`);
    if (rows.length > 0) problems.push(`${table}: ${JSON.stringify(rows)} more than once`);
  };
  await twice('reactions', 'post_id, member_id');
  await twice('follows', 'follower_id, followee_id');
  await twice('bookmarks', 'member_id, post_id');
  const usernames = await sql.query('SELECT lower(username) AS name, count(*)::int AS n FROM members GROUP BY 1 HAVING count(*) > 1');
  if (usernames.length > 0) problems.push(`members: usernames taken twice ${JSON.stringify(usernames)}`);
  // Every stored image named is there, and counted once for each member, post and scheduled post that names it.
  const named = `${IMAGES_NAMED} WHERE named.image LIKE '/media/%'`;
  const missing = await sql.query(`SELECT image FROM ${named} AND NOT EXISTS (SELECT 1 FROM media WHERE media.sha256 = substring(named.image FROM 8 FOR 64))`);
  if (missing.length > 0) problems.push(`media: named but not stored ${JSON.stringify(missing)}`);
  const miscounted = await sql.query(`SELECT * FROM (SELECT sha256, refs, (SELECT count(*)::int FROM ${named} AND substring(named.image FROM 8 FOR 64) = media.sha256) AS names FROM media) AS counts WHERE refs <> names`);
  if (miscounted.length > 0) problems.push(`media: counts that differ from their names ${JSON.stringify(miscounted)}`);
  if (media) problems.push(...await fileProblems(sql, media));
  return problems;
}

/**
 * Where what `url` answers differs from the rows: likeCount, likedBy, dislikedBy, followers,
 * following, and bookmarks, which are each member's own: empty in the answer to anyone, and the
 * rows in the record each member of `ownTokens` (by id) reads with their token.
 */
export async function answerProblems(url: string, sql: Sql, ownTokens: ReadonlyMap<string, string> = new Map()): Promise<string[]> {
  const posts = ((await (await fetch(`${url}/api/posts`)).json()) as PostsResponse).posts;
  const users = ((await (await fetch(`${url}/api/users`)).json()) as UsersResponse).users;
  const count = (rows: Array<Record<string, unknown>>, key: string): Map<string, number> => new Map(rows.map((row) => [String(row[key]), Number(row.n)]));
  const likes = count(await sql.query("SELECT post_id, count(*)::int AS n FROM reactions WHERE kind = 'like' GROUP BY 1"), 'post_id');
  const dislikes = count(await sql.query("SELECT post_id, count(*)::int AS n FROM reactions WHERE kind = 'dislike' GROUP BY 1"), 'post_id');
  const followers = count(await sql.query('SELECT followee_id, count(*)::int AS n FROM follows GROUP BY 1'), 'followee_id');
  const following = count(await sql.query('SELECT follower_id, count(*)::int AS n FROM follows GROUP BY 1'), 'follower_id');
  const bookmarks = count(await sql.query('SELECT member_id, count(*)::int AS n FROM bookmarks GROUP BY 1'), 'member_id');
  const problems: string[] = [];
  const expectSame = (what: string, shown: number, rows: number): void => {
    if (shown !== rows) problems.push(`${what}: the answer shows ${shown}, the rows say ${rows}`);
  };
  for (const post of posts) {
    expectSame(`post ${post.id} likeCount`, post.likes.likeCount, likes.get(post.id) ?? 0);
    expectSame(`post ${post.id} likedBy`, post.likes.likedBy.length, likes.get(post.id) ?? 0);
    expectSame(`post ${post.id} dislikedBy`, post.likes.dislikedBy.length, dislikes.get(post.id) ?? 0);
  }
  for (const user of users) {
    expectSame(`${user.username} followers`, user.followers.length, followers.get(user._id) ?? 0);
    expectSame(`${user.username} following`, user.following.length, following.get(user._id) ?? 0);
    expectSame(`${user.username} bookmarks shown to anyone`, user.bookmarks.length, 0);
  }
  for (const [memberId, token] of ownTokens) {
    const own = ((await (await fetch(`${url}/api/users/${memberId}`, { headers: { authorization: token, 'x-forwarded-for': nextClient() } })).json()) as UserResponse).user;
    expectSame(`${own.username} bookmarks in their own record`, own.bookmarks.length, bookmarks.get(memberId) ?? 0);
  }
  return problems;
}

/**
 * Declares the race tests against a target. With several processes, each one's answers are checked
 * as soon as the writes are answered: none may serve an answer older than them.
 */
export function describeRaces(open: () => Promise<RaceTarget>): void {
  let target: RaceTarget;
  const tokens = {} as Record<SeedName, string>;

  beforeAll(async () => {
    target = await open();
  }, 180_000);
  afterAll(() => target?.close(), 60_000);
  beforeEach(async () => {
    await target.reset();
    for (const [name, username] of Object.entries(SEED_USERNAMES) as Array<[SeedName, string]>) {
      const response = await fetch(`${target.urls[0]}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': nextClient() }, body: JSON.stringify({ username, password: 'welcome123' }) });
      tokens[name] = ((await response.json()) as { encodedToken: string }).encodedToken;
    }
  }, 60_000);

  /** The i-th call goes to the (i mod n)-th server. */
  const at = (i: number): string => target.urls[i % target.urls.length] ?? '';

  async function expectConsistent(): Promise<void> {
    expect(await sqlProblems(target.sql, target.media)).toEqual([]);
    expect(findInconsistencies(await target.store.snapshot())).toEqual([]);
    for (const url of target.urls) {
      // Every process answers what the database holds, at once: a kept answer checks its version.
      const problems = await answerProblems(url, target.sql, new Map((Object.keys(tokens) as SeedName[]).map((name) => [SEED_USER_IDS[name], tokens[name]])));
      expect({ url, problems }).toEqual({ url, problems: [] });
    }
  }

  it('50 likes of one post by one member at once: one 201, 49 refusals, one like', async () => {
    const post = seedPostId(8); // no reactions in the seed
    const outcomes = await Promise.all(Array.from({ length: 50 }, (_, i) => send(at(i), 'POST', `/posts/like/${post}`, tokens.noah)));
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual([201, ...Array<number>(49).fill(400)]);
    expect(new Set(outcomes.filter((outcome) => outcome.status === 400).map((outcome) => outcome.message))).toEqual(new Set([MESSAGES.alreadyLiked]));
    expect(await target.sql.query("SELECT member_id, kind FROM reactions WHERE post_id = $1", [post])).toEqual([{ member_id: SEED_USER_IDS.noah, kind: 'like' }]);
    await expectConsistent();
  });

  it('20 signups of one new username at once: one 201, 19 refusals, one member', async () => {
    const body = { firstName: 'Twin', lastName: 'Racer', username: 'twin_racer', password: 'twin-password' };
    const outcomes = await Promise.all(Array.from({ length: 20 }, (_, i) => send(at(i), 'POST', '/auth/signup', undefined, { ...body, username: i % 2 ? 'Twin_Racer' : 'twin_racer' })));
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual([201, ...Array<number>(19).fill(422)]);
    expect(await target.sql.query("SELECT count(*)::int AS n FROM members WHERE lower(username) = 'twin_racer'")).toEqual([{ n: 1 }]);
    await expectConsistent();
  });

  it('likes and dislikes interleaved by five members on one post: likeCount always equals likedBy', async () => {
    const post = seedPostId(18);
    const calls = (Object.keys(SEED_USERNAMES) as SeedName[]).flatMap((name) => Array.from({ length: 12 }, (_, i) => ({ name, kind: i % 2 ? 'dislike' : 'like' })));
    const outcomes = await Promise.all(calls.map(({ name, kind }, i) => send(at(i), 'POST', `/posts/${kind}/${post}`, tokens[name])));
    expect(outcomes.filter((outcome) => ![201, 400].includes(outcome.status))).toEqual([]);
    // Nobody had reacted: each member's successes alternate like, dislike, like... so the row left
    // says which came last, and no success went missing or counted twice.
    const rows = await target.sql.query<{ member_id: string; kind: string }>('SELECT member_id, kind FROM reactions WHERE post_id = $1', [post]);
    const left = new Map(rows.map((row) => [row.member_id, row.kind]));
    for (const name of Object.keys(SEED_USERNAMES) as SeedName[]) {
      const won = (kind: string) => calls.filter((call, i) => call.name === name && call.kind === kind && outcomes[i]?.status === 201).length;
      const [likes, dislikes] = [won('like'), won('dislike')];
      const expected = likes === 0 ? undefined : likes === dislikes + 1 ? 'like' : likes === dislikes ? 'dislike' : `impossible: ${likes} likes, ${dislikes} dislikes`;
      expect({ name, kind: left.get(SEED_USER_IDS[name]) }).toEqual({ name, kind: expected });
    }
    await expectConsistent();
  });

  it('follows of one member toggled at once by four members: each follow notified once, and the last unread count sent is the count', async () => {
    const followers = ['ava', 'liam', 'maya', 'noah'] as const;
    const zoe = SEED_USER_IDS.zoe;
    const calls = followers.flatMap((name) => Array.from({ length: 10 }, (_, i) => [`/users/${i % 2 ? 'unfollow' : 'follow'}/${zoe}`, name] as const));
    const outcomes = await Promise.all(calls.map(([path, name], i) => send(at(i), 'POST', path, tokens[name])));
    expect(outcomes.filter((outcome) => ![201, 400].includes(outcome.status))).toEqual([]);
    const ids = followers.map((name) => SEED_USER_IDS[name]);
    const following = await target.sql.query('SELECT follower_id AS id FROM follows WHERE followee_id = $1 AND follower_id = ANY($2) ORDER BY 1', [zoe, ids]);
    const notified = await target.sql.query(
      "SELECT a.actor_id AS id FROM notifications n JOIN notification_actors a ON a.notification_id = n.id WHERE n.recipient_id = $1 AND n.kind = 'follow' AND a.actor_id = ANY($2) ORDER BY 1",
      [zoe, ids],
    );
    expect(notified).toEqual(following);
    // The follows that notified her raced; the count her devices were told last is the one they would read.
    const [told] = await target.sql.query<{ unread: number }>(
      "SELECT (payload ->> 'unreadCount')::int AS unread FROM events WHERE type = 'notifications-changed' AND payload ->> 'memberId' = $1 ORDER BY id DESC LIMIT 1",
      [zoe],
    );
    const [counted] = await target.sql.query<{ unread: number }>('SELECT unread FROM unread_notification_count($1, $2)', [zoe, NOTIFICATIONS_UNREAD_MAX]);
    expect(told).toEqual(counted);
    await expectConsistent();
  });

  it('a block among follows of the blocker toggled at once: no follow is left between the two', async () => {
    const zoe = SEED_USER_IDS.zoe;
    const calls: Array<readonly [string, SeedName]> = (['liam', 'noah'] as const).flatMap((name) => Array.from({ length: 10 }, (_, i) => [`/users/${i % 2 ? 'unfollow' : 'follow'}/${zoe}`, name] as const));
    calls.splice(10, 0, [`/users/block/${SEED_USER_IDS.liam}`, 'zoe']);
    const outcomes = await Promise.all(calls.map(([path, name], i) => send(at(i), 'POST', path, tokens[name])));
    // A follow the block has gone before finds Zoe no more (404).
    expect(outcomes.filter((outcome) => ![201, 400, 404].includes(outcome.status))).toEqual([]);
    expect(outcomes[10]?.status).toBe(201);
    expect(await target.sql.query('SELECT follower_id FROM follows WHERE (follower_id = $1 AND followee_id = $2) OR (follower_id = $2 AND followee_id = $1)', [SEED_USER_IDS.liam, zoe])).toEqual([]);
    expect(await target.sql.query(
      "SELECT a.actor_id FROM notifications n JOIN notification_actors a ON a.notification_id = n.id WHERE n.recipient_id = $1 AND n.kind = 'follow' AND a.actor_id = $2",
      [zoe, SEED_USER_IDS.liam],
    )).toEqual([]);
    await expectConsistent();
  });

  it('bookmarks and follows toggled at once by several members: no pair twice, every count equal to its rows', async () => {
    const post = seedPostId(4);
    const members = ['ava', 'liam', 'maya', 'noah'] as const;
    const calls = members.flatMap((name) => Array.from({ length: 10 }, (_, i) => [
      ['POST', `/users/${i % 2 ? 'remove-bookmark' : 'bookmark'}/${post}`, name],
      ['POST', `/users/${i % 2 ? 'unfollow' : 'follow'}/${SEED_USER_IDS.zoe}`, name],
    ] as const).flat());
    const outcomes = await Promise.all(calls.map(([method, path, name], i) => send(at(i), method, path, tokens[name])));
    expect(outcomes.filter((outcome) => ![201, 400].includes(outcome.status))).toEqual([]);
    await expectConsistent();
  });

  it('a photo posted again while the last post naming it is deleted, round after round: every photo named is stored, and counted', async () => {
    const postWith = async (url: string, name: SeedName, text: string): Promise<Outcome> => send(url, 'POST', '/posts', tokens[name], { postData: { text, image: PNG_DATA_URL } });
    for (let round = 0; round < 8; round += 1) {
      expect((await postWith(at(round), 'maya', `Maya's photo, round ${round}`)).status).toBe(201);
      const posts = ((await (await fetch(`${at(round)}/api/posts`)).json()) as PostsResponse).posts;
      const mayas = posts.find((post) => post.content === `Maya's photo, round ${round}`);
      const outcomes = await Promise.all([
        send(at(round + 1), 'DELETE', `/posts/${mayas?.id ?? ''}`, tokens.maya),
        postWith(at(round + 2), 'liam', `Liam's photo, round ${round}`),
      ]);
      expect(outcomes.map((outcome) => outcome.status)).toEqual([200, 201]);
      // Liam's post leaves nothing naming the photo once deleted in turn: the next round starts afresh.
      const liams = ((await (await fetch(`${at(round)}/api/posts`)).json()) as PostsResponse).posts.find((post) => post.content === `Liam's photo, round ${round}`);
      expect((await fetch(`${at(round)}${liams?.postImage ?? ''}`)).status).toBe(200);
      expect((await send(at(round), 'DELETE', `/posts/${liams?.id ?? ''}`, tokens.liam)).status).toBe(200);
    }
    await expectConsistent();
  });
}
