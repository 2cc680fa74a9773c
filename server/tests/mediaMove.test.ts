/**
 * Images kept in the database's rows (before images had files) moved to the files while servers
 * answer, stopped anywhere and taken up again (server/mediaMove.ts); and `npm run media:move`
 * (server/mediaMain.ts) as a person runs it: what it prints and exits with.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoginResponse, PostsResponse } from '../../contract/api';
import { buildDefaultSeed, DEMO_CREDENTIALS } from '../../contract/seed/default';
import { plainJpeg } from '../../contract/tests/imageFixtures';
import { describeStore, PGLITE_FOLDER } from '../config';
import { lockDataDir } from '../dataDirLock';
import { openPglite, openPostgres } from '../db/database';
import { migrate } from '../db/migrate';
import { directoryMedia, type MediaFiles } from '../mediaFiles';
import { imagesLeftToMove, moveImagesToFiles } from '../mediaMove';
import { createSqlStore } from '../store/sqlStore';
import { runToEnd } from '../testing/childServer';
import { compiledEntry } from '../testing/compiledServer';
import { newDataDir } from '../testing/pgliteTemplate';
import { refusedPort } from '../testing/refusedPort';
import { createTestDatabase, PUBLIC_DIR, startTestServer, type TestServer } from '../testing/serverTarget';

jest.setTimeout(90_000);

const fastPasswords = { hash: async (text: string) => `stored:${text}`, verify: async () => false };

function jpeg(width: number, height: number): string {
  return `data:image/jpeg;base64,${Buffer.from(plainJpeg(width, height)).toString('base64')}`;
}

async function filesIn(media: MediaFiles): Promise<string[]> {
  const names: string[] = [];
  for await (const name of media.list()) names.push(name);
  return names.sort();
}

describe('images kept in the rows, moved to files while the servers answer', () => {
  let before: TestServer;
  let after: TestServer;
  let folder: string;
  let files: MediaFiles;
  let token: string;
  /** Every image URL the posts name, with the bytes served before the move. */
  const served = new Map<string, Buffer>();

  const bytesAt = async (server: TestServer, url: string): Promise<Buffer | number> => {
    const answer = await fetch(`${server.baseUrl}${url}`);
    return answer.status === 200 ? Buffer.from(await answer.arrayBuffer()) : answer.status;
  };
  /** The URLs whose bytes `server` answers differently from before the move (none, when all is well). */
  const changed = async (server: TestServer): Promise<string[]> => {
    const differ: string[] = [];
    for (const [url, bytes] of served) {
      const now = await bytesAt(server, url);
      if (!(now instanceof Buffer && now.equals(bytes))) differ.push(url);
    }
    return differ;
  };

  beforeAll(async () => {
    // A server as images were kept before: bytes in the rows.
    before = await startTestServer({ kind: 'postgres', media: 'database' });
    await before.store.load(buildDefaultSeed());
    const login = await fetch(`${before.baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO_CREDENTIALS) });
    token = ((await login.json()) as LoginResponse).encodedToken;
    for (const [text, image] of [['a wide photo', jpeg(2000, 1250)], ['a middling photo', jpeg(1000, 600)], ['a small photo', jpeg(300, 200)]] as const) {
      const created = await fetch(`${before.baseUrl}/api/posts`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: token }, body: JSON.stringify({ postData: { text, image } }) });
      expect(created.status).toBe(201);
    }
    const posts = ((await (await fetch(`${before.baseUrl}/api/posts?limit=100`)).json()) as PostsResponse).posts;
    for (const post of posts) {
      for (const url of [post.postImage, ...(post.imageSizes?.sources.map((source) => source.url) ?? [])]) {
        if (!url.startsWith('/media/')) continue;
        const bytes = await bytesAt(before, url);
        if (!(bytes instanceof Buffer)) throw new Error(`${url} answered ${bytes} before the move`);
        served.set(url, bytes);
      }
    }
    // The upgraded server, on the same database, with a folder for the files.
    folder = mkdtempSync(join(tmpdir(), 'socialconnect-move-'));
    files = directoryMedia(folder);
    after = await startTestServer({ kind: 'postgres', databaseUrl: before.databaseUrl, media: files });
  });
  afterAll(async () => {
    await after?.close();
    await before?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('answers every image from its row before the move', async () => {
    const left = await imagesLeftToMove(after.database);
    // The demo network's pictures, and three photos: copies 480, 960 and 1,600 wide; 480 and 960; none.
    expect(left.copies).toBe(5);
    expect(left.images).toBeGreaterThan(3);
    expect(await changed(after)).toEqual([]);
    expect(await filesIn(files)).toEqual([]);
  });

  it('stopped after one image, has moved that one alone; every image is answered the same, from its file or its row', async () => {
    const stop = new AbortController();
    const moved = await moveImagesToFiles(after.database, files, { signal: stop.signal, progress: () => stop.abort() });
    expect(moved.images).toBe(1);
    const files1 = await filesIn(files);
    expect(files1.length).toBe(1 + moved.copies);
    expect(await after.database.query('SELECT count(*)::int AS n FROM media WHERE bytes IS NULL')).toEqual([{ n: 1 }]);
    expect(await changed(after)).toEqual([]);
  });

  it('taken up again, moves the rest, and leaves nothing in the rows: every file named, every image answered the same', async () => {
    const total = await imagesLeftToMove(after.database);
    const moved = await moveImagesToFiles(after.database, files);
    expect(moved).toEqual(total);
    expect(await imagesLeftToMove(after.database)).toEqual({ images: 0, copies: 0 });
    const named = await after.database.query<{ name: string }>(`
      SELECT sha256 || '.' || CASE kind WHEN 'jpeg' THEN 'jpg' ELSE kind END AS name FROM media
      UNION ALL SELECT sha256 || '-' || width || '.webp' FROM media_copies`);
    expect(await filesIn(files)).toEqual(named.map((row) => row.name).sort());
    expect(await changed(after)).toEqual([]);
    // Run again, it has nothing to do.
    expect(await moveImagesToFiles(after.database, files)).toEqual({ images: 0, copies: 0 });
  });

  it("deletes a moved image's files, every size, with the last post that names it", async () => {
    const posts = ((await (await fetch(`${after.baseUrl}/api/posts`)).json()) as PostsResponse).posts;
    const wide = posts.find((post) => post.content === 'a wide photo')!;
    const names = [wide.postImage, ...wide.imageSizes!.sources.map((source) => source.url)].map((url) => url.slice('/media/'.length));
    expect(await filesIn(files)).toEqual(expect.arrayContaining(names));
    // Each test server signs with its own secret: logged in again on this one.
    const login = await fetch(`${after.baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO_CREDENTIALS) });
    const afterToken = ((await login.json()) as LoginResponse).encodedToken;
    const removed = await fetch(`${after.baseUrl}/api/posts/${wide.id}`, { method: 'DELETE', headers: { authorization: afterToken } });
    expect(removed.status).toBe(200);
    expect((await filesIn(files)).filter((name) => names.includes(name))).toEqual([]);
  });
});

