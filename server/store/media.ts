/** Images: stored once by the SHA-256 of their bytes in `media`, answered under /media. */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { refusal } from '../../contract/errors';
import type { StoreTx } from '../../contract/store';
import { IMAGE_KINDS, imageDimensions, isShippedImagePath, LIMITS, sniffImage, type CheckedImage } from '../../contract/validation';
import type { Sql } from '../db/database';

/** The URL an image is answered with, from its bytes. */
export function mediaUrl(sha256: string, kind: CheckedImage['kind']): string {
  return `/media/${sha256}.${IMAGE_KINDS[kind].ext}`;
}

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export async function keepBytes(sql: Sql, image: CheckedImage): Promise<string> {
  const hash = sha256(image.bytes);
  await sql.query('INSERT INTO media (sha256, kind, bytes) VALUES ($1, $2, $3) ON CONFLICT (sha256) DO NOTHING', [hash, image.kind, Buffer.from(image.bytes)]);
  return mediaUrl(hash, image.kind);
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
    keepImage: (image) => keepBytes(sql, image),
    async keepShippedImage(path) {
      const image = readShippedImage(publicDir, path);
      if (!image) throw refusal('avatarInvalid');
      return keepBytes(sql, image);
    },
  } satisfies Partial<StoreTx>;
}
