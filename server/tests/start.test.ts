/** Start-up on a data folder: the seed on first start, the lock, restarts that keep everything. */
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { once } from 'node:events';
import { connect } from 'node:net';
import { dirname, join } from 'node:path';
import type { HealthResponse, LoginResponse, PostsResponse, UsersResponse } from '../../contract/api';
import { buildDefaultSeed, DEMO_CREDENTIALS, SEED_PASSWORD, SEED_USERNAMES, seedPostId } from '../../contract/seed/default';
import { openStream } from '../../contract/tests/streams';
import { PGLITE_FOLDER, readConfig, type ServerConfig } from '../config';
import { DataDirLockedError, LOCK_FILE } from '../dataDirLock';
import { openPglite } from '../db/database';
import { migrate } from '../db/migrate';
import { argon2Passwords } from '../passwords';
import { PUBLIC_DIR, startServer, type RunningServer } from '../start';
import { createSqlStore } from '../store/sqlStore';
import { newDataDir } from '../testing/pgliteTemplate';
import { until } from '../testing/until';

function configFor(dataDir: string, env: Record<string, string> = {}): ServerConfig {
  return readConfig({ PORT: '0', DATA_DIR: dataDir, STATIC_DIR: join(dataDir, 'no-app'), ...env });
}

async function json<T>(server: RunningServer, path: string, init?: RequestInit): Promise<{ status: number; body: T }> {
  const response = await fetch(`${server.url}${path}`, init);
  return { status: response.status, body: (await response.json()) as T };
}

