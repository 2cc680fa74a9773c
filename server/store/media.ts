/**
 * Images: stored once by the SHA-256 of their bytes, named in `media`, with a post's smaller copies
 * in `media_copies`, answered under /media. Their bytes are in files (server/mediaFiles.ts), or in
 * the rows: those kept before files (until moved: server/mediaMove.ts), and a store made without
 * files (the tests' in-memory databases).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { refusal } from '../../contract/errors';
import { sizesOf, type PreparedImage } from '../../contract/images';
import type { KeptImage, StoreTx } from '../../contract/store';
import { IMAGE_KINDS, imageDimensions, isShippedImagePath, LIMITS, sniffImage, type CheckedImage } from '../../contract/validation';
import type { Database, Sql } from '../db/database';
import type { MediaFiles } from '../mediaFiles';

/** The URL an image is answered with, from its bytes. */
export function mediaUrl(sha256: string, kind: CheckedImage['kind']): string {
  return `/media/${sha256}.${IMAGE_KINDS[kind].ext}`;
}

/** The URL of an image's copy `width` pixels wide. */
export function copyUrl(sha256: string, width: number): string {
  return `/media/${sha256}-${width}.webp`;
}

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** A stored image's file name (server/mediaFiles.ts): its URL's last part. */
export function mediaFileName(url: string): string {
  return url.slice('/media/'.length);
}

/**
 * One image's lock, held to the end of the transaction: a keep that writes its files and a deletion
 * of files whose rows are gone (deleteGoneFiles) take it, so a file is never deleted under a row
 * that a keep of the same image is writing again. Advisory locks of two keys: their own key space.
 */
export const IMAGE_LOCKS = 0x5c1d;

async function lockImage(sql: Sql, hash: string): Promise<void> {
  await sql.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [IMAGE_LOCKS, hash]);
}

/** The files each transaction wrote: if it does not commit, no row names them (filesPutIn). */
const putBy = new WeakMap<Sql, string[]>();

async function putFile(sql: Sql, files: MediaFiles, name: string, bytes: Uint8Array, mediaType: string): Promise<void> {
  const names = putBy.get(sql) ?? [];
  putBy.set(sql, names);
  // Listed before the write: a write that fails halfway leaves nothing unlisted.
  names.push(name);
  await files.put(name, bytes, mediaType);
}

/** The files the transaction `sql` wrote (or began to write), whether it commits or not. */
export function filesPutIn(sql: Sql): readonly string[] {
  return putBy.get(sql) ?? [];
}

/**
 * After a write whose transaction rolled back (or ran more than once): lists the files it wrote
 * for deletion, and deletes those no row names (an image another write keeps stays).
 */
export async function forgetFilesPut(database: Database, files: MediaFiles, names: readonly string[]): Promise<void> {
  if (names.length === 0) return;
  await database.query('INSERT INTO media_gone (name) SELECT unnest($1::text[])', [[...new Set(names)]]);
  await deleteGoneFiles(database, files);
}

/** The transactions that deleted stored images' rows: their files are deleted once they commit. */
const releasing = new WeakSet<Sql>();

/** Whether the transaction `sql` let go of an image whose files are to be deleted after it commits. */
export function releasedImages(sql: Sql): boolean {
  return releasing.has(sql);
}

/** Says that the transaction `sql` may have deleted stored images' rows (a whole network replaced). */
export function noteReleased(sql: Sql): void {
  releasing.add(sql);
}

/** Counts one more name of an image kept in its row, storing it (bytes and all) if it is new. */
async function keepInRow(sql: Sql, image: CheckedImage, hash: string): Promise<void> {
  await sql.query(
    'INSERT INTO media (sha256, kind, bytes, refs) VALUES ($1, $2, $3, 1) ON CONFLICT (sha256) DO UPDATE SET refs = media.refs + 1',
    [hash, image.kind, Buffer.from(image.bytes)],
  );
}

/**
 * Counts one more name of an image kept in `files`, writing its file and then its row (without
 * bytes) if it is new: a reader that finds the row finds the file. Says whether it was new.
 */
