/**
 * An account deleted for good, on the server (the `accounts` extension): once its grace period is
 * over, no row of any table names the member (every text, array and JSON column of every table
 * read), and no byte of their images is left, in the rows or in the files; an image another member
 * also posted stays theirs. Within the period nothing goes, and the member can still log in.
 */
import type { AccountDeletion, LoginResponse, Post, ReplyCreated, ScheduledPostResponse, SignupResponse } from '../../contract/api';
import { purgeDueAccounts } from '../../contract/rules/leaving';
import { drawablePng } from '../../contract/tests/imageFixtures';
import { SEED_PASSWORD, SEED_USER_IDS, seedPostId } from '../../contract/seed/default';
import { buildDefaultSeed } from '../../contract/seed/default';
import { startTestServer, type TestServer } from '../testing/serverTarget';

const DAY_MS = 24 * 60 * 60 * 1000;
const PASSWORD = 'rhea-password-1';

let server: TestServer;
let shift = 0;

beforeAll(async () => {
  server = await startTestServer({ kind: 'pglite', now: () => new Date(Date.now() + shift) });
}, 60_000);

afterAll(async () => {
  await server.close();
});

function png(width: number, height: number): string {
  return `data:image/png;base64,${Buffer.from(drawablePng(width, height)).toString('base64')}`;
}

async function send<T = Record<string, unknown>>(token: string | undefined, method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<{ status: number; json: T }> {
  // A write answers what it changed alone (`Prefer: return=minimal`): a new post, not every post.
  const headers: Record<string, string> = { prefer: 'return=minimal', ...(token ? { authorization: token } : {}) };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const answer = await fetch(`${server.baseUrl}/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: answer.status, json: (await answer.json()) as T };
}

async function loginAs(username: string, password: string = SEED_PASSWORD): Promise<string> {
  const login = await send<LoginResponse>(undefined, 'POST', '/auth/login', { username, password });
  expect(login.status).toBe(200);
  return login.json.encodedToken;
}

/** How many rows of every table name `value` in a text, text array or JSON column: per table.column. */
async function rowsNaming(value: string): Promise<Record<string, number>> {
  const columns = await server.database.query<{ table_name: string; column_name: string; data_type: string }>(
    `SELECT table_name, column_name, data_type FROM information_schema.columns
     WHERE table_schema = 'public' AND data_type IN ('text', 'ARRAY', 'jsonb') ORDER BY table_name, column_name`,
  );
  const found: Record<string, number> = {};
  for (const { table_name: table, column_name: column, data_type: type } of columns) {
    const test = type === 'text' ? `"${column}" = $1` : type === 'ARRAY' ? `$1 = ANY("${column}"::text[])` : `strpos("${column}"::text, $1) > 0`;
    const [row] = await server.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table}" WHERE ${test}`, [value]);
    if (row && row.n > 0) found[`${table}.${column}`] = row.n;
  }
  return found;
}

/** The bytes kept of images: in the rows, and in the files, by image (its SHA-256). */
async function imageBytes(hashes: readonly string[]): Promise<{ rows: number; files: number }> {
  const [row] = await server.database.query<{ n: number }>(
    `SELECT (COALESCE((SELECT sum(octet_length(bytes)) FROM media WHERE sha256 = ANY($1::text[])), 0)
      + COALESCE((SELECT sum(octet_length(bytes)) FROM media_copies WHERE sha256 = ANY($1::text[])), 0))::int AS n`,
    [hashes],
  );
  let files = 0;
  for await (const name of server.media?.list() ?? []) {
    if (hashes.some((hash) => name.startsWith(hash))) files += (await server.media?.get(name))?.length ?? 0;
  }
  return { rows: row?.n ?? 0, files };
}

const hashOf = (url: string): string => /\/media\/([0-9a-f]{64})/.exec(url)?.[1] ?? '';

