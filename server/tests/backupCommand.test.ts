/**
 * `npm run backup` and `npm run restore` as a person runs them: the command's own process
 * (server/backupMain.ts, which scripts/backup.mjs runs once the server is compiled), its settings
 * from the environment, and what it prints and exits with: one line on stdout and 0 when it worked,
 * one line on stderr and 1 when it refused or failed.
 */
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { buildDefaultSeed } from '../../contract/seed/default';
import { describeStore, PGLITE_FOLDER, REPOSITORY_ROOT } from '../config';
import { lockDataDir } from '../dataDirLock';
import { openPglite, openPostgres, type Database } from '../db/database';
import { migrate } from '../db/migrate';
import { directoryMedia } from '../mediaFiles';
import { createSqlStore } from '../store/sqlStore';
import { runToEnd } from '../testing/childServer';
import { compiledEntry } from '../testing/compiledServer';
import { usingDatabase } from '../testing/database';
import { newDataDir } from '../testing/pgliteTemplate';
import { scratchFolders } from '../testing/scratch';
import { createTestDatabase } from '../testing/serverTarget';

/** How many posts the network in a database holds: a restore's check. */
function postsIn(opening: Promise<Database>): Promise<number | undefined> {
  return usingDatabase(opening, async (database) => {
    const [row] = await database.query<{ posts: number }>('SELECT count(*)::int AS posts FROM posts');
    return row?.posts;
  });
}

/** A command's time on a busy machine: starting it, then the work. */
const COMMAND_WITHIN_MS = 60_000;

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `npm run <args[0]> -- <args[1]>`'s program with these settings (and no others of this process). */
async function run(args: string[], env: Record<string, string>): Promise<Outcome> {
  const { code, signal, stdout, stderr } = await runToEnd(process.execPath, [compiledEntry('backupMain'), ...args], { PATH: process.env.PATH ?? '', DATABASE_URL: '', ...env }, COMMAND_WITHIN_MS);
  if (signal) throw new Error(`npm run ${args.join(' ')} was ended by ${signal} (more than ${COMMAND_WITHIN_MS} ms?); it printed:\n${stdout}${stderr}`);
  return { code, stdout, stderr };
}

/** What success looks like: this one line on stdout, nothing on stderr, exit code 0. */
function worked(line: string): Outcome {
  return { code: 0, stdout: `${line}\n`, stderr: '' };
}

/** The time a successful command says it took ("1.4 s"): the one part of its line a test cannot know. */
function took({ stdout }: Outcome): string {
  return / in (\d+\.\d s)\.( Start|\n)/.exec(stdout)?.[1] ?? 'no time said';
}

/** What a refusal looks like: this one line on stderr, nothing on stdout, exit code 1. */
function refused(line: string): Outcome {
  return { code: 1, stdout: '', stderr: `${line}\n` };
}

const { make: scratch, removeAfter } = scratchFolders();

const fastPasswords = { hash: async (text: string) => `stored:${text}`, verify: async () => false };

/** A data folder holding the demo network, as a server on PGlite leaves it. */
async function pgliteNetwork(): Promise<string> {
  const dataDir = await newDataDir('socialconnect-backup-command-');
  removeAfter(dataDir);
  const database = await openPglite(join(dataDir, PGLITE_FOLDER));
  try {
    await migrate(database);
    // Its images' files where a server keeps them: DATA_DIR/media.
    await createSqlStore(database, { publicDir: join(REPOSITORY_ROOT, 'public'), passwords: fastPasswords, media: directoryMedia(join(dataDir, 'media')) }).load(buildDefaultSeed());
  } finally {
    await database.close();
  }
  return dataDir;
}

/** How many image files a folder holds (in its subfolders by name), and their bytes. */
function filesOf(folder: string): { count: number; bytes: number } {
  const files = readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  return { count: files.length, bytes: files.reduce((sum, entry) => sum + statSync(join(entry.parentPath, entry.name)).size, 0) };
}

const pgliteStore = (dataDir: string): string => describeStore({ databaseUrl: undefined, dataDir });

