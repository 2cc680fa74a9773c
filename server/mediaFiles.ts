/**
 * Where images' bytes live: a folder on this machine (MEDIA_DIR, by default DATA_DIR/media) or a
 * bucket of any S3-compatible object store (MEDIA_S3_URL). The database keeps what names them
 * (`media`, `media_copies`); the files are named as their URLs are (`<sha256>.<ext>`,
 * `<sha256>-<width>.webp`), so a name is its content and a file, once written, never changes.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  DeleteObjectCommand,
  HeadBucketCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';

/** A stored image's file name: its URL's last part. */
const FILE_NAME = /^[0-9a-f]{64}(?:\.[a-z]+|-\d+\.webp)$/;

export function isMediaFileName(name: string): boolean {
  return FILE_NAME.test(name);
}

export interface MediaFiles {
  /** Fails, saying why in words an operator can act on, when the files cannot be reached. */
  check(): Promise<void>;
  /** Writes a file (a second write of the same name writes the same bytes). */
  put(name: string, bytes: Uint8Array, mediaType: string): Promise<void>;
  /** A file's bytes, or undefined when there is none of that name. */
  get(name: string): Promise<Uint8Array | undefined>;
  /** Deletes a file; one already gone is no error. */
  delete(name: string): Promise<void>;
  /** Every file's name, in no particular order. */
  list(): AsyncIterable<string>;
  /**
   * Deletes what writes cut short left behind, older than `olderThanMs` (a folder's temporary files;
   * a bucket keeps an object whole or not at all), and says how many.
   */
  deleteUnfinished(olderThanMs: number): Promise<number>;
  close(): void;
}

/** The folder or the bucket could not be reached: said in one line to the operator. */
export class MediaUnreachable extends Error {
  override name = 'MediaUnreachable';
}

function checkedName(name: string): string {
  if (!isMediaFileName(name)) throw new Error(`Not a stored image's name: ${JSON.stringify(name.slice(0, 100))}.`);
  return name;
}

/** A write's temporary file in a folder: the image's name, a random id, `.part` (directoryMedia's put). */
const PARTIAL_FILE = /^[0-9a-f]{64}(-\d+)?\.[a-z]+\.[0-9a-f-]{36}\.part$/;

/**
 * A folder of files, spread over 256 subfolders by the name's first two characters (no folder
 * grows past what a file system lists quickly). A write goes to a temporary name first and is
 * renamed into place, so a reader never sees half a file, and a crash leaves no file of the name.
 */
