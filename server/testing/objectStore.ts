/**
 * An S3-compatible object store on loopback for the tests (s3rver, keeping its objects in a
 * temporary folder), with one bucket made, and the settings that reach it as MEDIA_S3_* would.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../mediaFiles';

export interface TestObjectStore {
  settings: S3Settings;
  /** MEDIA_S3_* for a server process. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** s3rver's own keys: it takes these and refuses any other signature. */
const KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export async function startObjectStore(bucket = 'socialconnect-media'): Promise<TestObjectStore> {
  const directory = mkdtempSync(join(tmpdir(), 'socialconnect-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const settings: S3Settings = { url: `http://127.0.0.1:${port}`, bucket, region: 'us-east-1', ...KEYS };
  return {
    settings,
    env: { MEDIA_S3_URL: settings.url, MEDIA_S3_BUCKET: bucket, MEDIA_S3_ACCESS_KEY_ID: KEYS.accessKeyId, MEDIA_S3_SECRET_ACCESS_KEY: KEYS.secretAccessKey },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