async function keepInFiles(sql: Sql, image: CheckedImage, files: MediaFiles, hash: string): Promise<boolean> {
  await lockImage(sql, hash);
  const counted = await sql.query('UPDATE media SET refs = refs + 1 WHERE sha256 = $1 RETURNING 1', [hash]);
  if (counted.length > 0) return false;
  await putFile(sql, files, mediaFileName(mediaUrl(hash, image.kind)), image.bytes, IMAGE_KINDS[image.kind].mediaType);
  await sql.query('INSERT INTO media (sha256, kind, bytes, refs) VALUES ($1, $2, NULL, 1)', [hash, image.kind]);
  return true;
}

/**
 * Keeps an image for one more member or post that names it (its `refs`), stored once by its bytes:
 * in `files` when the server keeps images there (the row then holds no bytes), else in the row.
 * Called in the transaction that writes the name: a write that fails takes the count back with it.
 * The count's row lock orders it with a release of the same image (releaseImage).
 */
export async function keepBytes(sql: Sql, image: CheckedImage, files: MediaFiles | undefined, hash: string = sha256(image.bytes)): Promise<string> {
  if (files) await keepInFiles(sql, image, files, hash);
  else await keepInRow(sql, image, hash);
  return mediaUrl(hash, image.kind);
}

/**
 * Keeps an upload and its smaller copies (kept once, as the image is), and says what answers carry
 * of them.
 */
