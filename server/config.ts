/**
 * The server's settings, read from the environment by their schema (server/settings.js) and checked
 * at start: a bad value stops the server with a message naming the setting and what it accepts.
 */
import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import type { MediaSettings } from './mediaFiles';
import { ConfigError, readServerSettings } from './settings';

export { ConfigError };

/** The repository's folder, from the source (server/) or from the compiled build (build/server/server/). */
function findRepositoryRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return start;
  }
}

export const REPOSITORY_ROOT = findRepositoryRoot(__dirname);

/** The folder under DATA_DIR that holds the PGlite cluster. */
export const PGLITE_FOLDER = 'pglite';

/** The folder under DATA_DIR that holds images' files, unless MEDIA_DIR names another. */
export const MEDIA_FOLDER = 'media';

/** TRUST_PROXY, as Fastify's trustProxy takes it. */
export type TrustProxy = false | number | string[];

export interface ServerConfig {
  port: number;
  host: string;
  /** PostgreSQL; undefined means the embedded PGlite in dataDir. */
  databaseUrl: string | undefined;
  /** PostgreSQL streaming replicas of databaseUrl that answer reads (server/readReplicas.ts); none by default. */
  replicaUrls: string[];
  /** Whether the store's statements are kept prepared on each PostgreSQL connection (server/db/database.ts). */
  preparedStatements: boolean;
  /** A replica behind the network longer than this is left out of the reads until it catches up. */
  replicaLagMaxMs: number;
  /** What a read promises (server/answerCache.ts): session consistency, or every write answered (strict). */
  readConsistency: 'session' | 'strict';
  /** PGlite's folder, the generated development secret and the lock of the server using them. */
  dataDir: string;
  /** Where images' bytes are kept (server/mediaFiles.ts): a folder (by default DATA_DIR/media) or a bucket. */
  media: MediaSettings;
  /** From JWT_SECRET; undefined in development means one is generated and kept in dataDir. */
  jwtSecret: string | undefined;
  rateLimits: boolean;
  /**
   * Which hops of X-Forwarded-For are believed: none (false), the number of proxies in front, or
   * their addresses (Fastify's trustProxy).
   */
  trustProxy: TrustProxy;
  /**
   * The origins (scheme://host[:port]) whose pages may call /api and /media from the browser: a
   * development copy of the app served elsewhere (DEV_ORIGINS). Empty: none, no CORS at all.
   */
  devOrigins: string[];
  /**
   * Whether an empty database gets the demo network: SEED when given, else on in development and
   * off in production (its members' password is published in the README).
   */
  seed: boolean;
  /** After SIGTERM, how long /api/health answers 503 (so balancers stop sending) before the server closes. */
  drainMs: number;
  /** How many live streams one session may hold open at once in this process; the next is refused 429. */
  streamsPerSession: number;
  /** The most pixels an uploaded image may have; said in /api/health, so the app checks the same. */
  imagePixelsMax: number;
  /** How many images a post may have (`more-images`); said in /api/health, so the app offers as many. */
  postImagesMax: number;
  /** The days a deleted account waits, hidden, before it goes for good (contract/rules/leaving.ts). */
  accountDeletionDays: number;
  /** Where /metrics answers (server/metrics.ts); none when unset. */
  metrics?: { host: string; port: number };
  production: boolean;
  /** The built app (API_MOCKING=off) that the server serves. */
  staticDir: string;
  /** The least level of the request log's lines (pino's levels). */
  logLevel: string;
  /** Mail to members: by SMTP (SMTP_URL), else to the log and a folder under dataDir (server/mail.ts). */
  mail: { smtpUrl: string | undefined; from: string; folder: string };
  /**
   * The app's address, which links in mail open (PUBLIC_URL), without a trailing slash; undefined
   * for this server's own address once it listens (http://localhost:PORT, or its HOST).
   */
  publicUrl: string | undefined;
}

/**
 * TRUST_PROXY as Fastify takes it. A number of proxies believes that many hops of X-Forwarded-For,
 * counted from the server (Fastify itself reads a bare number as "none"); the address just before
 * them is the client's, whatever a client wrote further along.
 */
export function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/** A folder setting: a relative one lies in the repository. */
function inRepository(path: string): string {
  return isAbsolute(path) ? path : resolve(REPOSITORY_ROOT, path);
}