/** A command's time on a busy machine: starting it, then the work. */
const COMMAND_WITHIN_MS = 60_000;

async function moveCommand(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { code, signal, stdout, stderr } = await runToEnd(process.execPath, [compiledEntry('mediaMain')], { PATH: process.env.PATH ?? '', DATABASE_URL: '', ...env }, COMMAND_WITHIN_MS);
  if (signal) throw new Error(`npm run media:move was ended by ${signal}; it printed:\n${stdout}${stderr}`);
  return { code, stdout, stderr };
}

describe('npm run media:move', () => {
  const folders: string[] = [];
  afterAll(() => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });
  const scratch = (prefix: string): string => {
    const folder = mkdtempSync(join(tmpdir(), prefix));
    folders.push(folder);
    return folder;
  };

  it("moves a PostgreSQL database's images to MEDIA_DIR, says how many, and run again says none is left", async () => {
    const database = await createTestDatabase();
    try {
      const opened = await openPostgres({ connectionString: database.url, max: 2 });
      let images: number;
      try {
        await migrate(opened);
        await createSqlStore(opened, { publicDir: PUBLIC_DIR, passwords: fastPasswords }).load(buildDefaultSeed());
        images = (await imagesLeftToMove(opened)).images;
      } finally {
        await opened.close();
      }
      expect(images).toBeGreaterThan(1);
      const mediaDir = scratch('socialconnect-move-command-');
      const store = describeStore({ databaseUrl: database.url, dataDir: '' });
      const first = await moveCommand({ DATABASE_URL: database.url, MEDIA_DIR: mediaDir });
      expect({ ...first, stdout: first.stdout.replace(/ in \d+\.\d s\./, ' in T.') }).toEqual({
        code: 0,
        stdout: `Moving ${images} images and 0 smaller copies from ${store} to the folder ${mediaDir}...\n`
          + `Moved ${images} images and 0 smaller copies to the folder ${mediaDir} in T. None is left in the database.\n`,
        stderr: '',
      });
      expect(await filesIn(directoryMedia(mediaDir))).toHaveLength(images);
      expect(await moveCommand({ DATABASE_URL: database.url, MEDIA_DIR: mediaDir }))
        .toEqual({ code: 0, stdout: `No image is left in ${store}: every one is in the folder ${mediaDir}.\n`, stderr: '' });
    } finally {
      await database.drop();
    }
  });

  it("refuses a PGlite data folder a server holds, naming the server, and moves nothing", async () => {
    const dataDir = await newDataDir('socialconnect-move-pglite-');
    folders.push(dataDir);
    const lock = lockDataDir(dataDir);
    try {
      const outcome = await moveCommand({ DATA_DIR: dataDir });
      expect({ code: outcome.code, stdout: outcome.stdout }).toEqual({ code: 1, stdout: '' });
      expect(outcome.stderr).toMatch(new RegExp(`^The data folder ${dataDir} is in use by another SocialConnect server \\(process ${process.pid} on .+\\)\\. Stop that server, or give this one its own folder with DATA_DIR\\.\\n$`));
    } finally {
      lock.release();
    }
    // Once the server is stopped, the embedded database's images move (the demo network's, seeded here).
    const database = await openPglite(join(dataDir, PGLITE_FOLDER));
    try {
      await migrate(database);
      await createSqlStore(database, { publicDir: PUBLIC_DIR, passwords: fastPasswords }).load(buildDefaultSeed());
    } finally {
      await database.close();
    }
    const moved = await moveCommand({ DATA_DIR: dataDir });
    expect({ code: moved.code, stderr: moved.stderr }).toEqual({ code: 0, stderr: '' });
    expect(moved.stdout).toMatch(/None is left in the database\.\n$/);
    expect((await filesIn(directoryMedia(join(dataDir, 'media')))).length).toBeGreaterThan(1);
  });

  it('refuses an object store it cannot reach, in one line naming the setting, and moves nothing', async () => {
    const url = `http://127.0.0.1:${await refusedPort()}`;
    const outcome = await moveCommand({ DATA_DIR: scratch('socialconnect-move-s3-'), MEDIA_S3_URL: url, MEDIA_S3_BUCKET: 'media', MEDIA_S3_ACCESS_KEY_ID: 'id', MEDIA_S3_SECRET_ACCESS_KEY: 'secret' });
    expect(outcome).toEqual({ code: 1, stdout: '', stderr: `The bucket media at ${url} could not be reached (ECONNREFUSED). Check MEDIA_S3_URL and that the store is running.\n` });
  });
});
