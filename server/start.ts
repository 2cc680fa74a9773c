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
import { buildDefaultSeed } from '../contract/seed/default';
import { createTokenService } from '../contract/tokens';
import { createAnswerCache, pgliteChanges, postgresChanges, type ChangeFeed } from './answerCache';
import { buildApp } from './app';
import { describeStore, PGLITE_FOLDER, REPOSITORY_ROOT, type ServerConfig } from './config';
import { lockDataDir, type DataDirLock } from './dataDirLock';
import { openPglite, openPostgres, type Database } from './db/database';
import { warmUpWrites } from './db/warmUp';
import { migrate } from './db/migrate';
import { argon2Passwords } from './passwords';
import { createSqlStore, type SqlStore } from './store/sqlStore';
import { readUnreadTags } from './store/tags';
import { checkListen, startFailure } from './startErrors';
import { resolveJwtSecret } from './tokens';

export const PUBLIC_DIR = join(REPOSITORY_ROOT, 'public');

export interface RunningServer {
  app: FastifyInstance;
  database: Database;
  store: SqlStore;
  /** http://host:port */
  url: string;
  /** What the start-up printed: where it listens and which store it uses. */
  summary: string;
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

export async function startServer(config: ServerConfig, { logger = false, now = () => new Date() }: StartOptions = {}): Promise<RunningServer> {
  const started = performance.now();
  // The address first: a port in use or a HOST not on this machine is said before anything opens.
  await checkListen(config.host, config.port);
  let lock: DataDirLock | undefined;
  let database: Database | undefined;
  let changes: ChangeFeed | undefined;
  try {
    const secret = resolveJwtSecret(config);
    if (config.databaseUrl) {
      database = await openPostgres({ connectionString: config.databaseUrl });
      changes = await postgresChanges(config.databaseUrl, { database });
    } else {
      lock = lockDataDir(config.dataDir);
      database = await openPglite(join(config.dataDir, PGLITE_FOLDER));
      changes = await pgliteChanges(database);
    }
    const applied = await migrate(database);
    // Posts stored before tags were kept have theirs read before the first call is answered.
    await readUnreadTags(database);
    const store = createSqlStore(database, { publicDir: PUBLIC_DIR, passwords: argon2Passwords, changes });
    const seeded = config.seed ? await store.seedIfEmpty(buildDefaultSeed()) : false;
    // PGlite's first writes are slow until V8 has optimised its code (server/db/warmUp.ts).
    if (!config.databaseUrl) await warmUpWrites(database);
    const ctx: RuleContext = { store, tokens: createTokenService({ secret, now }), passwords: argon2Passwords, now, newId: randomUUID };
    // Counters every process on the database shares; on PGlite this process is the only one.
    const rateLimits = !config.rateLimits ? undefined : config.databaseUrl ? 'database' : 'memory';
    let draining = false;
    const app = await buildApp({
      ctx, database, answers: createAnswerCache(changes), events: changes, staticDir: config.staticDir, logger, trustProxy: config.trustProxy, rateLimits, draining: () => draining,
    });
    changes.reportTo(app.log);
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
    const openDatabase = database;
    const openLock = lock;
    const openChanges = changes;
    const summary = [
      `SocialConnect server listening on ${url}`,
      `  store: ${describeStore(config)}${applied.length > 0 ? `, migrations applied: ${applied.join(', ')}` : ''}${seeded ? ', seeded with the demo network' : ''}`,
      `  app: ${existsSync(join(config.staticDir, 'index.html')) ? config.staticDir : `not built (${config.staticDir} has no index.html): only /api and /media answer`}`,
      `  ready in ${Math.round(performance.now() - started)} ms`,
    ].join('\n');
    let closing: Promise<void> | undefined;
    return {
      app,
      database,
      store,
      url,
      summary,
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
            await openChanges.close();
            await openDatabase.close();
            openLock?.release();
          }
        })();
        return closing;
      },
    };
  } catch (error) {
    await changes?.close();
    await database?.close().catch(() => undefined);
    lock?.release();
    // A setting the operator can correct is said in one line; anything else is the server's fault.
    throw startFailure(error, config);
  }
}