export async function keepPrepared(sql: Sql, prepared: PreparedImage, files: MediaFiles | undefined): Promise<KeptImage> {
  const hash = sha256(prepared.image.bytes);
  if (!files) {
    await keepInRow(sql, prepared.image, hash);
    for (const copy of prepared.smaller) {
      await sql.query('INSERT INTO media_copies (sha256, width, bytes) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [hash, copy.width, Buffer.from(copy.image.bytes)]);
    }
  } else {
    const storedNow = await keepInFiles(sql, prepared.image, files, hash);
    // An image stored before may lack copies (kept as an avatar, or before copies were made).
    const kept = storedNow ? new Set<number>() : new Set((await sql.query<{ width: number }>('SELECT width FROM media_copies WHERE sha256 = $1', [hash])).map((row) => row.width));
    for (const copy of prepared.smaller) {
      if (kept.has(copy.width)) continue;
      await putFile(sql, files, mediaFileName(copyUrl(hash, copy.width)), copy.image.bytes, IMAGE_KINDS.webp.mediaType);
      await sql.query('INSERT INTO media_copies (sha256, width, bytes) VALUES ($1, $2, NULL)', [hash, copy.width]);
    }
  }
  return { url: mediaUrl(hash, prepared.image.kind), sizes: sizesOf(prepared, (copy) => copyUrl(hash, copy.width)) };
}

const STORED_IMAGE = /^\/media\/([0-9a-f]{64})\.[a-z]+$/;

/**
 * A member or a post no longer names `url` (a post deleted, an avatar replaced): the last to let go
 * of a stored image deletes it, so it is no longer served, and its files once the transaction
 * commits (the database lists them: 0021_media_files.sql). Anything else (no image, one shipped
 * with the app) is nothing to let go of. A keep of the same image at the same time waits for this
 * one's row lock, and then stores it afresh.
 */
export async function releaseImage(sql: Sql, url: string): Promise<void> {
  const stored = STORED_IMAGE.exec(url);
  if (!stored) return;
  const rows = await sql.query<{ refs: number }>('UPDATE media SET refs = refs - 1 WHERE sha256 = $1 AND refs > 0 RETURNING refs', [stored[1]]);
  if (rows[0]?.refs === 0) {
    await sql.query('DELETE FROM media WHERE sha256 = $1 AND refs = 0', [stored[1]]);
    releasing.add(sql);
  }
}

/**
 * Counts one more name of each stored image among `urls`, already kept for what names it now (a
 * report keeps the images of the post it reports, so they stay served after the post goes). The
 * count's row lock orders it with a release of the same image; one no longer stored is left alone.
 */
export async function holdImages(sql: Sql, urls: readonly string[]): Promise<void> {
  const hashes = urls.flatMap((url) => STORED_IMAGE.exec(url)?.[1] ?? []);
  if (hashes.length === 0) return;
  await sql.query(
    `WITH named AS (SELECT sha256, count(*)::int AS n FROM unnest($1::text[]) AS t(sha256) GROUP BY sha256)
     UPDATE media SET refs = media.refs + named.n FROM named WHERE media.sha256 = named.sha256`,
    [hashes],
  );
}

/**
 * releaseImage for many URLs at once (a member's posts and avatar deleted together): each image's
 * count goes down by how many of them name it, in one statement, and the images left unnamed go.
 */
export async function releaseImages(sql: Sql, urls: readonly string[]): Promise<void> {
  const hashes = urls.flatMap((url) => STORED_IMAGE.exec(url)?.[1] ?? []);
  if (hashes.length === 0) return;
  const counted = await sql.query<{ sha256: string; refs: number }>(
    `WITH named AS (SELECT sha256, count(*)::int AS n FROM unnest($1::text[]) AS t(sha256) GROUP BY sha256)
     UPDATE media SET refs = greatest(media.refs - named.n, 0) FROM named WHERE media.sha256 = named.sha256 RETURNING media.sha256, media.refs`,
    [hashes],
  );
  // A second statement: one statement cannot change a row and then delete it.
  const unnamed = counted.filter((row) => row.refs === 0).map((row) => row.sha256);
  if (unnamed.length === 0) return;
  await sql.query('DELETE FROM media WHERE sha256 = ANY($1::text[]) AND refs = 0', [unnamed]);
  releasing.add(sql);
}

/** The names of the files the rows name (those without bytes), one row each: `name`. */
export const FILES_NAMED = `
  SELECT sha256 || '.' || CASE kind WHEN 'jpeg' THEN 'jpg' ELSE kind END AS name FROM media WHERE bytes IS NULL
  UNION ALL SELECT sha256 || '-' || width || '.webp' FROM media_copies WHERE bytes IS NULL`;

/**
 * Held by a backup while it copies the files its snapshot names (server/backup.ts): deletions of
 * files wait until it is done (their names stay listed), so no file the backup is to copy goes.
 */
export const BACKUP_LOCK = [0x5c1e, 0] as const;

const COPY_NAME = /^([0-9a-f]{64})-(\d+)\.webp$/;

/**
 * Deletes the files of images whose rows are gone (listed in `media_gone` by the transactions that
 * deleted them), a batch at a time, and says how many it deleted. A name some row names again (the
 * same image kept anew since) keeps its file. Run after a write that let go of an image, and at
 * start (a process that stopped between a commit and its deletions leaves them listed). Several
 * processes may run it at once: each takes the names no other holds. While a backup copies files,
 * it deletes none.
 */
export async function deleteGoneFiles(database: Database, files: MediaFiles): Promise<number> {
  let deleted = 0;
  for (;;) {
    const batch = await database.transaction(async (sql) => {
      let gone = 0;
      // A backup copying files: none is deleted until it is done (the next deletion takes them).
      const [free] = await sql.query<{ free: boolean }>('SELECT pg_try_advisory_xact_lock_shared($1, $2) AS free', [...BACKUP_LOCK]);
      if (!free?.free) return { listed: 0, gone: 0 };
      const listed = await sql.query<{ id: string; name: string }>('SELECT id::text, name FROM media_gone ORDER BY id LIMIT 100 FOR UPDATE SKIP LOCKED');
      for (const { name } of listed) {
        const copy = COPY_NAME.exec(name);
        const hash = name.slice(0, 64);
        await lockImage(sql, hash);
        const named = copy
          ? await sql.query('SELECT 1 FROM media_copies WHERE sha256 = $1 AND width = $2', [hash, Number(copy[2])])
          : await sql.query('SELECT 1 FROM media WHERE sha256 = $1', [hash]);
        if (named.length === 0) {
          await files.delete(name);
          gone += 1;
        }
      }
      if (listed.length > 0) await sql.query('DELETE FROM media_gone WHERE id = ANY($1::bigint[])', [listed.map((row) => row.id)]);
      return { listed: listed.length, gone };
    });
    // Counted once committed (a transaction that lost a race runs again).
    deleted += batch.gone;
    if (batch.listed < 100) return deleted;
  }
}

/** How old a folder's temporary file of a write is before it is taken for one cut short (a write takes seconds). */
export const LEFT_BEHIND_AFTER_MS = 60 * 60 * 1000;

/** How many listed files are looked up against the rows at once. */
const LOOKED_UP_AT_ONCE = 500;

/** Of `names` (files listed), those no row names now, an original by its hash, a copy by its hash and width. */
async function unnamedAmong(database: Database, names: readonly string[]): Promise<string[]> {
  const hashes = [...new Set(names.map((name) => name.slice(0, 64)))];
  const originals = new Set((await database.query<{ sha256: string }>('SELECT sha256 FROM media WHERE sha256 = ANY($1::text[])', [hashes])).map((row) => row.sha256));
  const copies = new Set((await database.query<{ sha256: string; width: number }>('SELECT sha256, width FROM media_copies WHERE sha256 = ANY($1::text[])', [hashes])).map((row) => `${row.sha256}-${row.width}`));
  return names.filter((name) => {
    const copy = COPY_NAME.exec(name);
    return copy ? !copies.has(`${copy[1]}-${copy[2]}`) : !originals.has(name.slice(0, 64));
  });
}

/**
 * Deletes the files no row names, and says how many: a process that stopped (killed, or its machine
 * gone) between writing an image's file and committing its row leaves a file that nothing names
 * or lists for deletion. The listing is looked up against the rows a batch at a time (memory stays
 * the same whatever the store holds), and each file found unnamed is checked again under its
 * image's lock, so after any keep of the same image has committed or rolled back: a file a keep is
 * writing now is never taken. A folder's temporary files of writes cut short go too, once an hour
 * old. It stops when a backup is copying files, or when `signal` aborts (the next run goes on). Run
 * in the background at every start.
 */
export async function deleteUnnamedFiles(database: Database, files: MediaFiles, { signal }: { signal?: AbortSignal } = {}): Promise<number> {
  let deleted = await files.deleteUnfinished(LEFT_BEHIND_AFTER_MS);
  /** Deletes the unnamed files of one batch; says whether to go on (no backup under way). */
  const sweep = async (batch: readonly string[]): Promise<boolean> => {
    for (const name of await unnamedAmong(database, batch)) {
      const outcome = await database.transaction(async (sql) => {
        const [free] = await sql.query<{ free: boolean }>('SELECT pg_try_advisory_xact_lock_shared($1, $2) AS free', [...BACKUP_LOCK]);
        if (!free?.free) return 'backup';
        const hash = name.slice(0, 64);
        const copy = COPY_NAME.exec(name);
        await lockImage(sql, hash);
        const rows = copy
          ? await sql.query('SELECT 1 FROM media_copies WHERE sha256 = $1 AND width = $2', [hash, Number(copy[2])])
          : await sql.query('SELECT 1 FROM media WHERE sha256 = $1', [hash]);
        if (rows.length > 0) return 'named';
        await files.delete(name);
        return 'deleted';
      });
      if (outcome === 'backup') return false;
      if (outcome === 'deleted') deleted += 1;
    }
    return true;
  };
  let batch: string[] = [];
  for await (const name of files.list()) {
    if (signal?.aborted) return deleted;
    batch.push(name);
    if (batch.length < LOOKED_UP_AT_ONCE) continue;
    if (!(await sweep(batch))) return deleted;
    batch = [];
  }
  if (!signal?.aborted) await sweep(batch);
  return deleted;
}

/** An image shipped under public/, checked like an upload. */
export function readShippedImage(publicDir: string, path: string): CheckedImage | undefined {
  if (!isShippedImagePath(path)) return undefined;
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(readFileSync(join(publicDir, path)));
  } catch {
    return undefined;
  }
  const kind = sniffImage(bytes);
  if (!kind || bytes.length > LIMITS.imageBytesMax) return undefined;
  const size = imageDimensions(kind, bytes);
  if (size && size.width * size.height > LIMITS.imagePixelsMax) return undefined;
  return { kind, bytes };
}

export function mediaWrites(sql: Sql, publicDir: string, files: MediaFiles | undefined) {
  return {
    keepImage: (image) => keepPrepared(sql, image, files),
    async keepShippedImage(path) {
      const image = readShippedImage(publicDir, path);
      if (!image) throw refusal('avatarInvalid');
      return keepBytes(sql, image, files);
    },
  } satisfies Partial<StoreTx>;
}
