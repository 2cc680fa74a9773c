/**
 * `npm run backup` and `npm run restore`: a busy network goes through a backup and a restore on
 * PGlite and on PostgreSQL and comes back the same, every member, post, reaction, follow, bookmark,
 * reply and notification, and every image's bytes; a store that is not empty and a file that is no
 * whole backup are refused, and nothing is half-loaded.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { DbSnapshot, ReplyRecord } from '../../contract/snapshot';
import { buildBusySeed } from '../../contract/seed/busy';
import { backup, BackupError, restore, withBackupSnapshot, type StoreSettings } from '../backup';
import { PGLITE_FOLDER, REPOSITORY_ROOT } from '../config';
import { openPglite, openPostgres, toBytes, type Database } from '../db/database';
import { migrate } from '../db/migrate';
import { directoryMedia, s3Media, type MediaFiles } from '../mediaFiles';
import { deleteGoneFiles } from '../store/media';
import { createSqlStore } from '../store/sqlStore';
import { startObjectStore, type TestObjectStore } from '../testing/objectStore';
import { refusedPort } from '../testing/refusedPort';
import { newDataDir } from '../testing/pgliteTemplate';
import { scratchFolders } from '../testing/scratch';
import { createTestDatabase } from '../testing/serverTarget';

/** A full busy network's round trip takes longer than a test should here: a quarter of its posts. */
const POSTS = 2_500;

/** The busy network, scaled down, with replies (one in ten posts has two, the second answering the first, liked). */
function busyNetwork(): DbSnapshot {
  const busy = buildBusySeed();
  const posts = busy.posts.slice(0, POSTS);
  const kept = new Set(posts.map((post) => post.id));
  const users = busy.users.map((user) => ({ ...user, bookmarks: user.bookmarks.filter((id) => kept.has(id)) }));
  const notifications = (busy.notifications ?? []).filter((entry) => entry.postId === null || kept.has(entry.postId));
  const replies: ReplyRecord[] = [];
  posts.forEach((post, index) => {
    if (index % 10 !== 0) return;
    const [first, second] = [users[(index + 3) % users.length], users[(index + 7) % users.length]];
    if (!first || !second) return;
    const firstId = `r-${index}-a`;
    replies.push(
      { id: firstId, postId: post.id, authorId: first.id, content: `Reply to #${index}`, replyToId: null, replyToAuthorId: null, likedBy: [second.id], createdAt: post.createdAt },
      { id: `r-${index}-b`, postId: post.id, authorId: second.id, content: 'And back', replyToId: firstId, replyToAuthorId: first.id, likedBy: [], createdAt: post.updatedAt },
    );
  });
  return { ...busy, users, posts, replies, notifications };
}

const fastPasswords = { hash: async (text: string) => `stored:${text}`, verify: async () => false };

/**
 * The store's whole-network snapshot, and every image and smaller copy as its SHA-256 recomputed
 * from its bytes: those of its file in `media` (or of its row, for one kept before files).
 */
async function contents(database: Database, media: MediaFiles): Promise<{ snapshot: DbSnapshot; images: string[] }> {
  const snapshot = await createSqlStore(database, { publicDir: '', passwords: fastPasswords }).snapshot();
  const rows = await database.query<{ sha256: string; name: string; bytes: unknown }>(`
    SELECT sha256, sha256 || '.' || CASE kind WHEN 'jpeg' THEN 'jpg' ELSE kind END AS name, bytes FROM media
    UNION ALL SELECT sha256, sha256 || '-' || width || '.webp', bytes FROM media_copies ORDER BY name`);
  const images: string[] = [];
  for (const row of rows) {
    const bytes = row.bytes === null ? await media.get(row.name) : toBytes(row.bytes);
    images.push(`${row.sha256} ${row.name} ${bytes ? createHash('sha256').update(bytes).digest('hex') : 'missing'}`);
  }
  return { snapshot, images };
}

async function fill(database: Database, network: DbSnapshot, media: MediaFiles): Promise<void> {
  await migrate(database);
  await createSqlStore(database, { publicDir: join(REPOSITORY_ROOT, 'public'), passwords: fastPasswords, media }).load(network);
}

/** A PGlite data folder's images, where a server keeps them (DATA_DIR/media). */
const mediaIn = (settings: StoreSettings): MediaFiles => directoryMedia(join(settings.dataDir, 'media'));

const { make: scratch, removeAfter } = scratchFolders();

const network = busyNetwork();

