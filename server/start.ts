/**
 * Start-up and shut-down: open the store (PostgreSQL, or PGlite in the data folder under its lock),
 * apply migrations, seed an empty database, listen; on SIGINT or SIGTERM (main.ts) drain, then stop
 * accepting, close idle connections, finish what is in flight, close the database.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { RuleContext } from '../contract/context';
import { purgeDueAccounts } from '../contract/rules/leaving';
import { publishDuePosts } from '../contract/rules/scheduledPosts';
import { buildDefaultSeed, SEED_PASSWORD, SEED_USERNAMES } from '../contract/seed/default';
import { createTokenService } from '../contract/tokens';
import { createAnswerCache } from './answerCache';
import { pgliteChanges, postgresChanges, type ChangeFeed } from './changeFeed';
import { buildApp } from './app';
import { describeMedia, describeReplicas, describeStore, PGLITE_FOLDER, REPOSITORY_ROOT, type ServerConfig } from './config';
import { openMediaFiles, type MediaFiles } from './mediaFiles';
import { moveImagesToFiles } from './mediaMove';
import { deleteGoneFiles, deleteUnnamedFiles } from './store/media';
import { lockDataDir, type DataDirLock } from './dataDirLock';
import { devOriginsWarning } from './devOrigins';
import { openPglite, openPostgres, type Database } from './db/database';
import { warmUpWrites } from './store/warmUp';
import { migrate } from './db/migrate';
import { argon2Passwords } from './passwords';
import { createSqlStore, type SqlStore } from './store/sqlStore';
import { readUnreadTags } from './store/tags';
import { privateFolder } from './privateFiles';
import { imagesWithin } from './images';
import { checkListen, listenFailure, METRICS_LISTEN, StartError, startFailure } from './startErrors';
import { createMetrics, serveMetrics } from './metrics';
import { openReadReplicas, type ReadReplicas } from './readReplicas';
import { resolveJwtSecret, weakSecretWarning } from './tokens';
import { createServerMailer } from './mail';

/** How often a process looks for accounts whose grace period is over. */
export const PURGE_EVERY_MS = 60_000;

/** How often a process looks for scheduled posts that are due: the most a post waits past its time. */
export const PUBLISH_EVERY_MS = 5_000;

export const PUBLIC_DIR = join(REPOSITORY_ROOT, 'public');

export interface RunningServer {
  app: FastifyInstance;
  database: Database;
  store: SqlStore;
  /** http://host:port */
  url: string;
  /** Where /metrics answers (METRICS_PORT), when set. */
  metricsUrl?: string;
  /** What the start-up printed: where it listens and which store it uses. */
  summary: string;
  /** What the operator must hear (main.ts prints each on stderr; the log has them too). */
  warnings: string[];
  /**
   * Answers /api/health with 503 for `ms` (every other call is still served, each answer closing its
   * connection), so balancers stop sending before the server closes; `skip` ends the wait early.
   */
  drain(ms: number): { done: Promise<void>; skip(): void };
  /** Stops accepting, closes idle connections, lets requests in flight finish, closes the database and the lock. */
  close(): Promise<void>;
}

export interface StartOptions {
  logger?: FastifyServerOptions['logger'];
  now?: () => Date;
}

/**
 * What a production server on the demo network says at every start: its members log in with the
 * password the README publishes, so anyone can act as them.
 */
export function demoNetworkWarning(seededNow: boolean): string {
  const members = Object.values(SEED_USERNAMES);
  const who = `${members.slice(0, -1).join(', ')} and ${members.at(-1) ?? ''}`;
  return `WARNING: ${seededNow ? 'SEED=on loaded the demo network into this production database' : 'this production database holds the demo network'}: `
    + `${who} log in with the password published in the README ("${SEED_PASSWORD}"), so anyone can sign in as them. `
    + 'For a real network, start on an empty database with SEED unset (it is off in production).';
}

