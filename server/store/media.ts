/**
 * Images: stored once by the SHA-256 of their bytes in `media`, with a post's smaller copies in
 * `media_copies`, answered under /media.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { refusal } from '../../contract/errors';
import { sizesOf, type PreparedImage } from '../../contract/images';
import type { KeptImage, StoreTx } from '../../contract/store';
import { IMAGE_KINDS, imageDimensions, isShippedImagePath, LIMITS, sniffImage, type CheckedImage } from '../../contract/validation';
import type { Sql } from '../db/database';

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

/**
 * Keeps an image for one more member or post that names it (its `refs`), stored once by its bytes.
 * Called in the transaction that writes the name: a write that fails takes the count back with it.
 * The count's row lock orders it with a release of the same image (releaseImage).
 */
export async function keepBytes(sql: Sql, image: CheckedImage, hash: string = sha256(image.bytes)): Promise<string> {
  await sql.query(
    'INSERT INTO media (sha256, kind, bytes, refs) VALUES ($1, $2, $3, 1) ON CONFLICT (sha256) DO UPDATE SET refs = media.refs + 1',
    [hash, image.kind, Buffer.from(image.bytes)],
  );
  return mediaUrl(hash, image.kind);
}

/**
 * Keeps an upload and its smaller copies (kept once, as the image is), and says what answers carry
 * of them.
 */
export async function keepPrepared(sql: Sql, prepared: PreparedImage): Promise<KeptImage> {
  const hash = sha256(prepared.image.bytes);
  const url = await keepBytes(sql, prepared.image, hash);
  for (const copy of prepared.smaller) {
    await sql.query('INSERT INTO media_copies (sha256, width, bytes) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [hash, copy.width, Buffer.from(copy.image.bytes)]);
  }
  return { url, sizes: sizesOf(prepared, (copy) => copyUrl(hash, copy.width)) };
}

const STORED_IMAGE = /^\/media\/([0-9a-f]{64})\.[a-z]+$/;

/**
 * A member or a post no longer names `url` (a post deleted, an avatar replaced): the last to let go
 * of a stored image deletes it, so it is no longer served. Anything else (no image, one shipped with
 * the app) is nothing to let go of. A keep of the same image at the same time waits for this one's
 * row lock, and then stores it afresh.
 */
export async function releaseImage(sql: Sql, url: string): Promise<void> {
  const stored = STORED_IMAGE.exec(url);
  if (!stored) return;
  const rows = await sql.query<{ refs: number }>('UPDATE media SET refs = refs - 1 WHERE sha256 = $1 AND refs > 0 RETURNING refs', [stored[1]]);
  if (rows[0]?.refs === 0) await sql.query('DELETE FROM media WHERE sha256 = $1 AND refs = 0', [stored[1]]);
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

export function mediaWrites(sql: Sql, publicDir: string) {
  return {
    keepImage: (image) => keepPrepared(sql, image),
    async keepShippedImage(path) {
      const image = readShippedImage(publicDir, path);
      if (!image) throw refusal('avatarInvalid');
      return keepBytes(sql, image);
    },
  } satisfies Partial<StoreTx>;
}