function expectWhole(before: { snapshot: DbSnapshot; images: string[] }, after: { snapshot: DbSnapshot; images: string[] }): void {
  expect(before.snapshot.users).toHaveLength(200);
  expect(before.snapshot.posts).toHaveLength(POSTS);
  expect(before.snapshot.replies).toHaveLength(500);
  expect(before.images.length).toBeGreaterThan(5);
  for (const image of before.images) {
    const [stored, name, computed] = image.split(' ');
    // An original is named by its bytes' hash; a smaller copy by its original's.
    if (!name?.includes('-')) expect(computed).toBe(stored);
    expect(computed).not.toBe('missing');
  }
  expect(after.images).toEqual(before.images);
  expect(after.snapshot).toEqual(before.snapshot);
}

describe('backup and restore on PGlite', () => {
  let source: StoreSettings;
  let file: string;
  let before: { snapshot: DbSnapshot; images: string[] };

  beforeAll(async () => {
    source = { databaseUrl: undefined, dataDir: await newDataDir('socialconnect-backup-source-') };
    removeAfter(source.dataDir);
    const database = await openPglite(join(source.dataDir, PGLITE_FOLDER));
    await fill(database, network, mediaIn(source));
    before = await contents(database, mediaIn(source));
    await database.close();
    // Into a folder the backup makes, as `npm run backup` makes backups/.
    file = join(scratch('socialconnect-backups-'), 'backups', 'network.pglite.tgz');
    const written = await backup(source, file);
    expect(written.format).toBe('pglite');
    expect(written.bytes).toBeGreaterThan(100_000);
    expect({ files: written.images.files, missing: written.images.missing }).toEqual({ files: before.images.length, missing: [] });
  }, 120_000);

  it('restores a busy network into a new data folder, the same in every record and image', async () => {
    const target: StoreSettings = { databaseUrl: undefined, dataDir: await newDataDir('socialconnect-backup-target-') };
    removeAfter(target.dataDir);
    expect(await restore(target, file)).toEqual({ format: 'pglite', images: before.images.length });
    const database = await openPglite(join(target.dataDir, PGLITE_FOLDER));
    try {
      expect(await migrate(database)).toEqual([]);
      expectWhole(before, await contents(database, mediaIn(target)));
    } finally {
      await database.close();
    }
  }, 60_000);

  it('writes the backup for its owner alone (0600), in a folder for its owner alone (0700)', () => {
    // It holds every password hash: nobody else on the machine may read it.
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(dirname(file)).mode & 0o777).toBe(0o700);
    expect(statSync(`${file}.media`).mode & 0o777).toBe(0o700);
  });

  // One restore for both: each restore of the busy network is several seconds of a core.
  it('restores into a data folder that does not exist yet, made for its owner alone (0700)', async () => {
    const target: StoreSettings = { databaseUrl: undefined, dataDir: join(scratch('socialconnect-backup-new-'), 'data') };
    await restore(target, file);
    expect(statSync(target.dataDir).mode & 0o777).toBe(0o700);
    expect(statSync(join(target.dataDir, PGLITE_FOLDER)).mode & 0o777).toBe(0o700);
    const database = await openPglite(join(target.dataDir, PGLITE_FOLDER));
    try {
      expect((await contents(database, mediaIn(target))).snapshot.posts).toHaveLength(POSTS);
    } finally {
      await database.close();
    }
  }, 60_000);

  it('refuses a data folder that holds a network, and leaves it as it was', async () => {
    await expect(restore(source, file)).rejects.toThrow(new BackupError(`The data folder ${source.dataDir} already holds a network (or other tables). A backup is restored only into an empty store, so nothing is overwritten: give DATA_DIR a new folder.`));
    const database = await openPglite(join(source.dataDir, PGLITE_FOLDER));
    try {
      expect((await contents(database, mediaIn(source))).snapshot).toEqual(before.snapshot);
    } finally {
      await database.close();
    }
  }, 60_000);

  it('refuses a cut-off dump and loads nothing', async () => {
    const cut = join(scratch('socialconnect-backup-cut-'), 'cut.pglite.tgz');
    writeFileSync(cut, readFileSync(file).subarray(0, 50_000));
    const target: StoreSettings = { databaseUrl: undefined, dataDir: await newDataDir('socialconnect-backup-cut-target-') };
    removeAfter(target.dataDir);
    await expect(restore(target, cut)).rejects.toThrow(/^Cannot read .*cut\.pglite\.tgz: it is not a whole PGlite dump \(.*\)\. Nothing was loaded\.$/);
    const database = await openPglite(join(target.dataDir, PGLITE_FOLDER));
    try {
      expect(await database.query("SELECT 1 FROM pg_tables WHERE schemaname = 'public'")).toEqual([]);
    } finally {
      await database.close();
    }
  }, 60_000);

  it("refuses a backup whose image file is damaged, naming it, and loads nothing", async () => {
    const copy = join(scratch('socialconnect-backup-damaged-'), 'copy.pglite.tgz');
    cpSync(file, copy);
    cpSync(`${file}.media`, `${copy}.media`, { recursive: true });
    const original = readdirSync(`${copy}.media`, { recursive: true, withFileTypes: true }).find((entry) => entry.isFile() && /^[0-9a-f]{64}\.[a-z]+$/.test(entry.name))!;
    const damaged = join(original.parentPath, original.name);
    writeFileSync(damaged, Buffer.concat([readFileSync(damaged), Buffer.from([0])]));
    const target: StoreSettings = { databaseUrl: undefined, dataDir: join(scratch('socialconnect-backup-damaged-target-'), 'data') };
    await expect(restore(target, copy)).rejects.toThrow(new BackupError(`Cannot restore ${damaged}: its bytes are not the image its name says (the file is damaged). Nothing was loaded.`));
    expect(existsSync(join(target.dataDir, PGLITE_FOLDER))).toBe(false);
  }, 60_000);

  it('refuses a file that is no backup, one that is missing, and one of the other store', async () => {
    const target: StoreSettings = { databaseUrl: undefined, dataDir: join(scratch('socialconnect-backup-none-'), 'data') };
    const text = join(scratch('socialconnect-backup-text-'), 'notes.txt');
    writeFileSync(text, 'not a backup');
    await expect(restore(target, text)).rejects.toThrow(`Cannot read ${text}: it is not a SocialConnect backup (neither a pg_dump file nor a PGlite dump).`);
    await expect(restore(target, `${text}.missing`)).rejects.toThrow(`Cannot read ${text}.missing: there is no such file.`);
    await expect(restore({ databaseUrl: 'postgres://127.0.0.1:1/none', dataDir: '' }, file)).rejects.toThrow(`${file} is a PGlite backup; restore it with DATABASE_URL unset and DATA_DIR naming an empty data folder.`);
  });

  it('says there is nothing to back up in a folder without a database', async () => {
    const empty = scratch('socialconnect-backup-empty-');
    await expect(backup({ databaseUrl: undefined, dataDir: empty }, join(empty, 'x.tgz'))).rejects.toThrow(BackupError);
  });
});