/** Runs `work` on a new data folder (`newDataDir`: a PGlite template's copy), removed afterwards. */
async function inNewDataDir(prefix: string, work: (dataDir: string) => Promise<void>): Promise<void> {
  const dataDir = await newDataDir(prefix);
  try {
    await work(dataDir);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Starts a server with `config`, runs `work` on it, and closes it whatever happened. */
async function whileRunning(config: ServerConfig, work: (server: RunningServer) => Promise<void>): Promise<void> {
  const server = await startServer(config);
  try {
    await work(server);
  } finally {
    await server.close();
  }
}

describe('a server on a new PGlite data folder', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'socialconnect-data-'));
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer(configFor(dataDir));
  }, 60_000);
  afterAll(async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('says where it listens and which store it uses, and loads the seed', async () => {
    expect(server.summary).toMatch(/^SocialConnect server listening on http:\/\/127\.0\.0\.1:\d+$/m);
    expect(server.summary).toContain(`PGlite (embedded PostgreSQL) in ${dataDir}`);
    expect(server.summary).toContain(`  images: the folder ${join(dataDir, 'media')}`);
    expect(server.summary).toContain('seeded with the demo network');
    const posts = await json<PostsResponse>(server, '/api/posts');
    expect(posts.body.posts).toHaveLength(20);
    const login = await json<LoginResponse>(server, '/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO_CREDENTIALS) });
    expect(login.status).toBe(200);
    // A development start: the demo network is what it is for, and health says so.
    expect((await json<HealthResponse>(server, '/api/health')).body.demo).toBe(true);
    expect(server.warnings).toEqual([]);
  });

  it('keeps its data folder and its database to their owner: 0700, the token secret 0600', () => {
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dataDir, PGLITE_FOLDER)).mode & 0o777).toBe(0o700);
    expect(statSync(join(dataDir, 'jwt-secret')).mode & 0o777).toBe(0o600);
  });

  it("serves the seed's images from their files under the data folder, stored once by their bytes", async () => {
    const posts = (await json<PostsResponse>(server, '/api/posts')).body.posts;
    const sunrise = posts.find((post) => post.content.startsWith('First light'));
    const shipped = readFileSync(join(PUBLIC_DIR, 'images/posts/mountain-sunrise.jpg'));
    expect(sunrise?.postImage).toBe(`/media/${createHash('sha256').update(shipped).digest('hex')}.jpg`);
    const image = await fetch(`${server.url}${sunrise?.postImage ?? ''}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await image.arrayBuffer()).equals(shipped)).toBe(true);
    expect(posts.every((post) => post.postImage === '' || post.postImage.startsWith('/media/'))).toBe(true);
    const name = sunrise!.postImage.slice('/media/'.length);
    expect(readFileSync(join(dataDir, 'media', name.slice(0, 2), name)).equals(shipped)).toBe(true);
    expect(await server.database.query('SELECT count(*)::int AS n FROM media WHERE bytes IS NOT NULL')).toEqual([{ n: 0 }]);
  });

  it('refuses a second server on the same folder, naming the holder', async () => {
    const refused = startServer(configFor(dataDir));
    await expect(refused).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(refused).rejects.toThrow(`process ${process.pid}`);
    expect((await json<PostsResponse>(server, '/api/posts')).status).toBe(200);
  });
});

describe('a server on a database that holds its images in the rows (kept before images had files)', () => {
  it('moves them to the files in the background, answering each the same throughout, and deletes a file no record names', async () => {
    const dataDir = await newDataDir('socialconnect-data-');
    try {
      // The demo network loaded as an older server left it: every image's bytes in its row.
      const older = await openPglite(join(dataDir, PGLITE_FOLDER));
      try {
        await migrate(older);
        await createSqlStore(older, { publicDir: PUBLIC_DIR, passwords: argon2Passwords }).load(buildDefaultSeed());
        expect((await older.query<{ n: number }>('SELECT count(*)::int AS n FROM media WHERE bytes IS NOT NULL'))[0]!.n).toBeGreaterThan(1);
      } finally {
        await older.close();
      }
      // And a file a process left when it stopped between writing an image's file and its row.
      const stray = join(dataDir, 'media', '00', `${'0'.repeat(64)}.png`);
      mkdirSync(dirname(stray), { recursive: true });
      writeFileSync(stray, 'nothing names me');
      const server = await startServer(configFor(dataDir));
      try {
        const posts = (await json<PostsResponse>(server, '/api/posts')).body.posts.filter((post) => post.postImage !== '');
        expect(posts.length).toBeGreaterThan(1);
        for (const post of posts) expect({ url: post.postImage, status: (await fetch(`${server.url}${post.postImage}`)).status }).toEqual({ url: post.postImage, status: 200 });
        await until(async () => (await server.database.query<{ n: number }>('SELECT count(*)::int AS n FROM media WHERE bytes IS NOT NULL'))[0]!.n === 0, 'every image moved to its file', 20_000);
        const sunrise = posts.find((post) => post.content.startsWith('First light'))!;
        const name = sunrise.postImage.slice('/media/'.length);
        const shipped = readFileSync(join(PUBLIC_DIR, 'images/posts/mountain-sunrise.jpg'));
        expect(readFileSync(join(dataDir, 'media', name.slice(0, 2), name)).equals(shipped)).toBe(true);
        const image = await fetch(`${server.url}${sunrise.postImage}`);
        expect(Buffer.from(await image.arrayBuffer()).equals(shipped)).toBe(true);
        // Deleted in the background, beside the move, which it leaves alone.
        await until(() => !existsSync(stray), 'the file no record names deleted', 20_000);
      } finally {
        await server.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('restarts', () => {
  it('keep every member and post, and seed only an empty database', async () => {
    const dataDir = await newDataDir('socialconnect-data-');
    try {
      const first = await startServer(configFor(dataDir));
      const signup = await json<{ encodedToken: string }>(first, '/api/auth/signup', {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ firstName: 'Kept', lastName: 'Member', username: 'kept_member', password: 'kept-password' }),
      });
      expect(signup.status).toBe(201);
      const before = await openStream(signup.body.encodedToken, undefined, `${first.url}/api`);
      await json(first, '/api/posts', { method: 'POST', headers: { 'content-type': 'application/json', authorization: signup.body.encodedToken }, body: JSON.stringify({ postData: { text: 'Still here after a restart' } }) });
      const [created] = await before.until(1);
      before.close();
      await first.close();

      const second = await startServer(configFor(dataDir));
      try {
        expect(second.summary).not.toContain('seeded');
        const posts = (await json<PostsResponse>(second, '/api/posts')).body.posts;
        expect(posts).toHaveLength(21);
        expect(posts[0]?.content).toBe('Still here after a restart');
        // The development secret was kept in the folder: the old token still works.
        expect((await json(second, '/api/users/bookmark', { headers: { authorization: signup.body.encodedToken } })).status).toBe(200);
        // A live stream picking up where it left off carries on: the restart is no reason to load again.
        const after = await openStream(signup.body.encodedToken, String(created?.id), `${second.url}/api`);
        expect((await json(second, `/api/posts/like/${seedPostId(8)}`, { method: 'POST', headers: { authorization: signup.body.encodedToken } })).status).toBe(201);
        const [next] = await after.until(1);
        after.close();
        expect(next).toMatchObject({ type: 'post-reacted', id: (created?.id ?? 0) + 1 });
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('take over a lock left by a server that no longer runs, and SEED=off leaves a new database empty', async () => {
    await inNewDataDir('socialconnect-data-', async (dataDir) => {
      writeFileSync(join(dataDir, LOCK_FILE), JSON.stringify({ pid: 2 ** 22 + 7, host: hostname(), since: '2026-01-01T00:00:00.000Z' }));
      await whileRunning(configFor(dataDir, { SEED: 'off' }), async (server) => {
        expect((await json<PostsResponse>(server, '/api/posts')).body.posts).toEqual([]);
        expect(JSON.parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid });
      });
      expect(() => readFileSync(join(dataDir, LOCK_FILE))).toThrow();
    });
  }, 60_000);
});

/** Whether `password` logs `username` in. */
async function logsIn(server: RunningServer, username: string, password: string): Promise<boolean> {
  const login = await json(server, '/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  return login.status === 200;
}

describe('a production start', () => {
  const production = { NODE_ENV: 'production', JWT_SECRET: randomBytes(48).toString('base64'), PUBLIC_URL: 'https://social.example' };

  it('on an empty database loads no demo network: nobody logs in with the published password', async () => {
    await inNewDataDir('socialconnect-production-', (dataDir) => whileRunning(configFor(dataDir, production), async (server) => {
      expect(server.summary).not.toContain('seeded');
      expect(server.warnings).toEqual([]);
      for (const username of Object.values(SEED_USERNAMES)) expect({ username, in: await logsIn(server, username, SEED_PASSWORD) }).toEqual({ username, in: false });
      expect((await json<UsersResponse>(server, '/api/users')).body.users).toEqual([]);
      expect((await json<HealthResponse>(server, '/api/health')).body.demo).toBe(false);
    }));
  }, 60_000);

  it('with SEED=on given loads the demo network and warns of the published password, then at every start on it', async () => {
    await inNewDataDir('socialconnect-production-', async (dataDir) => {
      await whileRunning(configFor(dataDir, { ...production, SEED: 'on' }), async (first) => {
        expect(first.summary).toContain('seeded with the demo network');
        expect(first.warnings).toEqual([expect.stringMatching(/^WARNING: SEED=on loaded the demo network into this production database: demo_user, liam_chen, maya_patel, noah_kim and zoe_martin log in with the password published in the README \("welcome123"\), so anyone can sign in as them\./)]);
        expect(await logsIn(first, 'demo_user', SEED_PASSWORD)).toBe(true);
        expect((await json<HealthResponse>(first, '/api/health')).body.demo).toBe(true);
      });
      // Started again without SEED: the database still holds it, and says so.
      await whileRunning(configFor(dataDir, production), async (again) => {
        expect(again.summary).not.toContain('seeded');
        expect(again.warnings).toEqual([expect.stringMatching(/^WARNING: this production database holds the demo network: demo_user, .* log in with the password published in the README/)]);
        expect((await json<HealthResponse>(again, '/api/health')).body.demo).toBe(true);
      });
    });
  }, 90_000);

  it('with DEV_ORIGINS given warns that pages on those origins can call the API, and lets them', async () => {
    await inNewDataDir('socialconnect-production-', (dataDir) => whileRunning(configFor(dataDir, { ...production, DEV_ORIGINS: 'http://localhost:3000' }), async (server) => {
      expect(server.warnings).toEqual([expect.stringMatching(/^WARNING: DEV_ORIGINS is set with NODE_ENV=production: browsers on http:\/\/localhost:3000 can call this server's API/)]);
      const health = await fetch(`${server.url}/api/health`, { headers: { origin: 'http://localhost:3000' } });
      expect({ status: health.status, allowed: health.headers.get('access-control-allow-origin') }).toEqual({ status: 200, allowed: 'http://localhost:3000' });
    }));
  }, 60_000);

  it('without PUBLIC_URL warns that links in mail open its own address', async () => {
    const { PUBLIC_URL: _given, ...withoutAddress } = production;
    await inNewDataDir('socialconnect-production-', (dataDir) => whileRunning(configFor(dataDir, withoutAddress), async (server) => {
      expect(server.warnings).toEqual([expect.stringMatching(/^WARNING: PUBLIC_URL is not set with NODE_ENV=production: links in mail/)]);
    }));
  }, 60_000);

  it('refuses a JWT_SECRET that is easy to guess, before it opens anything', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'socialconnect-production-'));
    try {
      await expect(startServer(configFor(dataDir, { NODE_ENV: 'production', JWT_SECRET: 'a'.repeat(40) })))
        .rejects.toThrow('JWT_SECRET is too easy to guess (it is one character repeated)');
      expect(existsSync(join(dataDir, PGLITE_FOLDER))).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('a data folder an older version left open to everyone', () => {
  it('is closed at start: 0700, and the database folder in it too', async () => {
    await inNewDataDir('socialconnect-open-', async (dataDir) => {
      chmodSync(dataDir, 0o755);
      chmodSync(join(dataDir, PGLITE_FOLDER), 0o755);
      await whileRunning(configFor(dataDir, { SEED: 'off' }), async (server) => {
        expect(statSync(dataDir).mode & 0o777).toBe(0o700);
        expect(statSync(join(dataDir, PGLITE_FOLDER)).mode & 0o777).toBe(0o700);
        expect(server.warnings).toEqual([]);
        // SEED=off: no demo network, and health says so.
        expect((await json<HealthResponse>(server, '/api/health')).body.demo).toBe(false);
      });
    });
  }, 60_000);
});

describe('a server on PostgreSQL', () => {
  it('seeds once, even when two servers start together on an empty database', async () => {
    const { createTestDatabase } = await import('../testing/serverTarget');
    const created = await createTestDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), 'socialconnect-data-'));
    try {
      const config = configFor(dataDir, { DATABASE_URL: created.url });
      const [a, b] = await Promise.all([startServer(config), startServer(config)]);
      try {
        expect([a.summary, b.summary].filter((summary) => summary.includes('seeded'))).toHaveLength(1);
        expect(a.summary).toMatch(/store: PostgreSQL at 127\.0\.0\.1:\d+\/socialconnect_test_/);
        expect((await json<PostsResponse>(a, '/api/posts')).body.posts).toHaveLength(20);
        expect((await json<PostsResponse>(b, '/api/posts')).body.posts).toHaveLength(20);
        // The one that did not seed knows it from the database.
        expect((await json<HealthResponse>(a, '/api/health')).body.demo).toBe(true);
        expect((await json<HealthResponse>(b, '/api/health')).body.demo).toBe(true);
      } finally {
        await a.close();
        await b.close();
      }
    } finally {
      await created.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('closing', () => {
  it("ends a connection a browser opened ahead of any call, which would otherwise hold the close open", async () => {
    await inNewDataDir('socialconnect-close-', async (dataDir) => {
      const server = await startServer(configFor(dataDir));
      // A spare connection, as browsers open: connected, nothing sent.
      const spare = connect(Number(new URL(server.url).port), '127.0.0.1');
      try {
        await once(spare, 'connect');
        const dropped = once(spare, 'close');
        // And a call answered, its connection kept alive for a next one.
        expect((await json<HealthResponse>(server, '/api/health')).status).toBe(200);
        const closed = server.close().then(() => 'closed');
        const waited = new Promise<string>((resolve) => {
          setTimeout(() => resolve('still open after 5 s'), 5_000).unref();
        });
        expect(await Promise.race([closed, waited])).toBe('closed');
        await dropped;
      } finally {
        spare.destroy();
      }
    });
  }, 60_000);
});