describe('npm run backup and npm run restore on PGlite', () => {
  let source: string;
  let file: string;

  beforeAll(async () => {
    source = await pgliteNetwork();
    file = join(scratch('socialconnect-backup-command-files-'), 'network.pglite.tgz');
  }, 60_000);

  it('backs up a data folder and its images, saying where to, how big and how long, then restores both into a new one', async () => {
    const backedUp = await run(['backup', file], { DATA_DIR: source });
    const images = filesOf(`${file}.media`);
    expect(images.count).toBe(filesOf(join(source, 'media')).count);
    expect(images.count).toBeGreaterThan(5);
    expect(backedUp).toEqual(worked(`Backed up ${pgliteStore(source)} to ${file} (${statSync(file).size.toLocaleString('en')} bytes) and ${images.count} files of its images to ${file}.media (${images.bytes.toLocaleString('en')} bytes) in ${took(backedUp)}.`));

    const target = join(scratch('socialconnect-backup-command-target-'), 'data');
    const restored = await run(['restore', file], { DATA_DIR: target });
    expect(restored).toEqual(worked(`Restored ${file} into ${pgliteStore(target)} and ${images.count} files of its images into the folder ${join(target, 'media')} in ${took(restored)}. Start the server on it: it applies any newer migrations.`));
    expect(await postsIn(openPglite(join(target, PGLITE_FOLDER)))).toBe(20);
    expect(filesOf(join(target, 'media'))).toEqual(images);
  }, 120_000);

  it('asks for the file when restore is given none, and shows the usage for a command it does not know', async () => {
    const dataDir = join(scratch('socialconnect-backup-command-none-'), 'data');
    const [none, unknown] = await Promise.all([run(['restore'], { DATA_DIR: dataDir }), run(['restor', file], { DATA_DIR: dataDir })]);
    expect(none).toEqual(refused('Name the backup to restore: npm run restore -- FILE (npm run backup writes them to backups/).'));
    expect(unknown).toEqual(refused('Usage: npm run backup [-- FILE]   or   npm run restore -- FILE'));
  }, 90_000);

  it('refuses a file that does not exist and one that is no backup, naming the file as a full path', async () => {
    const folder = scratch('socialconnect-backup-command-wrong-');
    writeFileSync(join(folder, 'notes.txt'), 'not a backup');
    const dataDir = join(folder, 'data');
    // Relative to where the command runs, as a person types it.
    const [missing, text] = await Promise.all([
      run(['restore', 'no-such-backup.pglite.tgz'], { DATA_DIR: dataDir }),
      run(['restore', join(folder, 'notes.txt')], { DATA_DIR: dataDir }),
    ]);
    expect(missing).toEqual(refused(`Cannot read ${resolve(REPOSITORY_ROOT, 'no-such-backup.pglite.tgz')}: there is no such file.`));
    expect(text).toEqual(refused(`Cannot read ${join(folder, 'notes.txt')}: it is not a SocialConnect backup (neither a pg_dump file nor a PGlite dump).`));
  }, 90_000);

  it('refuses to restore into a data folder that holds a network', async () => {
    await run(['backup', file], { DATA_DIR: source });
    expect(await run(['restore', file], { DATA_DIR: source })).toEqual(refused(
      `The data folder ${source} already holds a network (or other tables). A backup is restored only into an empty store, so nothing is overwritten: give DATA_DIR a new folder.`,
    ));
  }, 120_000);

  it('says there is nothing to back up where DATA_DIR holds no database', async () => {
    const empty = scratch('socialconnect-backup-command-empty-');
    expect(await run(['backup', join(empty, 'x.pglite.tgz')], { DATA_DIR: empty })).toEqual(refused(
      `There is nothing to back up: the data folder ${empty} holds no PGlite database. Set DATA_DIR, or DATABASE_URL for PostgreSQL, as for npm run server.`,
    ));
  }, 60_000);

  it('refuses to back up a data folder a running server holds, naming it', async () => {
    const held = lockDataDir(source, () => new Date('2026-11-27T05:00:00.000Z'));
    try {
      expect(await run(['backup', join(scratch('socialconnect-backup-command-held-'), 'x.pglite.tgz')], { DATA_DIR: source })).toEqual(refused(
        `The data folder ${source} is in use by another SocialConnect server (process ${process.pid} on ${hostname()}, since 2026-11-27T05:00:00.000Z). Stop that server, or give this one its own folder with DATA_DIR.`,
      ));
    } finally {
      held.release();
    }
  }, 60_000);

  it('refuses a PGlite backup when DATABASE_URL names PostgreSQL, and a DATABASE_URL that is no PostgreSQL address', async () => {
    await run(['backup', file], { DATA_DIR: source });
    const [kind, setting] = await Promise.all([
      run(['restore', file], { DATABASE_URL: 'postgres://127.0.0.1:1/none' }),
      run(['backup'], { DATABASE_URL: 'mysql://127.0.0.1/socialconnect' }),
    ]);
    expect(kind).toEqual(refused(`${file} is a PGlite backup; restore it with DATABASE_URL unset and DATA_DIR naming an empty data folder.`));
    expect(setting).toEqual(refused('DATABASE_URL is not valid. Use postgres://user:password@host:5432/database (or postgresql://), or leave it unset for the embedded PGlite.'));
  }, 120_000);
});

