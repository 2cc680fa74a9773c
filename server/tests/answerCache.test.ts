/** Public reads answered from memory until a write changes the network, on every server of a database. */
import type { PostsResponse } from '../../contract/api';
import { buildDefaultSeed, seedPostId } from '../../contract/seed/default';
import { createAnswerCache, pgliteChanges, postgresChanges } from '../answerCache';
import { openPglite, openPostgres } from '../db/database';
import { createTestDatabase, startTestServer, type TestServer } from '../testing/serverTarget';

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
    const database = await openPglite();
    const changes = await pgliteChanges(database);
    const cache = createAnswerCache(changes, 10);
    cache.set('/a', cache.version(), Buffer.from('aaaa'));
    cache.set('/b', cache.version(), Buffer.from('bbbb'));
    expect(cache.get('/a')?.toString()).toBe('aaaa');
    cache.set('/c', cache.version(), Buffer.from('cccc'));
    expect(cache.get('/b')).toBeUndefined();
    expect(cache.get('/a')?.toString()).toBe('aaaa');
    expect(cache.get('/c')?.toString()).toBe('cccc');

    const before = cache.version();
    changes.changed();
    expect(cache.get('/a')).toBeUndefined();
    // An answer computed before the change is never kept as current.
    cache.set('/late', before, Buffer.from('old'));
    expect(cache.get('/late')).toBeUndefined();
    cache.set('/huge', cache.version(), Buffer.alloc(11));
    expect(cache.get('/huge')).toBeUndefined();
    await changes.close();
    await database.close();
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

describe('several servers on one PostgreSQL', () => {
  it("hear of each other's writes: a kept answer is not served once another server changed the network", async () => {
    const first = await startTestServer({ kind: 'postgres' });
    try {
      await first.store.load(buildDefaultSeed());
      const second = await startTestServer({ kind: 'postgres', databaseUrl: first.databaseUrl });
      try {
        const post = seedPostId(8);
        expect(await likeCountOnServer(second, post)).toBe(0);
        expect(await likeAs(first, 'noah_kim', post)).toBe(201);
        let seen: number | undefined = 0;
        for (let attempt = 0; attempt < 100 && seen !== 1; attempt += 1) {
          seen = await likeCountOnServer(second, post);
          if (seen !== 1) await new Promise((resolve) => setTimeout(resolve, 20));
        }
        expect(seen).toBe(1);
      } finally {
        await second.close();
      }
    } finally {
      await first.close();
    }
  }, 60_000);

  it('stops answering from memory while it cannot hear the others, and starts again once it can', async () => {
    const created = await createTestDatabase();
    const changes = await postgresChanges(created.url, 50);
    const admin = await openPostgres({ connectionString: created.url, max: 1 });
    try {
      expect(changes.version()).toEqual(expect.any(Number));
      await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN%' AND pid <> pg_backend_pid()");
      for (let attempt = 0; attempt < 100 && changes.version() !== undefined; attempt += 1) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(changes.version()).toBeUndefined();
      for (let attempt = 0; attempt < 200 && changes.version() === undefined; attempt += 1) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(changes.version()).toEqual(expect.any(Number));
    } finally {
      await changes.close();
      await admin.close();
      await created.drop();
    }
  }, 60_000);
});