export async function startServer(config: ServerConfig, { logger = false, now = () => new Date() }: StartOptions = {}): Promise<RunningServer> {
  const started = performance.now();
  // The address first: a port in use or a HOST not on this machine is said before anything opens.
  await checkListen(config.host, config.port);
  if (config.metrics) await checkListen(config.metrics.host, config.metrics.port, undefined, METRICS_LISTEN);
  const warnings: string[] = [];
  const secretWarning = weakSecretWarning(config);
  if (secretWarning) warnings.push(secretWarning);
  const originsWarning = devOriginsWarning(config);
  if (originsWarning) warnings.push(originsWarning);
  // A production server is reached by its name: mail's links to its own address would not work.
  if (config.production && !config.publicUrl) {
    warnings.push('WARNING: PUBLIC_URL is not set with NODE_ENV=production: links in mail (a forgotten password\'s, an address\'s confirmation) open this server\'s own address, which members may not reach. Set PUBLIC_URL=https://your.domain.');
  }
  let lock: DataDirLock | undefined;
  let database: Database | undefined;
  let changes: ChangeFeed | undefined;
  let replicas: ReadReplicas | undefined;
  let metricsServer: Awaited<ReturnType<typeof serveMetrics>> | undefined;
  let media: MediaFiles | undefined;
  try {
    const secret = resolveJwtSecret(config);
    if (config.databaseUrl) {
      database = await openPostgres({ connectionString: config.databaseUrl, preparedStatements: config.preparedStatements });
      changes = await postgresChanges(config.databaseUrl, { database });
    } else {
      // The cluster holds every member's data and password hash: its owner's alone (0700).
      for (const folder of [config.dataDir, join(config.dataDir, PGLITE_FOLDER)]) {
        const open = privateFolder(folder);
        if (open) warnings.push(open);
      }
      lock = lockDataDir(config.dataDir);
      database = await openPglite(join(config.dataDir, PGLITE_FOLDER));
      changes = await pgliteChanges(database);
    }
    const applied = await migrate(database);
    // Posts stored before tags were kept have theirs read before the first call is answered.
    await readUnreadTags(database);
    media = openMediaFiles(config.media);
    await media.check();
    const files = media;
    // Files a process left listed for deletion when it stopped (between a commit and its deletions).
    await deleteGoneFiles(database, files);
    let mediaFailed = (error: unknown): void => console.error('Deleting the files of images let go of failed; they stay listed for the next time:', error);
    const store = createSqlStore(database, { publicDir: PUBLIC_DIR, passwords: argon2Passwords, changes, media: files, mediaFailed: (error) => mediaFailed(error) });
    const seeded = config.seed ? await store.seedIfEmpty(buildDefaultSeed()) : false;
    if (config.production && await store.read((reader) => reader.demoNetwork())) warnings.push(demoNetworkWarning(seeded));
    // PGlite's first writes are slow until V8 has optimised its code (server/store/warmUp.ts).
    if (!config.databaseUrl) await warmUpWrites(database);
    const mail = createServerMailer(config.mail);
    const ctx: RuleContext = { store, tokens: createTokenService({ secret, now }), passwords: argon2Passwords, ...imagesWithin(config.imagePixelsMax), postImagesMax: config.postImagesMax, now, newId: randomUUID, mail, appOrigin: config.publicUrl ?? '', deletionGraceDays: config.accountDeletionDays };
    // Counters every process on the database shares; on PGlite this process is the only one.
    const rateLimits = !config.rateLimits ? undefined : config.databaseUrl ? 'database' : 'memory';
    let draining = false;
    const heard = changes;
    const openPool = database.pool?.bind(database);
    // Reads of DATABASE_REPLICA_URLS, asked how far each has replayed from now on.
    replicas = config.replicaUrls.length > 0 ? await openReadReplicas({ urls: config.replicaUrls, knownNetwork: () => heard.heardNetwork(), lagMaxMs: config.replicaLagMaxMs, preparedStatements: config.preparedStatements }) : undefined;
    const openReplicas = replicas;
    const metrics = config.metrics ? createMetrics({
      channelHeard: () => heard.version() !== undefined, ...(openPool ? { pool: openPool } : {}), ...(openReplicas ? { replicas: () => openReplicas.states() } : {}),
      mailPending: () => mail.pending(),
    }) : undefined;
    if (metrics) {
      database.reportPoolWaitsTo?.((seconds) => metrics.poolWait(seconds));
      mail.reportOutcomesTo((outcome) => metrics.mailed(outcome));
    }
    const app = await buildApp({
      ctx, database, answers: createAnswerCache(changes), consistency: config.readConsistency, ...(openReplicas ? { replicas: openReplicas } : {}), heardNetwork: () => heard.heardNetwork(), events: changes, streamsPerSession: config.streamsPerSession, staticDir: config.staticDir, logger, trustProxy: config.trustProxy, devOrigins: config.devOrigins, rateLimits, draining: () => draining, metrics, media: files,
    });
    changes.reportTo(app.log);
    replicas?.reportTo(app.log);
    mail.reportTo(app.log);
    mediaFailed = (error) => app.log.error({ err: error }, 'Deleting the files of images let go of failed; they stay listed for the next time.');
    if (metrics) changes.reportRoundTripsTo((seconds) => metrics.channelRoundTrip(seconds));
    for (const warning of warnings) app.log.warn(warning);
    await app.listen({ port: config.port, host: config.host });
    // Without PUBLIC_URL, links in mail open this server where it listens (its port once bound).
    if (!config.publicUrl) ctx.appOrigin = ownOrigin(app, config.host);
    if (metrics && config.metrics) {
      const { host, port } = config.metrics;
      // Checked free at the start; another program may have taken it since: said naming its setting.
      metricsServer = await serveMetrics(metrics.registry, host, port).catch((error: unknown) => {
        const line = listenFailure(error, host, port, undefined, METRICS_LISTEN);
        throw line ? new StartError(line) : error;
      });
    }
    const openMetrics = metricsServer;
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
    const openDatabase = database;
    const openLock = lock;
    const openChanges = changes;
    // Images kept in the database's rows before they had files move to the files, in the background.
    const stopBackground = new AbortController();
    const moving = moveImagesToFiles(openDatabase, files, { signal: stopBackground.signal }).then(
      (moved) => {
        if (moved.images + moved.copies > 0) app.log.info(moved, `Moved ${moved.images} images and ${moved.copies} smaller copies from the database to ${describeMedia(config.media)}.`);
      },
      (error: unknown) => {
        if (!stopBackground.signal.aborted) app.log.error({ err: error }, 'Moving images from the database to their files stopped; the next start goes on where it stopped.');
      },
    );
    // Files no image's record names, which a process that stopped while keeping an image left behind.
    const sweeping = deleteUnnamedFiles(openDatabase, files, { signal: stopBackground.signal }).then(
      (deleted) => {
        if (deleted > 0) app.log.info({ deleted }, `Deleted ${deleted} files of images that no record names (left by a process that stopped while keeping an image).`);
      },
      (error: unknown) => {
        if (!stopBackground.signal.aborted) app.log.error({ err: error }, 'Looking for files of images that no record names stopped; the next start looks again.');
      },
    );
    // Accounts whose grace period is over go for good: at the start, then every PURGE_EVERY_MS. Each
    // process looks; a member goes once, in the transaction that still finds them due.
    let purging: Promise<void> = Promise.resolve();
    const purge = (): void => {
      purging = purging.then(() => purgeDueAccounts(ctx)).then(
        (purged) => {
          if (purged > 0) app.log.info({ purged }, `Deleted ${purged} accounts for good: their grace period was over.`);
        },
        (error: unknown) => app.log.error({ err: error }, 'Deleting accounts whose grace period is over failed; the next look tries again.'),
      );
    };
    purge();
    const purgeTimer = setInterval(purge, PURGE_EVERY_MS);
    purgeTimer.unref();
    // Scheduled posts due go out: every PUBLISH_EVERY_MS, from every process; each is taken by one.
    let publishing: Promise<void> = Promise.resolve();
    const publish = (): void => {
      publishing = publishing.then(() => publishDuePosts(ctx)).then(
        () => undefined,
        (error: unknown) => app.log.error({ err: error }, 'Publishing the scheduled posts that are due failed; the next look tries again.'),
      );
    };
    publish();
    // The period's phase is each process's own: processes started together then look at different
    // moments, and the wait past a post's time shrinks with their number.
    let publishTimer: ReturnType<typeof setInterval> | undefined;
    const phase = setTimeout(() => {
      publish();
      publishTimer = setInterval(publish, PUBLISH_EVERY_MS);
      publishTimer.unref();
    }, Math.random() * PUBLISH_EVERY_MS);
    phase.unref();
    const summary = [
      `SocialConnect server listening on ${url}`,
      `  store: ${describeStore(config)}${applied.length > 0 ? `, migrations applied: ${applied.join(', ')}` : ''}${seeded ? ', seeded with the demo network' : ''}`,
      ...(openReplicas ? [`  read replicas: ${describeReplicas(config) ?? ''}; reads: ${config.readConsistency} consistency`] : []),
      `  images: ${describeMedia(config.media)}`,
      `  app: ${existsSync(join(config.staticDir, 'index.html')) ? config.staticDir : `not built (${config.staticDir} has no index.html): only /api and /media answer`}`,
      ...(openMetrics ? [`  metrics: ${openMetrics.url}`] : []),
      `  ready in ${Math.round(performance.now() - started)} ms`,
    ].join('\n');
    let closing: Promise<void> | undefined;
    return {
      app,
      database,
      store,
      url,
      ...(openMetrics ? { metricsUrl: openMetrics.url } : {}),
      summary,
      warnings,
      drain(ms) {
        draining = true;
        let skip = (): void => undefined;
        const done = new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, ms);
          skip = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        return { done, skip };
      },
      close() {
        closing ??= (async () => {
          try {
            await app.close();
          } finally {
            stopBackground.abort();
            clearInterval(purgeTimer);
            clearTimeout(phase);
            clearInterval(publishTimer);
            await Promise.all([moving, sweeping, purging, publishing]);
            // Mail on its way is sent (or written) before the process goes.
            await mail.settled();
            mail.close();
            files.close();
            await openMetrics?.close();
            await openChanges.close();
            await openReplicas?.close();
            await openDatabase.close();
            openLock?.release();
          }
        })();
        return closing;
      },
    };
  } catch (error) {
    await metricsServer?.close();
    media?.close();
    await replicas?.close();
    await changes?.close();
    await database?.close().catch(() => undefined);
    lock?.release();
    // A setting the operator can correct is said in one line; anything else is the server's fault.
    throw startFailure(error, config);
  }
}

/** This server's address as a browser on the same machine opens it: its host (localhost for any), its port. */
function ownOrigin(app: { server: { address(): unknown } }, host: string): string {
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null && 'port' in address ? Number((address as { port: number }).port) : 0;
  const name = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}
