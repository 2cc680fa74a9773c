/**
 * The backends the journeys run against: the stand-in inside the served build (mock), or the real
 * server serving the build made with API_MOCKING=off, on a fresh PGlite folder or a fresh database on
 * the test PostgreSQL. Each Playwright worker has its own server, so parallel journeys never share a
 * network; every journey starts from the demo network.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildDefaultSeed } from '../contract/seed/default';
import { readConfig, REPOSITORY_ROOT } from '../server/config';
import { startServer, type RunningServer } from '../server/start';
import { newDataDir } from '../server/testing/pgliteTemplate';
import { createTestDatabase } from '../server/testing/serverTarget';

export type Backend = 'mock' | 'pglite' | 'postgres';

/** Where the e2e harness builds the app for the server (API_MOCKING=off). */
export const REAL_APP_DIR = join(REPOSITORY_ROOT, 'build', 'e2e-app');

export interface RealServer {
  /** http://127.0.0.1:port, the same across restarts. */
  url: string;
  /** Where the server writes its mail, having no SMTP server (DATA_DIR/mail). */
  mailFolder: string;
  /** Back to the demo network, on a running server. */
  reset(): Promise<void>;
  /** Stops the server as SIGTERM would: nothing answers on its port until `start`. */
  stop(): Promise<void>;
  /** Starts the stopped server again on the same data and port. */
  start(): Promise<void>;
  /** `stop`, then `start`. */
  restart(): Promise<void>;
  /**
   * Moves the time of every post `memberId` has scheduled to a second ago, as if it had come: the
   * server's own look publishes them within seconds (a journey cannot wait the minute a time is ahead).
   */
  makeScheduledPostsDue(memberId: string): Promise<void>;
  /**
   * Gives a member a role through the server's own store, as `npm run admin` does on the command
   * line (which needs a PGlite server stopped): the first admin of a journey.
   */
  setRole(memberId: string, role: 'member' | 'moderator' | 'admin'): Promise<void>;
  close(): Promise<void>;
}

/** `promise`, or a failure that says which step took too long. */
async function within<T>(ms: number, step: string, promise: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${step} took longer than ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** `settings`: more of the server's settings (its environment), beside the harness's own. */
export async function startRealServer(kind: Exclude<Backend, 'mock'>, settings: Record<string, string> = {}): Promise<RealServer> {
  const database = kind === 'postgres' ? await createTestDatabase() : undefined;
  const dataDir = database ? mkdtempSync(join(tmpdir(), 'socialconnect-e2e-')) : await newDataDir('socialconnect-e2e-');
  const env: Record<string, string> = {
    PORT: '0',
    DATA_DIR: dataDir,
    STATIC_DIR: REAL_APP_DIR,
    // Every journey logs in, and they all come from one address.
    RATE_LIMITS: 'off',
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...settings,
  };
  let server: RunningServer = await startServer(readConfig(env));
  const port = new URL(server.url).port;
  // A journey that fails while the server is stopped leaves it so: the next journey's reset starts it.
  let running = true;
  const realServer: RealServer = {
    url: server.url,
    mailFolder: join(dataDir, 'mail'),
    async reset() {
      if (!running) await realServer.start();
      await server.store.load(buildDefaultSeed());
    },
    async stop() {
      running = false;
      await within(15_000, 'stopping the server', server.close());
    },
    async start() {
      server = await within(30_000, 'starting the server again', startServer(readConfig({ ...env, PORT: port })));
      running = true;
    },
    async restart() {
      await realServer.stop();
      await realServer.start();
    },
    async makeScheduledPostsDue(memberId) {
      const publishAt = new Date(Date.now() - 1_000).toISOString();
      await server.store.transaction(async (tx) => {
        for (const { id, content, imageAlt, warning, moreImages, updatedAt } of await tx.scheduledPostsOf(memberId)) {
          await tx.updateScheduledPost(id, { content, imageAlt, warning, moreImages, updatedAt, publishAt });
        }
      });
    },
    async setRole(memberId, role) {
      await server.store.transaction((tx) => tx.setRole(memberId, role));
    },
    async close() {
      if (running) await within(15_000, 'closing the server', server.close());
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return realServer;
}