describe('npm run backup and npm run restore on PostgreSQL', () => {
  const dropped: Array<() => Promise<void>> = [];
  let sourceUrl: string;
  let file: string;

  async function newDatabase(): Promise<string> {
    const created = await createTestDatabase();
    dropped.push(() => created.drop());
    return created.url;
  }

  let sourceMedia: string;

  beforeAll(async () => {
    sourceUrl = await newDatabase();
    sourceMedia = scratch('socialconnect-backup-command-media-');
    const database = await openPostgres({ connectionString: sourceUrl, max: 2 });
    try {
      await migrate(database);
      await createSqlStore(database, { publicDir: join(REPOSITORY_ROOT, 'public'), passwords: fastPasswords, media: directoryMedia(sourceMedia) }).load(buildDefaultSeed());
    } finally {
      await database.close();
    }
    file = join(scratch('socialconnect-backup-command-pg-'), 'network.pgdump');
  }, 60_000);

  afterAll(async () => {
    for (const drop of dropped) await drop();
  });

  const store = (databaseUrl: string): string => describeStore({ databaseUrl, dataDir: '' });

  it('backs up a database with pg_dump and its images, and restores both into an empty database and folder, each in one line', async () => {
    const backedUp = await run(['backup', file], { DATABASE_URL: sourceUrl, MEDIA_DIR: sourceMedia });
    const images = filesOf(`${file}.media`);
    expect(images.count).toBe(filesOf(sourceMedia).count);
    expect(backedUp).toEqual(worked(`Backed up ${store(sourceUrl)} to ${file} (${statSync(file).size.toLocaleString('en')} bytes) and ${images.count} files of its images to ${file}.media (${images.bytes.toLocaleString('en')} bytes) in ${took(backedUp)}.`));

    const target = await newDatabase();
    const targetMedia = join(scratch('socialconnect-backup-command-media-'), 'media');
    const restored = await run(['restore', file], { DATABASE_URL: target, MEDIA_DIR: targetMedia });
    expect(restored).toEqual(worked(`Restored ${file} into ${store(target)} and ${images.count} files of its images into the folder ${targetMedia} in ${took(restored)}. Start the server on it: it applies any newer migrations.`));
    expect(await postsIn(openPostgres({ connectionString: target, max: 1 }))).toBe(20);
    expect(filesOf(targetMedia)).toEqual(images);
  }, 120_000);

  it('refuses to restore into a database that holds a network', async () => {
    await run(['backup', file], { DATABASE_URL: sourceUrl });
    expect(await run(['restore', file], { DATABASE_URL: sourceUrl })).toEqual(refused(
      `The database ${store(sourceUrl)} already holds a network (or other tables). A backup is restored only into an empty store, so nothing is overwritten: create a new database (createdb) and point DATABASE_URL at it.`,
    ));
  }, 120_000);

  it('refuses a PostgreSQL backup when no DATABASE_URL is set', async () => {
    await run(['backup', file], { DATABASE_URL: sourceUrl });
    const dataDir = join(scratch('socialconnect-backup-command-kind-'), 'data');
    expect(await run(['restore', file], { DATA_DIR: dataDir })).toEqual(refused(
      `${file} is a PostgreSQL backup (pg_dump); restore it with DATABASE_URL naming an empty PostgreSQL database.`,
    ));
  }, 120_000);

  it('says which database it cannot reach, backing up and restoring', async () => {
    await run(['backup', file], { DATABASE_URL: sourceUrl });
    // A port nothing listens on: this test's own, closed.
    const nowhere = 'postgres://socialconnect@127.0.0.1:1/none';
    const [backedUp, restored] = await Promise.all([
      run(['backup', join(scratch('socialconnect-backup-command-nowhere-'), 'x.pgdump')], { DATABASE_URL: nowhere }),
      run(['restore', file], { DATABASE_URL: nowhere }),
    ]);
    expect(backedUp).toEqual(refused(`Cannot reach the database ${store(nowhere)}: connect ECONNREFUSED 127.0.0.1:1. Is PostgreSQL running there, and does DATABASE_URL name it? Nothing was written.`));
    expect(restored).toEqual(refused(`Cannot reach the database ${store(nowhere)}: connect ECONNREFUSED 127.0.0.1:1. Is PostgreSQL running there, and does DATABASE_URL name it? Nothing was loaded.`));
  }, 120_000);
});
