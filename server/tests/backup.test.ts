/**
 * `npm run backup` and `npm run restore`: a busy network goes through a backup and a restore on
 * PGlite and on PostgreSQL and comes back the same, every member, post, reaction, follow, bookmark,
 * reply and notification, and every image's bytes; a store that is not empty and a file that is no
 * whole backup are refused, and nothing is half-loaded.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { DbSnapshot, ReplyRecord } from '../../contract/snapshot';
import { buildBusySeed } from '../../contract/seed/busy';
import { backup, BackupError, restore, type StoreSettings } from '../backup';
import { PGLITE_FOLDER, REPOSITORY_ROOT } from '../config';
import { openPglite, openPostgres, toBytes, type Database } from '../db/database';
import { migrate } from '../db/migrate';
import { createSqlStore } from '../store/sqlStore';
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

/** The store's whole-network snapshot, and every image as its SHA-256 recomputed from its bytes. */
async function contents(database: Database): Promise<{ snapshot: DbSnapshot; images: string[] }> {
  const snapshot = await createSqlStore(database, { publicDir: '', passwords: fastPasswords }).snapshot();
  const rows = await database.query('SELECT sha256, kind, bytes FROM media ORDER BY sha256');
  const images = rows.map((row) => `${String(row.sha256)} ${String(row.kind)} ${createHash('sha256').update(toBytes(row.bytes)).digest('hex')}`);
  return { snapshot, images };
}

async function fill(database: Database, network: DbSnapshot): Promise<void> {
  await migrate(database);
  await createSqlStore(database, { publicDir: join(REPOSITORY_ROOT, 'public'), passwords: fastPasswords }).load(network);
}

const { make: scratch, removeAfter } = scratchFolders();

const network = busyNetwork();

function expectWhole(before: { snapshot: DbSnapshot; images: string[] }, after: { snapshot: DbSnapshot; images: string[] }): void {
  expect(before.snapshot.users).toHaveLength(200);
  expect(before.snapshot.posts).toHaveLength(POSTS);
  expect(before.snapshot.replies).toHaveLength(500);
  expect(before.images.length).toBeGreaterThan(5);
  for (const image of before.images) {
    const [stored, , computed] = image.split(' ');
    expect(computed).toBe(stored);
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
    await fill(database, network);
    before = await contents(database);
    await database.close();
    // Into a folder the backup makes, as `npm run backup` makes backups/.
    file = join(scratch('socialconnect-backups-'), 'backups', 'network.pglite.tgz');
    const written = await backup(source, file);
    expect(written.format).toBe('pglite');
    expect(written.bytes).toBeGreaterThan(100_000);
  }, 120_000);

  it('restores a busy network into a new data folder, the same in every record and image', async () => {
    const target: StoreSettings = { databaseUrl: undefined, dataDir: await newDataDir('socialconnect-backup-target-') };
    removeAfter(target.dataDir);
    await restore(target, file);
    const database = await openPglite(join(target.dataDir, PGLITE_FOLDER));
    try {
      expect(await migrate(database)).toEqual([]);
      expectWhole(before, await contents(database));
    } finally {
      await database.close();
    }
  }, 60_000);

  it('writes the backup for its owner alone (0600), in a folder for its owner alone (0700)', () => {
    // It holds every password hash: nobody else on the machine may read it.
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(dirname(file)).mode & 0o777).toBe(0o700);
  });

  // One restore for both: each restore of the busy network is several seconds of a core.
  it('restores into a data folder that does not exist yet, made for its owner alone (0700)', async () => {
    const target: StoreSettings = { databaseUrl: undefined, dataDir: join(scratch('socialconnect-backup-new-'), 'data') };
    await restore(target, file);
    expect(statSync(target.dataDir).mode & 0o777).toBe(0o700);
    expect(statSync(join(target.dataDir, PGLITE_FOLDER)).mode & 0o777).toBe(0o700);
    const database = await openPglite(join(target.dataDir, PGLITE_FOLDER));
    try {
      expect((await contents(database)).snapshot.posts).toHaveLength(POSTS);
    } finally {
      await database.close();
    }
  }, 60_000);

  it('refuses a data folder that holds a network, and leaves it as it was', async () => {
    await expect(restore(source, file)).rejects.toThrow(new BackupError(`The data folder ${source.dataDir} already holds a network (or other tables). A backup is restored only into an empty store, so nothing is overwritten: give DATA_DIR a new folder.`));
    const database = await openPglite(join(source.dataDir, PGLITE_FOLDER));
    try {
      expect((await contents(database)).snapshot).toEqual(before.snapshot);
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

  beforeAll(async () => {
    sourceUrl = await newDatabase();
    before = await read(sourceUrl, async (database) => {
      await fill(database, network);
      return contents(database);
    });
    file = join(scratch('socialconnect-backups-'), 'network.pgdump');
    const written = await backup({ databaseUrl: sourceUrl, dataDir: '' }, file);
    expect(written.format).toBe('postgres');
    expect(written.bytes).toBeGreaterThan(100_000);
    // pg_dump's file, for its owner alone: it holds every password hash.
    expect(statSync(file).mode & 0o777).toBe(0o600);
  }, 120_000);

  afterAll(async () => {
    for (const drop of dropped) await drop();
  });

  it('restores a busy network into a new database, the same in every record and image', async () => {
    const target = await newDatabase();
    await restore({ databaseUrl: target, dataDir: '' }, file);
    await read(target, async (database) => {
      expect(await migrate(database)).toEqual([]);
      expectWhole(before, await contents(database));
    });
  }, 60_000);

  it('refuses a database that holds a network, and leaves it as it was', async () => {
    await expect(restore({ databaseUrl: sourceUrl, dataDir: '' }, file)).rejects.toThrow(/^The database PostgreSQL at .* already holds a network \(or other tables\)\. .*createdb/);
    expect((await read(sourceUrl, contents)).snapshot).toEqual(before.snapshot);
  }, 60_000);

  it('refuses a cut-off dump and loads nothing', async () => {
    const cut = join(scratch('socialconnect-backup-cut-'), 'cut.pgdump');
    const whole = readFileSync(file);
    writeFileSync(cut, whole.subarray(0, Math.floor(whole.length * 0.9)));
    const target = await newDatabase();
    await expect(restore({ databaseUrl: target, dataDir: '' }, cut)).rejects.toThrow(BackupError);
    expect(await read(target, (database) => database.query("SELECT 1 FROM pg_tables WHERE schemaname = 'public'"))).toEqual([]);
  }, 60_000);

  it('refuses a PGlite backup', async () => {
    const pgliteFile = join(scratch('socialconnect-backup-kind-'), 'x.pglite.tgz');
    writeFileSync(pgliteFile, Buffer.from([0x1f, 0x8b, 0, 0]));
    await expect(restore({ databaseUrl: sourceUrl, dataDir: '' }, pgliteFile)).rejects.toThrow(`${pgliteFile} is a PGlite backup; restore it with DATABASE_URL unset and DATA_DIR naming an empty data folder.`);
  });
});
