/**
 * Images' bytes in files (server/mediaFiles.ts): in a folder on PGlite, and in a bucket of an
 * S3-compatible store (s3rver on loopback) on PostgreSQL. The rows name the files; what a reader
 * downloads is the file; a post deleted, an avatar replaced or a network replaced deletes the files
 * of the images nothing names any more, every size of them.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import sharp from 'sharp';
import type { LoginResponse, PostsResponse } from '../../contract/api';
import { buildDefaultSeed, DEMO_CREDENTIALS } from '../../contract/seed/default';
import { cameraJpeg, plainJpeg, secretsIn } from '../../contract/tests/imageFixtures';
import { migrate } from '../db/migrate';
import { directoryMedia, MediaUnreachable, s3Media, type MediaFiles } from '../mediaFiles';
import { deleteGoneFiles, deleteUnnamedFiles, FILES_NAMED, IMAGE_LOCKS, LEFT_BEHIND_AFTER_MS } from '../store/media';
import { startObjectStore, type TestObjectStore } from '../testing/objectStore';
import { newPglite } from '../testing/pgliteTemplate';
import { startTestServer, type TestServer } from '../testing/serverTarget';

jest.setTimeout(60_000);

/**
 * A phone photo about 2,000 by 1,250 pixels with GPS, a camera serial and an orientation: copies
 * 480, 960 and 1,600 wide. Each test posts its own (one more row of pixels each), so that what one
 * leaves behind when it fails names no other's.
 */
function photo(rows = 1250): string {
  return `data:image/jpeg;base64,${Buffer.from(cameraJpeg(plainJpeg(2000, rows), 1)).toString('base64')}`;
}
const AVATAR = `data:image/jpeg;base64,${Buffer.from(plainJpeg(64, 64)).toString('base64')}`;

async function filesIn(media: MediaFiles): Promise<string[]> {
  const names: string[] = [];
  for await (const name of media.list()) names.push(name);
  return names.sort();
}

/** The files an image and its copies are kept as. */
function namesOf(sha: string, widths: number[] = [480, 960, 1600]): string[] {
  return [`${sha}.jpg`, ...widths.map((width) => `${sha}-${width}.webp`)].sort();
}

interface Place {
  name: string;
  start(): Promise<{ server: TestServer; media: MediaFiles; close(): Promise<void> }>;
}

/** A file store that fails its deletions, or its writes after the next few, as a store that goes down would. */
function failingDeletes(media: MediaFiles): MediaFiles & { failDeletes: boolean; writesLeft: number } {
  const wrapped = {
    ...media,
    failDeletes: false,
    writesLeft: Infinity,
    async put(name: string, bytes: Uint8Array, mediaType: string) {
      if (wrapped.writesLeft <= 0) throw new Error('the store went down');
      wrapped.writesLeft -= 1;
      await media.put(name, bytes, mediaType);
    },
    async delete(name: string) {
      if (wrapped.failDeletes) throw new Error('the store is down');
      await media.delete(name);
    },
  };
  return wrapped;
}

const PLACES: Place[] = [
  {
    name: 'a folder, on PGlite',
    async start() {
      const folder = mkdtempSync(join(tmpdir(), 'socialconnect-media-test-'));
      const media = failingDeletes(directoryMedia(folder));
      const server = await startTestServer({ kind: 'pglite', media, logger: { level: 'error', stream: logged } });
      return { server, media, close: async () => { await server.close(); rmSync(folder, { recursive: true, force: true }); } };
    },
  },
  {
    name: 'a bucket of an S3-compatible store, on PostgreSQL',
    async start() {
      const store: TestObjectStore = await startObjectStore();
      const media = failingDeletes(s3Media(store.settings));
      const server = await startTestServer({ kind: 'postgres', media, logger: { level: 'error', stream: logged } });
      return { server, media, close: async () => { await server.close(); media.close(); await store.close(); } };
    },
  },
];

let logLines: string[] = [];
const logged = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  },
});

