/**
 * Scheduled posts on the server (the `scheduled-posts` extension): each due post is published once
 * however many processes look at the same moment (FOR UPDATE SKIP LOCKED), and one that fell due
 * while the server was stopped goes out as soon as it starts again; a cancelled post lets go of its
 * image, and a published one keeps it as the post's.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ScheduledPostResponse } from '../../contract/api';
import { publishDuePosts } from '../../contract/rules/scheduledPosts';
import { buildDefaultSeed, DEMO_CREDENTIALS, DEMO_USER_ID } from '../../contract/seed/default';
import { PNG_DATA_URL } from '../../contract/tests/fixtures';
import { readConfig } from '../config';
import { openPostgres } from '../db/database';
import { PUBLISH_EVERY_MS, startServer } from '../start';
import { createTestDatabase, startTestServer, type TestServer } from '../testing/serverTarget';
import { until } from '../testing/until';

const MINUTE_MS = 60_000;

/** Keeps `count` posts due an hour ago for the demo member, straight in the table (as if they fell due while no process looked). */
async function dueRows(server: Pick<TestServer, 'database'>, count: number, prefix: string): Promise<void> {
  const at = new Date(Date.now() - 60 * MINUTE_MS).toISOString();
  await server.database.query(
    `INSERT INTO scheduled_posts (id, author_id, content, image, image_alt, image_sizes, warning, publish_at, created_at, updated_at)
     SELECT $1 || n, $2, $1 || ' ' || n, '', '', NULL, '', $3::timestamptz + n * interval '1 millisecond', $3, $3 FROM generate_series(1, $4::int) AS n`,
    [prefix, DEMO_USER_ID, at, count],
  );
}

async function postsTitled(server: Pick<TestServer, 'database'>, prefix: string): Promise<string[]> {
  return (await server.database.query<{ content: string }>("SELECT content FROM posts WHERE content LIKE $1 || ' %' ORDER BY content", [prefix])).map((row) => row.content);
}

describe('scheduled posts on PostgreSQL, with several processes', () => {
  let created: { url: string; drop(): Promise<void> };
  let servers: TestServer[] = [];

  beforeAll(async () => {
    created = await createTestDatabase({ migrated: true });
    servers = [await startTestServer({ kind: 'postgres', databaseUrl: created.url })];
    await servers[0]?.store.load(buildDefaultSeed());
    for (let i = 1; i < 4; i += 1) servers.push(await startTestServer({ kind: 'postgres', databaseUrl: created.url }));
  }, 60_000);

  afterAll(async () => {
    for (const server of servers) await server.close();
    await created?.drop();
  });

  it('publishes each due post once when four processes look at the same moment', async () => {
    const [first] = servers;
    if (!first) throw new Error('no server');
    await dueRows(first, 60, 'Together');
    const counts = await Promise.all(servers.map((server) => publishDuePosts(server.ctx)));
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(60);
    const titles = await postsTitled(first, 'Together');
    expect(titles).toHaveLength(60);
    expect(new Set(titles).size).toBe(60);
    expect(await first.database.query('SELECT count(*)::int AS n FROM scheduled_posts')).toEqual([{ n: 0 }]);
  });

  it('keeps an image for the post it becomes, and lets go of a cancelled one\'s', async () => {
    const [first] = servers;
    if (!first) throw new Error('no server');
    const login = await fetch(`${first.baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO_CREDENTIALS) });
    const { encodedToken } = (await login.json()) as { encodedToken: string };
    const schedule = async (text: string) => {
      const answer = await fetch(`${first.baseUrl}/api/scheduled-posts`, {
        method: 'POST', headers: { 'content-type': 'application/json', authorization: encodedToken },
        body: JSON.stringify({ postData: { text, image: PNG_DATA_URL }, publishAt: new Date(Date.now() + 10 * MINUTE_MS).toISOString() }),
      });
      expect(answer.status).toBe(201);
      return ((await answer.json()) as ScheduledPostResponse).scheduledPost;
    };
    const refsOf = async (url: string) => (await first.database.query<{ refs: number }>('SELECT refs FROM media WHERE sha256 = substring($1 FROM 8 FOR 64)', [url]))[0]?.refs ?? 0;
    const kept = await schedule('Kept for later');
    const cancelled = await schedule('Cancelled later');
    expect(kept.postImage).toBe(cancelled.postImage);
    expect(await refsOf(kept.postImage)).toBe(2);
    await fetch(`${first.baseUrl}/api/scheduled-posts/${cancelled.id}`, { method: 'DELETE', headers: { authorization: encodedToken } });
    expect(await refsOf(kept.postImage)).toBe(1);
    await first.database.query("UPDATE scheduled_posts SET publish_at = now() - interval '1 minute' WHERE id = $1", [kept.id]);
    expect(await publishDuePosts(first.ctx)).toBe(1);
    expect(await refsOf(kept.postImage)).toBe(1);
    const [post] = await first.database.query<{ image: string }>("SELECT image FROM posts WHERE content = 'Kept for later'");
    expect(post?.image).toBe(kept.postImage);
  });
});

describe('a post that fell due while the server was stopped', () => {
  it('goes out as soon as the server starts again', async () => {
    const created = await createTestDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), 'socialconnect-data-'));
    const config = readConfig({ PORT: '0', DATA_DIR: dataDir, DATABASE_URL: created.url, SEED: 'on', RATE_LIMITS: 'off', STATIC_DIR: join(dataDir, 'none') });
    const database = await openPostgres({ connectionString: created.url, max: 1 });
    try {
      const before = await startServer(config);
      await before.close();
      // While it is stopped, a post falls due.
      await dueRows({ database }, 1, 'Overdue');
      const after = await startServer(config);
      try {
        await until(async () => (await postsTitled({ database }, 'Overdue')).length === 1, 'the overdue post published', 3 * PUBLISH_EVERY_MS);
        expect(await postsTitled({ database }, 'Overdue')).toEqual(['Overdue 1']);
      } finally {
        await after.close();
      }
    } finally {
      await database.close();
      await created.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