export function directoryMedia(folder: string): MediaFiles {
  const pathOf = (name: string): string => join(folder, checkedName(name).slice(0, 2), name);
  return {
    async check() {
      const probe = join(folder, `.probe-${randomUUID()}`);
      try {
        // Beside the cluster, as private as its folder; the images in it are public once posted.
        mkdirSync(folder, { recursive: true, mode: 0o700 });
        await writeFile(probe, '');
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? String(error);
        if (code === 'EEXIST' || code === 'ENOTDIR') throw new MediaUnreachable(`Images cannot be kept in ${folder}: a file is in the way of that folder. Move the file, or set MEDIA_DIR to another folder.`);
        throw new MediaUnreachable(`Images cannot be written to the folder ${folder} (${code}). Make it writable by the server's user, or set MEDIA_DIR to another folder.`);
      } finally {
        await rm(probe, { force: true }).catch(() => undefined);
      }
    },
    async put(name, bytes) {
      const path = pathOf(name);
      mkdirSync(join(folder, name.slice(0, 2)), { recursive: true, mode: 0o700 });
      const writing = `${path}.${randomUUID()}.part`;
      try {
        await writeFile(writing, bytes);
        await rename(writing, path);
      } catch (error) {
        await rm(writing, { force: true });
        throw error;
      }
    },
    async get(name) {
      try {
        return new Uint8Array(await readFile(pathOf(name)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async delete(name) {
      await rm(pathOf(name), { force: true });
    },
    async *list() {
      if (!existsSync(folder)) return;
      for (const sub of readdirSync(folder, { withFileTypes: true })) {
        if (!sub.isDirectory() || !/^[0-9a-f]{2}$/.test(sub.name)) continue;
        for (const name of readdirSync(join(folder, sub.name))) if (isMediaFileName(name)) yield name;
      }
    },
    async deleteUnfinished(olderThanMs) {
      if (!existsSync(folder)) return 0;
      const before = Date.now() - olderThanMs;
      let deleted = 0;
      for (const sub of readdirSync(folder, { withFileTypes: true })) {
        if (!sub.isDirectory() || !/^[0-9a-f]{2}$/.test(sub.name)) continue;
        for (const name of readdirSync(join(folder, sub.name))) {
          const path = join(folder, sub.name, name);
          const written = PARTIAL_FILE.exec(name) ? await stat(path).catch(() => undefined) : undefined;
          if (written && written.mtimeMs < before) {
            await rm(path, { force: true });
            deleted += 1;
          }
        }
      }
      return deleted;
    },
    close() {},
  };
}

export interface S3Settings {
  /** The store's endpoint: https://s3.eu-west-1.amazonaws.com, or http://127.0.0.1:9000 for one on this machine. */
  url: string;
  bucket: string;
  region: string;
  /** Unset: the SDK's own chain (AWS_ACCESS_KEY_ID, an instance's role, ...). */
  accessKeyId?: string;
  secretAccessKey?: string;
}

/** A failed connection's code (ECONNREFUSED, ENOTFOUND...), also when the SDK wraps the error it met in its own. */
function systemCode(error: unknown): string {
  const failure = error as { code?: unknown; message?: unknown; name?: unknown };
  if (typeof failure.code === 'string') return failure.code;
  return (typeof failure.message === 'string' ? /\b(E[A-Z]{3,})\b/.exec(failure.message)?.[1] : undefined) ?? String(failure.name ?? 'an error');
}

function isMissing(error: unknown): boolean {
  return error instanceof NoSuchKey || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404);
}

/** A bucket of an S3-compatible object store, addressed by path (`<url>/<bucket>/<name>`), which every such store answers. */
export function s3Media(settings: S3Settings): MediaFiles {
  // The SDK's notice that its releases after January 2027 need Node 22 is for whoever upgrades it
  // (the README says so); the version the server pins runs on Node 20, and an operator's log is
  // spared a paragraph at every start.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const client = new S3Client({
    endpoint: settings.url,
    region: settings.region,
    forcePathStyle: true,
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
  });
  const Bucket = settings.bucket;
  return {
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
        const where = `The bucket ${Bucket} at ${settings.url}`;
        throw new MediaUnreachable(
          status === 404 ? `There is no bucket ${Bucket} at ${settings.url}. Create it, or set MEDIA_S3_BUCKET to one that exists.`
          : status === 403 || status === 401 ? `${where} refused the keys given (MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY, else the AWS SDK's own). Give keys that may read and write it.`
          : `${where} could not be reached (${status ? `HTTP ${status}` : systemCode(error)}). Check MEDIA_S3_URL and that the store is running.`,
        );
      }
    },
    async put(name, bytes, mediaType) {
      await client.send(new PutObjectCommand({ Bucket, Key: checkedName(name), Body: bytes, ContentType: mediaType }));
    },
    async get(name) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: checkedName(name) }));
        return answer.Body ? await answer.Body.transformToByteArray() : new Uint8Array();
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async delete(name) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkedName(name) }));
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const entry of page.Contents ?? []) if (entry.Key && isMediaFileName(entry.Key)) yield entry.Key;
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async deleteUnfinished() {
      return 0;
    },
    close() {
      client.destroy();
    },
  };
}

/** Where images' files are kept: a folder, or a bucket (MEDIA_DIR or MEDIA_S3_*, read by server/config.ts). */
export type MediaSettings = { kind: 'directory'; dir: string } | ({ kind: 's3' } & S3Settings);

/** The files the settings name. */
export function openMediaFiles(settings: MediaSettings): MediaFiles {
  return settings.kind === 'directory' ? directoryMedia(settings.dir) : s3Media(settings);
}
