/** Public reads answered from memory until a write changes the network, on every server of a database. */
import type { PostsResponse } from '../../contract/api';
import { buildDefaultSeed, SEED_USER_IDS, seedPostId } from '../../contract/seed/default';
import { createAnswerCache } from '../answerCache';
import { CHANGES_APPLICATION_NAME, CHANGES_CHANNEL, pgliteChanges, postgresChanges, type ChangeFeed, type ChangeLog } from '../changeFeed';
import { openPostgres, type Database } from '../db/database';
import { newPglite } from '../testing/pgliteTemplate';
import { migrate } from '../db/migrate';
import { createTestDatabase, startTestServer, type TestServer } from '../testing/serverTarget';
import { startStallingProxy, type StallingProxy } from '../testing/stallingProxy';
import { until } from '../testing/until';

async function likeCountOnServer(server: TestServer, postId: string): Promise<number | undefined> {
  const response = await fetch(`${server.baseUrl}/api/posts`);
  const posts = ((await response.json()) as PostsResponse).posts;
  return posts.find((post) => post.id === postId)?.likes.likeCount;
}

async function likeAs(server: TestServer, username: string, postId: string): Promise<number> {
  const login = await fetch(`${server.baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: 'welcome123' }) });
  const { encodedToken } = (await login.json()) as { encodedToken: string };
  return (await fetch(`${server.baseUrl}/api/posts/like/${postId}`, { method: 'POST', headers: { authorization: encodedToken } })).status;
}

describe('the answer cache', () => {
  it('keeps answers of the current version only, the least recently used leaving first when full', async () => {
    const database = await newPglite();
    const changes = await pgliteChanges(database);
    const cache = createAnswerCache(changes, 10);
    /** What the cache answers for `key`, or the stamp it gives a fresh answer. */
    const look = async (key: string) => {
      const found = await cache.lookup(key);
      return 'body' in found ? found.body.toString() : found.stamp;
    };
    const stampFor = async (key: string) => {
      const found = await cache.lookup(key);
      if (!('stamp' in found)) throw new Error(`${key} was kept`);
      return found.stamp;
    };
    cache.set('/a', await stampFor('/a'), Buffer.from('aaaa'));
    cache.set('/b', await stampFor('/b'), Buffer.from('bbbb'));
    expect(await look('/a')).toBe('aaaa');
    cache.set('/c', await stampFor('/c'), Buffer.from('cccc'));
    expect(await look('/b')).toEqual(expect.objectContaining({ heard: expect.any(Number) }));
    expect(await look('/a')).toBe('aaaa');
    expect(await look('/c')).toBe('cccc');

    const before = await stampFor('/late');
    changes.changed();
    expect(await look('/a')).toEqual(expect.objectContaining({ heard: expect.any(Number) }));
    // An answer computed before the change is never kept as current.
    cache.set('/late', before, Buffer.from('old'));
    expect(await look('/late')).toEqual(expect.objectContaining({ heard: expect.any(Number) }));
    cache.set('/huge', await stampFor('/huge'), Buffer.alloc(11));
    expect(await look('/huge')).toEqual(expect.objectContaining({ heard: expect.any(Number) }));
    await changes.close();
    await database.close();
  });

  it('under session consistency, serves a kept answer without asking the database, only to a reader who has seen no newer version than it holds', async () => {
    const created = await createTestDatabase({ migrated: true });
    const database = await openPostgres({ connectionString: created.url, max: 2 });
    const changes = await postgresChanges(created.url, { database });
    try {
      await migrate(database);
      const cache = createAnswerCache(changes);
      const session = { consistency: 'session' as const };
      const found = await cache.lookup('/posts', session);
      cache.set('/posts', 'stamp' in found ? found.stamp : undefined, Buffer.from('at 3'), { from: 3, to: 4 });
      // Another process's write, committed but not yet heard of here: served all the same, to a reader who has seen up to 3.
      await database.query('UPDATE network_state SET version = version + 10');
      expect(await cache.lookup('/posts', { ...session, needs: 3 })).toEqual({ body: Buffer.from('at 3'), version: 4 });
      expect(await cache.lookup('/posts', session)).toEqual({ body: Buffer.from('at 3'), version: 4 });
      // A reader who has seen version 4 is not: the answer may not hold it.
      expect(await cache.lookup('/posts', { ...session, needs: 4 })).toEqual({ stamp: { heard: expect.any(Number), network: expect.any(Number) } });
      // Under strict, the same answer is not served at all: the database's version moved.
      expect(await cache.lookup('/posts', { needs: 0, consistency: 'strict' })).toEqual({ stamp: { heard: expect.any(Number), network: 10 } });
    } finally {
      await changes.close();
      await database.close();
      await created.drop();
    }
  });

  it("on PostgreSQL, serves a kept answer only while it is the database's version, heard of or not", async () => {
    const created = await createTestDatabase({ migrated: true });
    const database = await openPostgres({ connectionString: created.url, max: 2 });
    await migrate(database);
    const changes = await postgresChanges(created.url, { database });
    try {
      const cache = createAnswerCache(changes);
      const found = await cache.lookup('/posts');
      expect(found).toEqual({ stamp: { heard: expect.any(Number), network: 0 } });
      cache.set('/posts', 'stamp' in found ? found.stamp : undefined, Buffer.from('at 0'));
      expect(await cache.lookup('/posts')).toEqual({ body: Buffer.from('at 0'), version: 0 });
      // Another process's write, committed but not yet heard of here: the kept answer is not served.
      await database.query('UPDATE network_state SET version = version + 1');
      expect(await cache.lookup('/posts')).toEqual({ stamp: { heard: expect.any(Number), network: 1 } });
    } finally {
      await changes.close();
      await database.close();
      await created.drop();
    }
  });
});

describe('a server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind: 'pglite' });
    await server.store.load(buildDefaultSeed());
  }, 60_000);
  afterAll(() => server.close());

  it('answers a repeated public read from memory, and reads the store again after a write', async () => {
    const post = seedPostId(8);
    expect(await likeCountOnServer(server, post)).toBe(0);
    // The store would fail now: the same read is answered without it.
    server.store.failNext(new Error('the store was asked'));
    expect(await likeCountOnServer(server, post)).toBe(0);
    // Spend the fault the kept answer did not meet.
    await expect(server.store.read(async () => undefined)).rejects.toThrow('the store was asked');

    expect(await likeAs(server, 'noah_kim', post)).toBe(201);
    expect(await likeCountOnServer(server, post)).toBe(1);
  });
});

/** A feed's log lines, as the server's logger would take them. */
function recordingLog(): ChangeLog & { lines: string[] } {
  const lines: string[] = [];
  return { lines, warn: (message) => lines.push(`warn: ${message}`), error: (message) => lines.push(`error: ${message}`) };
}

describe('what the change channel hears', () => {
  it('passes on a write that told nothing as no events, and a reset for a load or a version it missed', async () => {
    const database = await newPglite();
    const changes = await pgliteChanges(database);
    const heard: unknown[] = [];
    changes.subscribe((committed) => heard.push(committed));
    const notify = (write: unknown) => database.query('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, JSON.stringify(write)]);
    const followed = (id: number) => ({ type: 'follow-changed', followerId: 'a', followeeId: 'b', following: id % 2 === 1, id });
    try {
      await notify({ version: 1, events: [followed(1)] });
      // A post kept for later: one version of its own, nothing to tell.
      await notify({ version: 2, events: [] });
      await notify({ version: 3, events: [followed(3)] });
      // A whole network loaded.
      await notify({ version: 4, events: [], reset: true });
      await notify({ version: 5, events: [followed(5)] });
      // Version 6 never heard.
      await notify({ version: 7, events: [followed(7)] });
      await until(() => heard.length === 6, 'six notifications heard', 2_000);
      expect(heard).toEqual([
        // Each reset names the version it brings the streams to: a stream opened there already has it.
        { events: [followed(1)] }, { events: [] }, { events: [followed(3)] }, { reset: true, version: 4 }, { events: [followed(5)] }, { reset: true, version: 7 },
      ]);
    } finally {
      await changes.close();
      await database.close();
    }
  });

  it('passes on the events of a committed write, and a reset in place of one the contract does not know', async () => {
    const database = await newPglite();
    const changes = await pgliteChanges(database);
    const log = recordingLog();
    changes.reportTo(log);
    const heard: unknown[] = [];
    changes.subscribe((committed) => heard.push(committed));
    const notify = (write: unknown) => database.query('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, typeof write === 'string' ? write : JSON.stringify(write)]);
    try {
      const followed = { type: 'follow-changed', followerId: 'a', followeeId: 'b', following: true, id: 1 };
      await notify({ version: 1, events: [followed] });
      await notify({ version: 2, events: [{ type: 'post-reacted', postId: 'p', memberId: 'a', reaction: 'love', likeCount: 1, dislikeCount: 0, id: 2 }] });
      await notify('{"version": 3, "events": [');
      await notify({ version: 4, events: [{ ...followed, following: false, id: 4 }] });
      await until(() => heard.length === 4, 'four notifications heard', 2_000);
      // After a reset the streams load again, so the next write's events are passed on as they come.
      expect(heard).toEqual([{ events: [followed] }, { reset: true }, { reset: true }, { events: [{ ...followed, following: false, id: 4 }] }]);
      expect(log.lines).toEqual([
        expect.stringMatching(/^error: A committed write's notification is not one the contract knows \(\/events\/0.*\); the live streams load again\. It was: \{"version":2,/),
        'error: A committed write\'s notification is not one the contract knows (not JSON); the live streams load again. It was: {"version": 3, "events": [',
      ]);
    } finally {
      await changes.close();
      await database.close();
    }
  });
});

describe('several servers on one PostgreSQL', () => {
  it("never answer a read sent after another server's answered write with what came before it", async () => {
    const first = await startTestServer({ kind: 'postgres' });
    try {
      await first.store.load(buildDefaultSeed());
      const second = await startTestServer({ kind: 'postgres', databaseUrl: first.databaseUrl });
      try {
        const post = seedPostId(8);
        const token = await first.ctx.tokens.sign({ id: SEED_USER_IDS.noah, username: 'noah_kim', sessionVersion: 0 });
        const stale: number[] = [];
        for (let i = 0; i < 40; i += 1) {
          // The second server keeps the current answer in memory, then the first one changes it.
          const before = await likeCountOnServer(second, post);
          const path = before === 0 ? 'like' : 'dislike';
          expect((await fetch(`${first.baseUrl}/api/posts/${path}/${post}`, { method: 'POST', headers: { authorization: token } })).status).toBe(201);
          const after = await likeCountOnServer(second, post);
          if (after !== (before === 0 ? 1 : 0)) stale.push(i);
        }
        expect(stale).toEqual([]);
      } finally {
        await second.close();
      }
    } finally {
      await first.close();
    }
  }, 60_000);

  it('stops answering from memory while it cannot hear the others, and starts again once it can', async () => {
    const created = await createTestDatabase({ migrated: true });
    const admin = await openPostgres({ connectionString: created.url, max: 1 });
    await migrate(admin);
    const changes = await postgresChanges(created.url, { database: admin, retryMs: 50 });
    const log = recordingLog();
    changes.reportTo(log);
    try {
      expect(changes.version()).toEqual(expect.any(Number));
      // Only this test's own database: other test files share the cluster and listen at the same time.
      await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = '${CHANGES_APPLICATION_NAME}' AND datname = current_database()`);
      await until(() => changes.version() === undefined, 'caching to turn off', 2_000);
      await until(() => changes.version() !== undefined, 'caching to turn on again', 5_000);
      expect(log.lines).toEqual([
        expect.stringMatching(/^warn: The change channel to PostgreSQL is down \(.+\): public reads are computed afresh, connecting again every 50 ms\.$/),
        'warn: The change channel to PostgreSQL is back: public reads are kept in memory again.',
      ]);
    } finally {
      await changes.close();
      await admin.close();
      await created.drop();
    }
  }, 60_000);

  describe('with the listening connection stalled (its packets silently dropped)', () => {
    let created: { url: string; drop(): Promise<void> };
    let database: Database;
    let proxy: StallingProxy;
    let changes: ChangeFeed;
    let log: ReturnType<typeof recordingLog>;
    beforeEach(async () => {
      created = await createTestDatabase({ migrated: true });
      database = await openPostgres({ connectionString: created.url, max: 2 });
      await migrate(database);
      const url = new URL(created.url);
      proxy = await startStallingProxy({ host: url.hostname, port: Number(url.port) });
      url.port = String(proxy.port);
      changes = await postgresChanges(url.toString(), { database, droppedAfterMs: 2_000 });
      log = recordingLog();
      changes.reportTo(log);
    });
    afterEach(async () => {
      await changes.close();
      await proxy.close();
      await database.close();
      await created.drop();
    });

    it('turns caching off within a second and says so, and on again once the channel answers', async () => {
      expect(changes.version()).toEqual(expect.any(Number));
      proxy.stall();
      const stalledAt = performance.now();
      await until(() => changes.version() === undefined, 'caching to turn off', 2_000);
      expect(performance.now() - stalledAt).toBeLessThan(1_000);
      expect(log.lines).toEqual([expect.stringMatching(/^warn: The change channel to PostgreSQL has not answered for \d+ ms: public reads are computed afresh until it does\.$/)]);
      const cache = createAnswerCache(changes);
      expect(await cache.lookup('/posts')).toEqual({ stamp: undefined });

      proxy.resume();
      await until(() => changes.version() !== undefined, 'caching to turn on again', 2_000);
      expect(log.lines[1]).toBe('warn: The change channel to PostgreSQL answers again: public reads are kept in memory again.');
    });

    it('drops a connection that stays silent, connects again, and tells the streams to load again', async () => {
      const heard: unknown[] = [];
      changes.subscribe((committed) => heard.push(committed));
      proxy.stall();
      await until(() => log.lines.some((line) => line.includes('is down')), 'the connection to be dropped', 4_000);
      await until(() => changes.version() !== undefined, 'caching to turn on again', 4_000);
      expect(log.lines).toEqual([
        expect.stringMatching(/has not answered for \d+ ms/),
        expect.stringMatching(/^warn: The change channel to PostgreSQL is down \(it has not answered for \d+ ms\)/),
        'warn: The change channel to PostgreSQL is back: public reads are kept in memory again.',
      ]);
      expect(heard).toEqual([{ reset: true }]);
      // The new connection hears the others' writes.
      await database.query("SELECT pg_notify($1, '{\"version\":1,\"events\":[]}')", [CHANGES_CHANNEL]);
      await until(() => heard.length === 2, 'a write on the new connection', 2_000);
    });
  });
});
