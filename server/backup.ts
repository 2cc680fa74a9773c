/**
 * Backups of the whole network, in the store's own format: PostgreSQL's through `pg_dump` (its
 * custom format, one consistent snapshot of the database while servers keep running), PGlite's
 * through PGlite's own dump of its cluster (a gzipped tarball of the data folder, taken under the
 * data folder's lock, so with the server stopped). A restore loads one into an empty store and
 * never half-loads: `pg_restore` runs in one transaction, and a PGlite dump is unpacked into a new
 * folder that takes the place of the empty one only once it opens and holds the network.
 *
 * Images' files (server/mediaFiles.ts) are copied beside the file, into `<file>.media/`: those the
 * backup's snapshot names, from the folder or the bucket the settings name. On PostgreSQL the
 * files are listed in the same snapshot pg_dump writes (exported to it), and no server deletes an
 * image's files while the backup copies them (BACKUP_LOCK), so each one it names is there to copy.
 * A restore puts them into the folder or bucket the settings name before it loads the network.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { IMAGE_KINDS, type ImageKind } from '../contract/validation';
import { describeStore, MEDIA_FOLDER, PGLITE_FOLDER, REPOSITORY_ROOT, type ServerConfig } from './config';
import { lockDataDir } from './dataDirLock';
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from './privateFiles';
import { openPostgres } from './db/database';
import { directoryMedia, MediaUnreachable, openMediaFiles, type MediaSettings } from './mediaFiles';
import { BACKUP_LOCK, FILES_NAMED } from './store/media';

/** A refusal or failure said in one line to whoever runs the command; no stack trace needed. */
export class BackupError extends Error {
  override name = 'BackupError';
}

export type BackupFormat = 'postgres' | 'pglite';

/** How each format's file begins: pg_dump's custom format, and gzip. */
const MAGIC: Record<BackupFormat, Buffer> = { postgres: Buffer.from('PGDMP'), pglite: Buffer.from([0x1f, 0x8b]) };
const EXTENSION: Record<BackupFormat, string> = { postgres: '.pgdump', pglite: '.pglite.tgz' };

/** The store, and where its images' files are kept (by default the folder DATA_DIR/media). */
export type StoreSettings = Pick<ServerConfig, 'databaseUrl' | 'dataDir'> & { media?: MediaSettings };

export interface CopiedImages {
  /** The folder beside the backup file. */
  folder: string;
  files: number;
  bytes: number;
  /** Files the network names that the folder or bucket did not have (lost before the backup). */
  missing: string[];
}

export interface BackupResult {
  file: string;
  format: BackupFormat;
  bytes: number;
  images: CopiedImages;
}

function mediaOf(config: StoreSettings): MediaSettings {
  return config.media ?? { kind: 'directory', dir: join(config.dataDir, MEDIA_FOLDER) };
}

/** The folder beside a backup file that holds the images' files its network names. */
export function imagesFolderOf(file: string): string {
  return `${file}.media`;
}

function formatOf(config: StoreSettings): BackupFormat {
  return config.databaseUrl ? 'postgres' : 'pglite';
}

/** Where `npm run backup` writes when no file is named: backups/ in the repository, by the time. */
export function defaultBackupFile(config: StoreSettings, now: Date = new Date()): string {
  const stamp = now.toISOString().replace(/\.\d+Z$/, 'Z').replace(/[-:]/g, '');
  return join(REPOSITORY_ROOT, 'backups', `socialconnect-${stamp}${EXTENSION[formatOf(config)]}`);
}

/**
 * A PostgreSQL client tool: the newest installed one under /usr/lib/postgresql (Debian and Ubuntu
 * keep them there, off the PATH), else the one on the PATH. pg_dump must be at least as new as the
 * server it reads.
 */
export function postgresTool(name: 'pg_dump' | 'pg_restore'): string {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root).filter((version) => existsSync(join(root, version, 'bin', name))).sort((a, b) => Number(b) - Number(a));
    if (versions[0] !== undefined) return join(root, versions[0], 'bin', name);
  }
  return name;
}

/**
 * DATABASE_URL as libpq's environment: the password travels in PGPASSWORD, never on a command line
 * another user of the machine could read.
 */
function connection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Runs a tool to its end; a failure is a BackupError with the tool's last words. */
function runTool(command: string, args: string[], env: NodeJS.ProcessEnv, what: string): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(new BackupError(error.code === 'ENOENT'
        ? `${basename(command)} was not found. Install PostgreSQL's client tools (on Debian or Ubuntu: sudo apt-get install -y postgresql-client).`
        : `${what} failed: ${error.message}`));
    });
    child.on('close', (code) => {
      if (code === 0) resolvePromise(stdout);
      else reject(new BackupError(`${what} failed: ${stderr.trim().split('\n').slice(-3).join(' ') || `exit code ${String(code)}`}`));
    });
  });
}