describe.each(PLACES)('images kept in $name', (place) => {
  let server: TestServer;
  let media: MediaFiles & { failDeletes?: boolean; writesLeft?: number };
  let close: () => Promise<void>;
  let token: string;

  const api = (path: string, init: RequestInit = {}): Promise<Response> => fetch(`${server.baseUrl}/api${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', authorization: token, ...init.headers },
  });
  const postPhoto = async (text: string, image: string) => {
    const created = await api('/posts', { method: 'POST', body: JSON.stringify({ postData: { text, image } }) });
    expect(created.status).toBe(201);
    return ((await created.json()) as PostsResponse).posts.find((post) => post.content === text)!;
  };
  const remove = async (id: string) => expect((await api(`/posts/${id}`, { method: 'DELETE' })).status).toBe(200);
  const status = async (url: string) => (await fetch(`${server.baseUrl}${url}`)).status;
  const shaOf = (url: string) => /([0-9a-f]{64})/.exec(url)![1]!;

  async function logIn(): Promise<void> {
    const login = await fetch(`${server.baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO_CREDENTIALS) });
    token = ((await login.json()) as LoginResponse).encodedToken;
  }

  beforeAll(async () => {
    ({ server, media, close } = await place.start());
    await server.store.load(buildDefaultSeed());
    await logIn();
  });
  afterAll(() => close());
  beforeEach(() => {
    logLines = [];
    media.failDeletes = false;
    media.writesLeft = Infinity;
  });

  it("keeps an upload and each smaller copy as files, the rows holding no bytes; a reader downloads the file, without the photo's secrets", async () => {
    const post = await postPhoto('a photo kept in files', photo(1250));
    const sha = shaOf(post.postImage);
    expect(await filesIn(media)).toEqual(expect.arrayContaining(namesOf(sha)));
    expect(await server.database.query('SELECT bytes IS NULL AS in_files FROM media WHERE sha256 = $1', [sha])).toEqual([{ in_files: true }]);
    expect(await server.database.query('SELECT width FROM media_copies WHERE sha256 = $1 AND bytes IS NULL ORDER BY width', [sha])).toEqual([480, 960, 1600].map((width) => ({ width })));

    for (const url of [post.postImage, ...post.imageSizes!.sources.map((source) => source.url)]) {
      const answer = await fetch(`${server.baseUrl}${url}`);
      const bytes = new Uint8Array(await answer.arrayBuffer());
      expect({ url, status: answer.status, cache: answer.headers.get('cache-control') }).toEqual({ url, status: 200, cache: 'public, max-age=31536000, immutable' });
      expect(Buffer.from(bytes).equals(Buffer.from((await media.get(url.slice('/media/'.length)))!))).toBe(true);
      expect(secretsIn(bytes)).toEqual([]);
    }
    // The original's bytes hash to its name, and it reads back as the photo, without metadata.
    const original = (await media.get(`${sha}.jpg`))!;
    expect(createHash('sha256').update(original).digest('hex')).toBe(sha);
    const { format, width, height, exif, orientation } = await sharp(original).metadata();
    expect({ format, width, height, exif, orientation }).toEqual({ format: 'jpeg', width: 2000, height: 1250, exif: undefined, orientation: undefined });
    const repeat = await fetch(`${server.baseUrl}${post.postImage}`, { headers: { 'if-none-match': `"${sha}"` } });
    expect({ status: repeat.status, body: (await repeat.arrayBuffer()).byteLength }).toEqual({ status: 304, body: 0 });
    await remove(post.id);
  });

  it('deletes the files of a deleted post, every size, once no other post names the photo', async () => {
    const first = await postPhoto('a photo, once', photo(1251));
    const sha = shaOf(first.postImage);
    const second = await postPhoto('the same photo, twice', photo(1251));
    expect(second.postImage).toBe(first.postImage);

    await remove(first.id);
    expect(await filesIn(media)).toEqual(expect.arrayContaining(namesOf(sha)));
    expect(await status(second.postImage)).toBe(200);

    await remove(second.id);
    expect((await filesIn(media)).filter((name) => name.startsWith(sha))).toEqual([]);
    expect(await status(first.postImage)).toBe(404);
    expect(await server.database.query('SELECT name FROM media_gone')).toEqual([]);
  });

  it("deletes a replaced avatar's file", async () => {
    const edit = (avatar: string) => api('/users/edit', { method: 'POST', body: JSON.stringify({ userData: { avatar } }) });
    const edited = await edit(AVATAR);
    expect(edited.status).toBe(201);
    const avatar = ((await edited.json()) as { user: { image: string } }).user.image;
    expect(await filesIn(media)).toContain(avatar.slice('/media/'.length));
    expect((await edit('')).status).toBe(201);
    expect(await filesIn(media)).not.toContain(avatar.slice('/media/'.length));
    expect(await status(avatar)).toBe(404);
  });

  it("deletes the files of the images a network loaded in its place no longer names, and keeps the new network's", async () => {
    const post = await postPhoto('a photo before the load', photo(1252));
    await server.store.load(buildDefaultSeed());
    await logIn();
    expect((await filesIn(media)).filter((name) => name.startsWith(shaOf(post.postImage)))).toEqual([]);
    // Every file is one a row names, and every row's file is there.
    const named = await server.database.query<{ name: string }>(FILES_NAMED);
    expect(named.length).toBeGreaterThan(0);
    expect(await filesIn(media)).toEqual(named.map((row) => row.name).sort());
  });

  it('answers a deletion that could not reach the store, keeps the names listed, and deletes the files at the next one', async () => {
    const kept = await postPhoto('a photo whose files outlive a failed deletion', photo(1253));
    const other = await postPhoto('another photo', `data:image/jpeg;base64,${Buffer.from(plainJpeg(1000, 500)).toString('base64')}`);
    media.failDeletes = true;
    await remove(kept.id);
    expect(await status(kept.postImage)).toBe(404);
    expect(await filesIn(media)).toEqual(expect.arrayContaining(namesOf(shaOf(kept.postImage))));
    expect((await server.database.query<{ name: string }>('SELECT name FROM media_gone ORDER BY name')).map((row) => row.name)).toEqual(namesOf(shaOf(kept.postImage)));
    expect(logLines.join('\n')).toContain('the store is down');

    media.failDeletes = false;
    await remove(other.id);
    expect((await filesIn(media)).filter((name) => name.startsWith(shaOf(kept.postImage)) || name.startsWith(shaOf(other.postImage)))).toEqual([]);
    expect(await server.database.query('SELECT name FROM media_gone')).toEqual([]);
  });

  it('keeps no post and leaves no file when the store goes down halfway through its image, and keeps it when tried again', async () => {
    const image = photo(1255);
    const text = 'a photo the store fails halfway';
    // The original is written; its first smaller copy is not.
    media.writesLeft = 1;
    const failed = await api('/posts', { method: 'POST', body: JSON.stringify({ postData: { text, image } }) });
    expect(failed.status).toBe(500);
    const posts = ((await (await api('/posts')).json()) as PostsResponse).posts;
    expect(posts.filter((post) => post.content === text)).toEqual([]);
    const named = new Set((await server.database.query<{ name: string }>(FILES_NAMED)).map((row) => row.name));
    expect((await filesIn(media)).filter((name) => !named.has(name))).toEqual([]);
    expect(await server.database.query('SELECT name FROM media_gone')).toEqual([]);

    media.writesLeft = Infinity;
    const post = await postPhoto(text, image);
    expect(await filesIn(media)).toEqual(expect.arrayContaining(namesOf(shaOf(post.postImage))));
    await remove(post.id);
  });

  it("answers 404 for an image whose file went missing, and logs it", async () => {
    const post = await postPhoto('a photo whose file goes missing', photo(1254));
    await media.delete(`${shaOf(post.postImage)}.jpg`);
    expect(await status(post.postImage)).toBe(404);
    expect(logLines.join('\n')).toContain("A stored image's file is missing.");
    // Its copies are still there.
    expect(await status(post.imageSizes!.sources[0]!.url)).toBe(200);
    await remove(post.id);
  });

  it('deletes the files no record names, which a process that stopped while keeping an image left behind, and keeps every file a record names', async () => {
    const post = await postPhoto('a photo that stays', photo(1255));
    const before = await filesIn(media);
    // Written, and the process gone before its row was committed: nothing names them or lists them.
    const stray = 'e'.repeat(64);
    await media.put(`${stray}.jpg`, new Uint8Array([1]), 'image/jpeg');
    await media.put(`${stray}-480.webp`, new Uint8Array([2]), 'image/webp');
    expect(await deleteUnnamedFiles(server.database, media)).toBe(2);
    expect(await filesIn(media)).toEqual(before);
    expect(await status(post.postImage)).toBe(200);
    expect(await deleteUnnamedFiles(server.database, media)).toBe(0);
    await remove(post.id);
  });
});

