/**
 * Moves the images a database still holds in its rows (kept before images had files) into the
 * files, one image and its smaller copies at a time, each in its own transaction: the file is
 * written, then the row lets go of its bytes. Servers keep answering throughout (a row with bytes is
 * answered from them, one without from its file), several movers may run at once (each takes rows
 * no other holds), and a move stopped anywhere goes on where it stopped: what is left is what still
 * has bytes. A server runs it in the background at start; `npm run media:move` runs it to the end.
 */
import { IMAGE_KINDS, type ImageKind } from '../contract/validation';
import { toBytes, type Database } from './db/database';
import type { MediaFiles } from './mediaFiles';
import { copyUrl, mediaFileName, mediaUrl } from './store/media';

export interface MoveCounts {
  images: number;
  copies: number;
}

export interface MoveOptions {
  /** Stops the move between two images (a server closing). */
  signal?: AbortSignal;
  /** Told after each image moved, with the counts so far. */
  progress?: (counts: MoveCounts) => void;
}

/** How many images and smaller copies still hold their bytes in the database. */
export async function imagesLeftToMove(database: Database): Promise<MoveCounts> {
  const [row] = await database.query<{ images: number; copies: number }>(
    'SELECT (SELECT count(*)::int FROM media WHERE bytes IS NOT NULL) AS images, (SELECT count(*)::int FROM media_copies WHERE bytes IS NOT NULL) AS copies',
  );
  return { images: row?.images ?? 0, copies: row?.copies ?? 0 };
}

export async function moveImagesToFiles(database: Database, files: MediaFiles, { signal, progress }: MoveOptions = {}): Promise<MoveCounts> {
  const moved: MoveCounts = { images: 0, copies: 0 };
  while (!signal?.aborted) {
    const more = await database.transaction(async (sql) => {
      // An image with its bytes, or else a copy with its bytes whose image has moved already.
      const [image] = await sql.query<{ sha256: string; kind: ImageKind; bytes: unknown }>(
        'SELECT sha256, kind, bytes FROM media WHERE bytes IS NOT NULL ORDER BY sha256 LIMIT 1 FOR UPDATE SKIP LOCKED',
      );
      const hash = image?.sha256 ?? (await sql.query<{ sha256: string }>(
        'SELECT sha256 FROM media_copies WHERE bytes IS NOT NULL ORDER BY sha256 LIMIT 1 FOR UPDATE SKIP LOCKED',
      ))[0]?.sha256;
      if (hash === undefined) return undefined;
      if (image) {
        await files.put(mediaFileName(mediaUrl(hash, image.kind)), toBytes(image.bytes), IMAGE_KINDS[image.kind].mediaType);
        await sql.query('UPDATE media SET bytes = NULL WHERE sha256 = $1', [hash]);
      }
      const copies = await sql.query<{ width: number; bytes: unknown }>('SELECT width, bytes FROM media_copies WHERE sha256 = $1 AND bytes IS NOT NULL FOR UPDATE', [hash]);
      for (const copy of copies) {
        await files.put(mediaFileName(copyUrl(hash, copy.width)), toBytes(copy.bytes), IMAGE_KINDS.webp.mediaType);
        await sql.query('UPDATE media_copies SET bytes = NULL WHERE sha256 = $1 AND width = $2', [hash, copy.width]);
      }
      return { images: image ? 1 : 0, copies: copies.length };
    });
    if (!more) break;
    // Counted once committed (a transaction that lost a race runs again).
    moved.images += more.images;
    moved.copies += more.copies;
    progress?.({ ...moved });
  }
  return moved;
}