/**
 * Writes `file` whole or not at all: a failed backup leaves nothing that looks like one. It holds
 * every password hash, so it is its owner's alone (0600) from its first byte: the file is made so
 * before the dump is written into it (pg_dump keeps the mode of a file it overwrites), and a folder
 * made for it is 0700.
 */
async function writeWhole(file: string, write: (partial: string) => Promise<void>): Promise<number> {
  mkdirSync(dirname(file), { recursive: true, mode: PRIVATE_FOLDER_MODE });
  const partial = `${file}.partial`;
  try {
    rmSync(partial, { force: true });
    closeSync(openSync(partial, 'wx', PRIVATE_FILE_MODE));
    chmodSync(partial, PRIVATE_FILE_MODE);
    await write(partial);
    renameSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
  return statSync(file).size;
}

/** The PGlite cluster of the data folder, opened under the folder's lock (no server may hold it). */
async function withPglite<T>(dataDir: string, work: (pglite: PGlite) => Promise<T>): Promise<T> {
  const lock = lockDataDir(dataDir);
  try {
    const pglite = await PGlite.create({ dataDir: join(dataDir, PGLITE_FOLDER) });
    try {
      return await work(pglite);
    } finally {
      await pglite.close();
    }
  } finally {
    lock.release();
  }
}

/**
 * Copies the files `names` from the folder or bucket into `folder` (made whole beside it, then put
 * in its place), and says how many, their size, and any the store did not have.
 */
async function copyImagesOut(names: readonly string[], settings: MediaSettings, folder: string): Promise<CopiedImages> {
  const partial = `${folder}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  const from = openMediaFiles(settings);
  const into = directoryMedia(partial);
  const copied: CopiedImages = { folder, files: 0, bytes: 0, missing: [] };
  try {
    if (names.length > 0) await from.check();
    for (const name of names) {
      const bytes = await from.get(name);
      if (!bytes) {
        copied.missing.push(name);
        continue;
      }
      await into.put(name, bytes, '');
      copied.files += 1;
      copied.bytes += bytes.length;
    }
    rmSync(folder, { recursive: true, force: true });
    renameSync(partial, folder);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    if (error instanceof MediaUnreachable) throw new BackupError(`${error.message} Nothing was written.`);
    throw error;
  } finally {
    from.close();
  }
  return copied;
}

/** A backup whose images could not be copied is no backup: its dump goes too, and the failure is said. */
function forgetDump(file: string): (error: unknown) => never {
  return (error) => {
    rmSync(file, { force: true });
    throw error;
  };
}

/**
 * On PostgreSQL: holds off every deletion of images' files (BACKUP_LOCK), exports one snapshot of
 * the database, and gives `work` its id (for pg_dump) and the names of the files it names; the
 * snapshot and the hold last until `work` is done.
 */
export async function withBackupSnapshot<T>(databaseUrl: string, work: (snapshot: { id: string; files: string[] }) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect().catch((error: unknown) => {
    throw new BackupError(`Cannot reach the database ${describeStore({ databaseUrl, dataDir: '' })}: ${(error as Error).message}. Is PostgreSQL running there, and does DATABASE_URL name it? Nothing was written.`);
  });
  try {
    await client.query('SELECT pg_advisory_lock($1, $2)', [...BACKUP_LOCK]);
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const id = (await client.query<{ id: string }>('SELECT pg_export_snapshot() AS id')).rows[0]?.id ?? '';
    const files = (await client.query<{ name: string }>(FILES_NAMED)).rows.map((row) => row.name);
    const result = await work({ id, files });
    await client.query('COMMIT');
    return result;
  } finally {
    // Ending the session ends the snapshot and lets go of the hold.
    await client.end();
  }
}

/** Writes a consistent copy of the whole network to `file`, in the store's own format, and its images' files beside it. */
export async function backup(config: StoreSettings, file: string): Promise<BackupResult> {
  const target = resolve(file);
  const format = formatOf(config);
  if (config.databaseUrl) {
    const { dbname, env } = connection(config.databaseUrl);
    return withBackupSnapshot(config.databaseUrl, async (snapshot) => {
      const bytes = await writeWhole(target, async (partial) => {
        await runTool(postgresTool('pg_dump'), ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${snapshot.id}`, `--file=${partial}`, `--dbname=${dbname}`], env, 'pg_dump');
      });
      const images = await copyImagesOut(snapshot.files, mediaOf(config), imagesFolderOf(target)).catch(forgetDump(target));
      return { file: target, format, bytes, images };
    });
  }
  if (!existsSync(join(config.dataDir, PGLITE_FOLDER))) {
    throw new BackupError(`There is nothing to back up: the data folder ${config.dataDir} holds no PGlite database. Set DATA_DIR, or DATABASE_URL for PostgreSQL, as for npm run server.`);
  }
  // Under the data folder's lock: no server runs, so nothing changes while the files are copied.
  return withPglite(config.dataDir, async (pglite) => {
    const files = (await pglite.query<{ name: string }>(FILES_NAMED)).rows.map((row) => row.name);
    const dump = await pglite.dumpDataDir('gzip');
    const bytes = await writeWhole(target, async (partial) => {
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    });
    const images = await copyImagesOut(files, mediaOf(config), imagesFolderOf(target)).catch(forgetDump(target));
    return { file: target, format, bytes, images };
  });
}