/** MEDIA_DIR or MEDIA_S3_*, checked together: a bucket's settings come whole or not at all. */
function readMediaSettings(settings: ReturnType<typeof readServerSettings>, dataDir: string): MediaSettings {
  const url = settings.MEDIA_S3_URL;
  const bucketSetting = Object.keys(settings).find((name) => name.startsWith('MEDIA_S3_') && name !== 'MEDIA_S3_REGION' && settings[name as keyof typeof settings] !== undefined);
  if (!url) {
    if (bucketSetting) throw new ConfigError(`${bucketSetting} is given without MEDIA_S3_URL. Set MEDIA_S3_URL to the object store's endpoint, or unset ${bucketSetting} to keep images in MEDIA_DIR.`);
    return { kind: 'directory', dir: settings.MEDIA_DIR ? inRepository(settings.MEDIA_DIR) : join(dataDir, MEDIA_FOLDER) };
  }
  if (settings.MEDIA_DIR) throw new ConfigError('MEDIA_DIR and MEDIA_S3_URL are both given. Images are kept in one place: unset one of them.');
  if (!settings.MEDIA_S3_BUCKET) throw new ConfigError('MEDIA_S3_URL is given without MEDIA_S3_BUCKET. Set MEDIA_S3_BUCKET to the bucket that keeps the images.');
  const keyId = settings.MEDIA_S3_ACCESS_KEY_ID;
  const secret = settings.MEDIA_S3_SECRET_ACCESS_KEY;
  if (Boolean(keyId) !== Boolean(secret)) {
    throw new ConfigError(`${keyId ? 'MEDIA_S3_ACCESS_KEY_ID is given without MEDIA_S3_SECRET_ACCESS_KEY' : 'MEDIA_S3_SECRET_ACCESS_KEY is given without MEDIA_S3_ACCESS_KEY_ID'}. Give both, or neither (the AWS SDK's own credentials).`);
  }
  return {
    kind: 's3',
    url,
    bucket: settings.MEDIA_S3_BUCKET,
    region: settings.MEDIA_S3_REGION,
    ...(keyId && secret ? { accessKeyId: keyId, secretAccessKey: secret } : {}),
  };
}

export function readConfig(env: Readonly<Record<string, string | undefined>> = process.env): ServerConfig {
  const settings = readServerSettings(env);
  const production = settings.NODE_ENV === 'production';
  const dataDir = inRepository(settings.DATA_DIR);
  const replicaUrls = (settings.DATABASE_REPLICA_URLS ?? '').split(',').map((url) => url.trim()).filter((url) => url !== '');
  if (replicaUrls.length > 0 && !settings.DATABASE_URL) throw new ConfigError('DATABASE_REPLICA_URLS is given without DATABASE_URL. Replicas copy a PostgreSQL primary: set DATABASE_URL to it, or unset DATABASE_REPLICA_URLS.');
  return {
    port: settings.PORT,
    host: settings.HOST,
    databaseUrl: settings.DATABASE_URL,
    replicaUrls,
    preparedStatements: settings.DATABASE_PREPARED_STATEMENTS,
    replicaLagMaxMs: settings.REPLICA_LAG_MAX_MS,
    readConsistency: settings.READ_CONSISTENCY === 'strict' ? 'strict' : 'session',
    dataDir,
    media: readMediaSettings(settings, dataDir),
    jwtSecret: settings.JWT_SECRET,
    rateLimits: settings.RATE_LIMITS,
    trustProxy: settings.TRUST_PROXY,
    devOrigins: settings.DEV_ORIGINS,
    seed: settings.SEED ?? !production,
    drainMs: settings.DRAIN_SECONDS * 1000,
    streamsPerSession: settings.STREAMS_PER_SESSION,
    imagePixelsMax: settings.IMAGE_PIXELS_MAX,
    postImagesMax: settings.POST_IMAGES_MAX,
    accountDeletionDays: settings.ACCOUNT_DELETION_DAYS,
    ...(settings.METRICS_PORT === undefined ? {} : { metrics: { host: settings.METRICS_HOST, port: settings.METRICS_PORT } }),
    production,
    staticDir: inRepository(settings.STATIC_DIR),
    logLevel: settings.LOG_LEVEL,
    mail: { smtpUrl: settings.SMTP_URL, from: settings.MAIL_FROM, folder: join(dataDir, 'mail') },
    publicUrl: settings.PUBLIC_URL ? new URL(settings.PUBLIC_URL).origin : undefined,
  };
}

/** Where images' files are kept, in words, for the start-up line. */
export function describeMedia(media: MediaSettings): string {
  return media.kind === 'directory' ? `the folder ${media.dir}` : `the bucket ${media.bucket} at ${new URL(media.url).host}`;
}

/** Where the store lives, in words, for the start-up line. */
export function describeStore(config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>): string {
  if (!config.databaseUrl) return `PGlite (embedded PostgreSQL) in ${config.dataDir}`;
  const url = new URL(config.databaseUrl);
  return `PostgreSQL at ${url.hostname}:${url.port || '5432'}${url.pathname}`;
}

/** The read replicas, in words, for the start-up line (undefined when none). */
export function describeReplicas(config: Pick<ServerConfig, 'replicaUrls' | 'replicaLagMaxMs'>): string | undefined {
  if (config.replicaUrls.length === 0) return undefined;
  return `${config.replicaUrls.map((replica) => { const url = new URL(replica); return `${url.hostname}:${url.port || '5432'}${url.pathname}`; }).join(', ')} (left out past ${config.replicaLagMaxMs} ms behind)`;
}