describe('an account deleted for good', () => {
  it('leaves no row that names the member and no byte of their images; an image another posted too stays', async () => {
    await server.store.load(buildDefaultSeed());
    const joined = await send<SignupResponse>(undefined, 'POST', '/auth/signup', { firstName: 'Rhea', lastName: 'Okafor', username: 'rhea_okafor', password: PASSWORD, email: 'rhea@example.com' });
    expect(joined.status).toBe(201);
    const rhea = joined.json.encodedToken;
    const rheaId = joined.json.createdUser._id;
    const maya = await loginAs('maya_patel');
    const noah = await loginAs('noah_kim');

    // What Rhea makes: an avatar, posts with images (one large, with smaller copies; one Maya posts
    // too), a reply, likes, a follow, a bookmark, a mute and a block.
    expect((await send(rhea, 'POST', '/users/edit', { userData: { avatar: png(300, 300) } })).status).toBe(201);
    const posts: Post[] = [];
    for (const [text, image] of [['A wide one', png(1600, 900)], ['Shared', png(64, 48)], ['Plain', '']] as const) {
      const made = await send<{ post: Post }>(rhea, 'POST', '/posts', { postData: { text: `${text} #leaving @maya_patel`, image } });
      expect(made.status).toBe(201);
      posts.push(made.json.post);
    }
    // A post with several images (`more-images`), and a scheduled one: each image is hers alone.
    const several = await send<{ post: Post }>(rhea, 'POST', '/posts', { postData: { text: 'Three of them', image: png(40, 30), moreImages: [{ image: png(41, 30) }, { image: png(42, 30), imageAlt: 'the third' }] } });
    expect(several.status).toBe(201);
    const scheduled = await send<ScheduledPostResponse>(rhea, 'POST', '/scheduled-posts', {
      postData: { text: 'Later, two of them', image: png(43, 30), moreImages: [{ image: png(44, 30) }] }, publishAt: new Date(Date.now() + 10 * DAY_MS).toISOString(),
    });
    expect(scheduled.status).toBe(201);
    const theirs = [several.json.post, scheduled.json.scheduledPost].flatMap((made) => [made.postImage, ...(made.moreImages ?? []).map(({ url }) => url)]).map(hashOf);
    expect(new Set(theirs).size).toBe(5);
    const mayasCopy = await send<{ post: Post }>(maya, 'POST', '/posts', { postData: { text: 'Same picture', image: png(64, 48) } });
    expect(hashOf(mayasCopy.json.post.postImage)).toBe(hashOf(posts[1]?.postImage ?? ''));
    expect((await send<ReplyCreated>(rhea, 'POST', `/posts/${seedPostId(2)}/replies`, { replyData: { text: 'Still water' } })).status).toBe(201);
    expect((await send(rhea, 'POST', `/posts/like/${seedPostId(1)}`)).status).toBe(201);
    expect((await send(rhea, 'POST', `/users/follow/${SEED_USER_IDS.maya}`)).status).toBe(201);
    expect((await send(rhea, 'POST', `/users/bookmark/${seedPostId(3)}`)).status).toBe(201);
    expect((await send(rhea, 'POST', `/users/mute/${SEED_USER_IDS.liam}`)).status).toBe(201);
    expect((await send(rhea, 'POST', `/users/block/${SEED_USER_IDS.zoe}`)).status).toBe(201);
    // What others make of hers: a reply, a like, a follow, a bookmark.
    const wide = posts[0]?.id ?? '';
    const noahsReply = await send<ReplyCreated>(noah, 'POST', `/posts/${wide}/replies`, { replyData: { text: 'Great view' } });
    expect(noahsReply.status).toBe(201);
    expect((await send(noah, 'POST', `/posts/like/${wide}`)).status).toBe(201);
    expect((await send(noah, 'POST', `/users/follow/${rheaId}`)).status).toBe(201);
    expect((await send(noah, 'POST', `/users/bookmark/${wide}`)).status).toBe(201);

    const profile = await send<{ user: { image: string } }>(rhea, 'GET', `/users/${rheaId}`);
    const hers = [hashOf(profile.json.user.image), hashOf(posts[0]?.postImage ?? ''), ...theirs];
    expect(hers.every((hash) => hash.length === 64)).toBe(true);
    const before = await imageBytes(hers);
    expect(before.rows + before.files).toBeGreaterThan(0);
    expect(Object.keys(await rowsNaming(rheaId)).length).toBeGreaterThan(10);

    const deleted = await send<AccountDeletion>(rhea, 'POST', '/account/deletion', { password: PASSWORD });
    expect(deleted.status).toBe(201);
    // Within the grace period nothing goes.
    shift = 13 * DAY_MS;
    expect(await purgeDueAccounts(server.ctx)).toBe(0);
    expect((await loginAs('rhea_okafor', PASSWORD)).length).toBeGreaterThan(0);

    shift = 15 * DAY_MS;
    expect(await purgeDueAccounts(server.ctx)).toBe(1);
    expect(await rowsNaming(rheaId)).toEqual({});
    expect(await rowsNaming('rhea_okafor')).toEqual({});
    expect(await imageBytes(hers)).toEqual({ rows: 0, files: 0 });
    // Others' replies to her posts went with them; Maya's copy of the shared picture stays.
    const [noahsLeft] = await server.database.query<{ n: number }>('SELECT count(*)::int AS n FROM replies WHERE id = $1', [noahsReply.json.reply.id]);
    expect(noahsLeft?.n).toBe(0);
    const shared = await imageBytes([hashOf(mayasCopy.json.post.postImage)]);
    expect(shared.rows + shared.files).toBeGreaterThan(0);
    expect((await send(maya, 'GET', `/posts/${mayasCopy.json.post.id}`)).status).toBe(200);
    expect((await send(undefined, 'POST', '/auth/login', { username: 'rhea_okafor', password: PASSWORD })).status).toBe(404);
    // Nothing is left to purge.
    expect(await purgeDueAccounts(server.ctx)).toBe(0);
  });
});