/** The file's format by its first bytes, or a BackupError when it is none of them. */
function readFormat(file: string): { format: BackupFormat; bytes: Buffer } {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    throw new BackupError(`Cannot read ${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'there is no such file' : (error as Error).message}.`);
  }
  for (const format of ['postgres', 'pglite'] as const) {
    if (bytes.subarray(0, MAGIC[format].length).equals(MAGIC[format])) return { format, bytes };
  }
  throw new BackupError(`Cannot read ${file}: it is not a SocialConnect backup (neither a pg_dump file nor a PGlite dump).`);
}

const NOT_EMPTY = 'already holds a network (or other tables). A backup is restored only into an empty store, so nothing is overwritten';
const WRONG_KIND: Record<BackupFormat, string> = {
  postgres: 'is a PostgreSQL backup (pg_dump); restore it with DATABASE_URL naming an empty PostgreSQL database',
  pglite: 'is a PGlite backup; restore it with DATABASE_URL unset and DATA_DIR naming an empty data folder',
};

interface PutImages {
  files: number;
  /** Takes back the files it put that were not there before (a restore that failed after it). */
  undo(): Promise<void>;
}

/**
 * Puts the files of a backup's images folder into the folder or bucket the settings name, each
 * original checked against the SHA-256 its name says (a damaged file is refused, naming it), and
 * says how many. A backup without such a folder (made before images had files) puts none.
 */
async function copyImagesIn(folder: string, settings: MediaSettings): Promise<PutImages> {
  if (!existsSync(folder)) return { files: 0, undo: async () => undefined };
  const from = directoryMedia(folder);
  const into = openMediaFiles(settings);
  let files = 0;
  const added: string[] = [];
  const undo = async (): Promise<void> => {
    const again = openMediaFiles(settings);
    try {
      for (const name of added) await again.delete(name);
    } finally {
      again.close();
    }
  };
  try {
    await into.check();
    const there = new Set<string>();
    for await (const name of into.list()) there.add(name);
    for await (const name of from.list()) {
      const bytes = await from.get(name);
      if (!bytes) continue;
      const kind = IMAGE_FILE.exec(name);
      if (kind && createHash('sha256').update(bytes).digest('hex') !== kind[1]) {
        throw new BackupError(`Cannot restore ${join(folder, name.slice(0, 2), name)}: its bytes are not the image its name says (the file is damaged). Nothing was loaded.`);
      }
      await into.put(name, bytes, IMAGE_KINDS[IMAGE_KIND_OF[kind?.[2] ?? 'webp'] ?? 'webp'].mediaType);
      if (!there.has(name)) added.push(name);
      files += 1;
    }
  } catch (error) {
    await undo();
    if (error instanceof MediaUnreachable) throw new BackupError(`${error.message} Nothing was loaded.`);
    throw error;
  } finally {
    into.close();
  }
  return { files, undo };
}

/** An original's file name: its SHA-256 and its extension (a smaller copy's name is not its own hash). */
const IMAGE_FILE = /^([0-9a-f]{64})\.([a-z]+)$/;
const IMAGE_KIND_OF: Record<string, ImageKind> = Object.fromEntries(Object.entries(IMAGE_KINDS).map(([kind, { ext }]) => [ext, kind as ImageKind]));

/**
 * Loads the backup in `file` into the empty store the settings name, its images' files first (so
 * no row is ever read without its file); refuses any other store. Says how many files it put.
 */
export async function restore(config: StoreSettings, file: string): Promise<{ format: BackupFormat; images: number }> {
  const source = resolve(file);
  const { format, bytes } = readFormat(source);
  if (format !== formatOf(config)) throw new BackupError(`${source} ${WRONG_KIND[format]}.`);
  const putImages = () => copyImagesIn(imagesFolderOf(source), mediaOf(config));
  if (config.databaseUrl) {
    await checkPostgresRestore(config.databaseUrl, source);
    const images = await putImages();
    await restorePostgres(config.databaseUrl, source).catch(async (error: unknown) => {
      await images.undo();
      throw error;
    });
    return { format, images: images.files };
  }
  return { format, images: await restorePglite(config.dataDir, source, bytes, putImages) };
}