describe('the files themselves', () => {
  it('a folder writes, reads, lists and deletes by name, and refuses any name that is not a stored image\'s', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'socialconnect-media-names-'));
    try {
      const media = directoryMedia(folder);
      await media.check();
      const name = `${'ab'.repeat(32)}.png`;
      await media.put(name, new Uint8Array([1, 2, 3]), 'image/png');
      expect(await media.get(name)).toEqual(new Uint8Array([1, 2, 3]));
      expect(await filesIn(media)).toEqual([name]);
      await media.delete(name);
      await media.delete(name);
      expect(await media.get(name)).toBeUndefined();
      for (const bad of ['../package.json', `${'ab'.repeat(32)}.png/../../x`, `${'AB'.repeat(32)}.png`, `${'ab'.repeat(32)}-480.png`, '']) {
        await expect(media.get(bad)).rejects.toThrow(`Not a stored image's name: ${JSON.stringify(bad)}.`);
        await expect(media.put(bad, new Uint8Array(), 'image/png')).rejects.toThrow("Not a stored image's name");
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("a folder's temporary files of writes cut short go once an hour old; a write under way keeps its own", async () => {
    const folder = mkdtempSync(join(tmpdir(), 'socialconnect-media-parts-'));
    try {
      const media = directoryMedia(folder);
      const name = `${'cd'.repeat(32)}-480.webp`;
      await media.put(name, new Uint8Array([1]), 'image/webp');
      mkdirSync(join(folder, 'cd'), { recursive: true });
      const old = join(folder, 'cd', `${name}.${randomUUID()}.part`);
      const fresh = join(folder, 'cd', `${'cd'.repeat(32)}.png.${randomUUID()}.part`);
      writeFileSync(old, 'cut short');
      writeFileSync(fresh, 'being written');
      const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
      utimesSync(old, twoHoursAgo, twoHoursAgo);
      expect(await media.deleteUnfinished(LEFT_BEHIND_AFTER_MS)).toBe(1);
      expect(readdirSync(join(folder, 'cd')).sort()).toEqual([name, fresh.slice(join(folder, 'cd').length + 1)].sort());
      expect(await filesIn(media)).toEqual([name]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('a folder that cannot be made or written into is said in one line naming MEDIA_DIR', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'socialconnect-media-file-'));
    try {
      // A file where the folder should be: no user, root included, can make a folder there.
      const inTheWay = join(folder, 'media');
      writeFileSync(inTheWay, '');
      await expect(directoryMedia(inTheWay).check()).rejects.toThrow(
        new MediaUnreachable(`Images cannot be kept in ${inTheWay}: a file is in the way of that folder. Move the file, or set MEDIA_DIR to another folder.`),
      );
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("a bucket that is not there, or keys the store refuses, is said in one line naming the setting and never a key", async () => {
    const store = await startObjectStore('present');
    try {
      const missing = s3Media({ ...store.settings, bucket: 'absent' });
      await expect(missing.check()).rejects.toThrow(new MediaUnreachable(`There is no bucket absent at ${store.settings.url}. Create it, or set MEDIA_S3_BUCKET to one that exists.`));
      missing.close();
      const present = s3Media(store.settings);
      await expect(present.check()).resolves.toBeUndefined();
      present.close();
    } finally {
      await store.close();
    }
    // s3rver takes any key: a store that refuses every request as a wrong key would (403).
    const refusing = createServer((_request, response) => response.writeHead(403).end());
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(refusing.address() as AddressInfo).port}`;
    try {
      const wrongKeys = s3Media({ url, bucket: 'present', region: 'us-east-1', accessKeyId: 'id', secretAccessKey: 'not-the-secret' });
      const refused = await wrongKeys.check().then(() => undefined, (error: Error) => error);
      wrongKeys.close();
      expect(refused).toEqual(new MediaUnreachable(`The bucket present at ${url} refused the keys given (MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY, else the AWS SDK's own). Give keys that may read and write it.`));
      expect(refused?.message).not.toContain('not-the-secret');
    } finally {
      await new Promise((resolve) => refusing.close(resolve));
    }
  });
});

describe('the look for files no record names', () => {
  it('goes through a store of any size a batch at a time: 1,201 files left behind go, the one a row names stays', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'socialconnect-media-many-'));
    const media = directoryMedia(folder);
    const database = await newPglite({ migrated: true });
    try {
      await migrate(database);
      const kept = `${'a'.repeat(64)}.png`;
      await database.query("INSERT INTO media (sha256, kind, bytes, refs) VALUES ($1, 'png', NULL, 1)", ['a'.repeat(64)]);
      await media.put(kept, new Uint8Array([1]), 'image/png');
      for (let index = 0; index < 1201; index += 1) {
        const hash = createHash('sha256').update(String(index)).digest('hex');
        await media.put(index % 2 === 0 ? `${hash}.jpg` : `${hash}-960.webp`, new Uint8Array([2]), 'image/jpeg');
      }
      expect(await deleteUnnamedFiles(database, media)).toBe(1201);
      expect(await filesIn(media)).toEqual([kept]);
    } finally {
      await database.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('deletions that cross', () => {
  // Each on a server of its own, its images in a folder of their own.
  let folder: string;
  let media: MediaFiles;
  let server: TestServer;
  beforeEach(async () => {
    folder = mkdtempSync(join(tmpdir(), 'socialconnect-media-cross-'));
    media = directoryMedia(folder);
    server = await startTestServer({ kind: 'postgres', media });
  });
  afterEach(async () => {
    await server.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('a file whose keep is under way when the look for files no record names reaches it is kept', async () => {
    const hash = 'f'.repeat(64);
    const name = `${hash}.png`;
    let written!: () => void;
    const fileWritten = new Promise<void>((resolve) => {
      written = resolve;
    });
    let commit!: () => void;
    const committing = new Promise<void>((resolve) => {
      commit = resolve;
    });
    // A keep as the server makes one: the image's lock, its file, then (a moment later) its row.
    const keeping = server.database.transaction(async (sql) => {
      await sql.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [IMAGE_LOCKS, hash]);
      await media.put(name, new Uint8Array([9]), 'image/png');
      written();
      await committing;
      await sql.query("INSERT INTO media (sha256, kind, bytes, refs) VALUES ($1, 'png', NULL, 1)", [hash]);
    });
    await fileWritten;
    const looking = deleteUnnamedFiles(server.database, media);
    // It waits on the image's lock, and finds the row once the keep has committed.
    await new Promise((resolve) => setTimeout(resolve, 200));
    commit();
    await keeping;
    expect(await looking).toBe(0);
    expect(await media.get(name)).toEqual(new Uint8Array([9]));
  });

  it('an image let go of again while the deletion of its first listing is under way: its file still goes', async () => {
    const hash = 'd'.repeat(64);
    const name = `${hash}.png`;
    const keep = () => server.database.query("INSERT INTO media (sha256, kind, bytes, refs) VALUES ($1, 'png', NULL, 1)", [hash]);
    const letGo = () => server.database.query('DELETE FROM media WHERE sha256 = $1', [hash]);
    await media.put(name, new Uint8Array([7]), 'image/png');
    // Kept, let go of (listed once), kept again.
    await keep();
    await letGo();
    await keep();
    // A deletion takes the listing and finds the image named again, so keeps its file; before it
    // commits, the image is let go of again, and listed again.
    await server.database.transaction(async (sql) => {
      const [first] = await sql.query<{ id: string }>('SELECT id::text FROM media_gone WHERE name = $1 FOR UPDATE', [name]);
      expect(await sql.query('SELECT 1 AS named FROM media WHERE sha256 = $1', [hash])).toEqual([{ named: 1 }]);
      await letGo();
      await sql.query('DELETE FROM media_gone WHERE id = $1', [first!.id]);
    });
    expect(await media.get(name)).toEqual(new Uint8Array([7]));
    // The second listing is its own: the next deletion finds nothing naming the image, and the file goes.
    expect(await deleteGoneFiles(server.database, media)).toBe(1);
    expect(await media.get(name)).toBeUndefined();
    expect(await server.database.query('SELECT name FROM media_gone')).toEqual([]);
  });
});