describe('backup and restore on PostgreSQL', () => {
  const dropped: Array<() => Promise<void>> = [];
  let sourceUrl: string;
  let file: string;
  let before: { snapshot: DbSnapshot; images: string[] };

  async function newDatabase(): Promise<string> {
    const created = await createTestDatabase();
    dropped.push(() => created.drop());
    return created.url;
  }

  async function read<T>(url: string, work: (database: Database) => Promise<T>): Promise<T> {
    const database = await openPostgres({ connectionString: url, max: 2 });
    try {
      return await work(database);
    } finally {
      await database.close();
    }
  }

  let source: StoreSettings;
  let sourceMedia: MediaFiles;
  let objectStore: TestObjectStore;

  beforeAll(async () => {
    sourceUrl = await newDatabase();
    const folder = scratch('socialconnect-backup-media-');
    source = { databaseUrl: sourceUrl, dataDir: '', media: { kind: 'directory', dir: folder } };
    sourceMedia = directoryMedia(folder);
    before = await read(sourceUrl, async (database) => {
      await fill(database, network, sourceMedia);
      return contents(database, sourceMedia);
    });
    objectStore = await startObjectStore();
    file = join(scratch('socialconnect-backups-'), 'network.pgdump');
    const written = await backup(source, file);
    expect(written.format).toBe('postgres');
    expect(written.bytes).toBeGreaterThan(100_000);
    expect({ files: written.images.files, missing: written.images.missing }).toEqual({ files: before.images.length, missing: [] });
    // pg_dump's file, for its owner alone: it holds every password hash.
    expect(statSync(file).mode & 0o777).toBe(0o600);
  }, 120_000);

  afterAll(async () => {
    for (const drop of dropped) await drop();
    await objectStore?.close();
  });

  it('restores a busy network into a new database and its images into a bucket, the same in every record and image', async () => {
    const target = await newDatabase();
    const media = { kind: 's3' as const, ...objectStore.settings };
    expect(await restore({ databaseUrl: target, dataDir: '', media }, file)).toEqual({ format: 'postgres', images: before.images.length });
    const bucket = s3Media(objectStore.settings);
    try {
      await read(target, async (database) => {
        expect(await migrate(database)).toEqual([]);
        expectWhole(before, await contents(database, bucket));
      });
    } finally {
      bucket.close();
    }
  }, 60_000);

  it('refuses a database that holds a network, and leaves it as it was', async () => {
    await expect(restore(source, file)).rejects.toThrow(/^The database PostgreSQL at .* already holds a network \(or other tables\)\. .*createdb/);
    expect((await read(sourceUrl, (database) => contents(database, sourceMedia))).snapshot).toEqual(before.snapshot);
  }, 60_000);

  it('refuses a backup whose images cannot be reached, and leaves no file of it', async () => {
    const url = `http://127.0.0.1:${await refusedPort()}`;
    const target = join(scratch('socialconnect-backup-unreachable-'), 'network.pgdump');
    const media = { kind: 's3' as const, url, bucket: 'media', region: 'us-east-1', accessKeyId: 'id', secretAccessKey: 'secret' };
    await expect(backup({ databaseUrl: sourceUrl, dataDir: '', media }, target)).rejects.toThrow(
      new BackupError(`The bucket media at ${url} could not be reached (ECONNREFUSED). Check MEDIA_S3_URL and that the store is running. Nothing was written.`),
    );
    expect([existsSync(target), existsSync(`${target}.media`), existsSync(`${target}.media.partial`)]).toEqual([false, false, false]);
  }, 60_000);

  it("holds off deleting images' files while a backup copies them: their names stay listed until it is done", async () => {
    const url = await newDatabase();
    const folder = scratch('socialconnect-backup-hold-');
    const media = directoryMedia(folder);
    await read(url, async (database) => {
      await migrate(database);
      const name = `${'c'.repeat(64)}.png`;
      await media.put(name, new Uint8Array([1]), 'image/png');
      await database.query("INSERT INTO media (sha256, kind, bytes, refs) VALUES ($1, 'png', NULL, 1)", ['c'.repeat(64)]);
      await withBackupSnapshot(url, async (snapshot) => {
        expect(snapshot.files).toEqual([name]);
        // A post deleted meanwhile: its image's row goes, its file stays for the backup.
        await database.query('DELETE FROM media WHERE sha256 = $1', ['c'.repeat(64)]);
        expect(await deleteGoneFiles(database, media)).toBe(0);
        expect(await media.get(name)).toEqual(new Uint8Array([1]));
        expect(await database.query('SELECT name FROM media_gone')).toEqual([{ name }]);
      });
      expect(await deleteGoneFiles(database, media)).toBe(1);
      expect(await media.get(name)).toBeUndefined();
      expect(await database.query('SELECT name FROM media_gone')).toEqual([]);
    });
  }, 60_000);

  it('refuses a cut-off dump and loads nothing, taking back the image files it had put', async () => {
    const cut = join(scratch('socialconnect-backup-cut-'), 'cut.pgdump');
    const whole = readFileSync(file);
    writeFileSync(cut, whole.subarray(0, Math.floor(whole.length * 0.9)));
    cpSync(`${file}.media`, `${cut}.media`, { recursive: true });
    const target = await newDatabase();
    const folder = scratch('socialconnect-backup-cut-media-');
    await expect(restore({ databaseUrl: target, dataDir: '', media: { kind: 'directory', dir: folder } }, cut)).rejects.toThrow(BackupError);
    expect(await read(target, (database) => database.query("SELECT 1 FROM pg_tables WHERE schemaname = 'public'"))).toEqual([]);
    expect(readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())).toEqual([]);
  }, 60_000);

  it('refuses a PGlite backup', async () => {
    const pgliteFile = join(scratch('socialconnect-backup-kind-'), 'x.pglite.tgz');
    writeFileSync(pgliteFile, Buffer.from([0x1f, 0x8b, 0, 0]));
    await expect(restore({ databaseUrl: sourceUrl, dataDir: '' }, pgliteFile)).rejects.toThrow(`${pgliteFile} is a PGlite backup; restore it with DATABASE_URL unset and DATA_DIR naming an empty data folder.`);
  });
});