/** Refuses a file that is no SocialConnect dump, and a database that cannot be reached or holds tables, before anything is put anywhere. */
async function checkPostgresRestore(databaseUrl: string, file: string): Promise<void> {
  const { env } = connection(databaseUrl);
  const contents = await runTool(postgresTool('pg_restore'), ['--list', file], env, `Reading ${file}`).catch((error: unknown) => {
    throw new BackupError(`Cannot read ${file}: ${(error as Error).message}`);
  });
  if (!/ TABLE public members /.test(contents)) throw new BackupError(`Cannot read ${file}: it is a pg_dump file, but not of a SocialConnect network.`);
  const unreachable = (error: unknown): never => {
    throw new BackupError(`Cannot reach the database ${describeStore({ databaseUrl, dataDir: '' })}: ${(error as Error).message}. Is PostgreSQL running there, and does DATABASE_URL name it? Nothing was loaded.`);
  };
  const database = await openPostgres({ connectionString: databaseUrl, max: 1 }).catch(unreachable);
  try {
    const [row] = await database.query<{ tables: number }>("SELECT count(*)::int AS tables FROM pg_tables WHERE schemaname = 'public'").catch(unreachable);
    if ((row?.tables ?? 0) > 0) throw new BackupError(`The database ${describeStore({ databaseUrl, dataDir: '' })} ${NOT_EMPTY}: create a new database (createdb) and point DATABASE_URL at it.`);
  } finally {
    await database.close();
  }
}

async function restorePostgres(databaseUrl: string, file: string): Promise<void> {
  const { dbname, env } = connection(databaseUrl);
  await runTool(postgresTool('pg_restore'), ['--single-transaction', '--exit-on-error', '--no-owner', '--no-privileges', `--dbname=${dbname}`, file], env, 'pg_restore (nothing was loaded)');
}

/**
 * Throws unless `gzipped` is a whole tarball: gzip checks its own length and checksum, and a tar
 * ends with two blocks of zeros. (PGlite's unpacking reports a cut-off file outside any promise.)
 */
function wholeTarball(gzipped: Buffer): void {
  const tar = gunzipSync(gzipped);
  const end = tar.subarray(-1024);
  if (tar.length % 512 !== 0 || end.length < 1024 || end.some((byte) => byte !== 0)) throw new Error('the tarball is cut off');
}

/** Unpacks the dump beside the data folder, checks it, puts the images (`putImages`), then puts the cluster in place. */
async function restorePglite(dataDir: string, file: string, bytes: Buffer, putImages: () => Promise<PutImages>): Promise<number> {
  const lock = lockDataDir(dataDir);
  const folder = join(dataDir, PGLITE_FOLDER);
  const restoring = join(dataDir, `${PGLITE_FOLDER}.restoring`);
  try {
    if (existsSync(folder)) {
      const pglite = await PGlite.create({ dataDir: folder });
      try {
        const [row] = (await pglite.query<{ tables: number }>("SELECT count(*)::int AS tables FROM pg_tables WHERE schemaname = 'public'")).rows;
        if ((row?.tables ?? 0) > 0) throw new BackupError(`The data folder ${dataDir} ${NOT_EMPTY}: give DATA_DIR a new folder.`);
      } finally {
        await pglite.close();
      }
    }
    rmSync(restoring, { recursive: true, force: true });
    try {
      wholeTarball(bytes);
      const pglite = await PGlite.create({ dataDir: restoring, loadDataDir: new Blob([new Uint8Array(bytes)]) });
      try {
        const [row] = (await pglite.query<{ members: string | null }>("SELECT to_regclass('public.members')::text AS members")).rows;
        if (!row?.members) throw new BackupError(`Cannot read ${file}: it is a PGlite dump, but not of a SocialConnect network.`);
      } finally {
        await pglite.close();
      }
    } catch (error) {
      rmSync(restoring, { recursive: true, force: true });
      if (error instanceof BackupError) throw error;
      throw new BackupError(`Cannot read ${file}: it is not a whole PGlite dump (${(error as Error).message || String(error)}). Nothing was loaded.`);
    }
    const images = await putImages().catch((error: unknown) => {
      rmSync(restoring, { recursive: true, force: true });
      throw error;
    });
    rmSync(folder, { recursive: true, force: true });
    renameSync(restoring, folder);
    // The restored cluster, like a new one, is its owner's alone (server/privateFiles.ts).
    chmodSync(folder, PRIVATE_FOLDER_MODE);
    return images.files;
  } finally {
    lock.release();
  }
}
