/**
 * The server as a target of the contract suite: a fresh database (in-memory PGlite, or a new
 * database on the test PostgreSQL), migrated, the app listening on a free loopback port in this
 * process, with the real argon2 passwords and HS256 tokens.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { RuleContext } from '../../contract/context';
import type { LoginResponse } from '../../contract/api';
import { LIMITS } from '../../contract/limits';
import { buildDefaultSeed, DEMO_CREDENTIALS } from '../../contract/seed/default';
import { withFaults, type ContractTarget } from '../../contract/tests/target';
import { createTokenService } from '../../contract/tokens';
import { publishDuePosts } from '../../contract/rules/scheduledPosts';
import { keepingMailer, type Mailer, type OutgoingMail } from '../../contract/mail';
import { createAnswerCache } from '../answerCache';
import { pgliteChanges, postgresChanges, type ChangeFeed } from '../changeFeed';
import { buildApp, type AppOptions } from '../app';
import { REPOSITORY_ROOT, type TrustProxy } from '../config';
import { openPostgres, type Database } from '../db/database';
import { migrate } from '../db/migrate';
import { imagesWithin } from '../images';
import { directoryMedia, type MediaFiles } from '../mediaFiles';
import { argon2Passwords } from '../passwords';
import { eventReads } from '../store/events';
import { createSqlStore, type SqlStore } from '../store/sqlStore';
import { newPglite } from './pgliteTemplate';
import { postgresTemplate } from './schemaTemplate';

export const PUBLIC_DIR = join(REPOSITORY_ROOT, 'public');

/**
 * A new database on the test PostgreSQL (TEST_DATABASE_URL), dropped by `drop`: empty, or
 * (`migrated`) with the schema as migrating it makes it and no row of the network, copied from a
 * template migrated once (schemaTemplate.ts).
 */
export async function createTestDatabase({ migrated = false }: { migrated?: boolean } = {}): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set: run the server tests through jest, whose set-up starts PostgreSQL.');
  const template = migrated ? await postgresTemplate(adminUrl) : undefined;
  const name = `socialconnect_test_${randomBytes(6).toString('hex')}`;
  const admin = await openPostgres({ connectionString: adminUrl, max: 1 });
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.close();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const again = await openPostgres({ connectionString: adminUrl, max: 1 });
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.close();
    },
  };
}

/**
 * A new, migrated, empty database of each kind, and what drops it: for a suite that checks the
 * store's SQL on PGlite and on PostgreSQL alike (`describe.each`).
 */
export const EMPTY_DATABASES: Array<[kind: string, open: () => Promise<{ database: Database; drop(): Promise<void> }>]> = [
  ['PGlite', async () => ({ database: await newPglite({ migrated: true }), drop: async () => undefined })],
  ['PostgreSQL', async () => {
    const made = await createTestDatabase({ migrated: true });
    return { database: await openPostgres({ connectionString: made.url }), drop: () => made.drop() };
  }],
];

export interface TestServer {
  app: FastifyInstance;
  baseUrl: string;
  /** The PostgreSQL database it runs on (undefined on PGlite). */
  databaseUrl: string | undefined;
  database: Database;
  store: SqlStore & { failNext(error: Error): void };
  ctx: RuleContext;
  secret: string;
  /** Where its images' bytes are kept (undefined: in the database's rows). */
  media: MediaFiles | undefined;
  /** Where its mail to members goes. */
  mail: Mailer;
  close(): Promise<void>;
}

export interface TestServerOptions {
  kind: 'pglite' | 'postgres';
  /** SqlStoreOptions.oneStatementWrites: on unless turned off. */
  oneStatementWrites?: boolean;
  now?: () => Date;
  staticDir?: string;
  logger?: AppOptions['logger'];
  /** On PostgreSQL: join this database (another test server's) instead of a fresh one. */
  databaseUrl?: string;
  /** Rate limits with counters in this process or in the database; none unless asked for. */
  rateLimits?: 'memory' | 'database';
  trustProxy?: TrustProxy;
  /** DEV_ORIGINS: none unless given. */
  devOrigins?: readonly string[];
  timeouts?: AppOptions['timeouts'];
  /** PostgreSQL's statement timeout (server.md: 5 s). */
  statementTimeoutMs?: number;
  /** STREAMS_PER_SESSION: the app's default unless given. */
  streamsPerSession?: number;
  /** IMAGE_PIXELS_MAX: the default (LIMITS.imagePixelsMax) unless given. */
  imagePixelsMax?: number;
  /** POST_IMAGES_MAX: the default (LIMITS.postImagesMax) unless given. */
  postImagesMax?: number;
  /**
   * Where images' bytes are kept: files in a new temporary folder (deleted on close), unless given
   * (`'database'`: in the rows, as images were kept before they had files).
   */
  media?: MediaFiles | 'database';
  /** Where mail to members goes: kept in memory unless given (`keepingMailer().sent`). */
  mail?: Mailer;
  /** The app's address in mail's links: http://localhost unless given. */
  appOrigin?: string;
  /** Read replicas the reads go to (none unless given). */
  replicas?: AppOptions['replicas'];
}

/** A migrated, empty server on a fresh database, listening on a free loopback port. */
export async function startTestServer({
  kind, oneStatementWrites, now = () => new Date(), staticDir, logger, databaseUrl, rateLimits, trustProxy, devOrigins, timeouts, statementTimeoutMs, streamsPerSession, imagePixelsMax, postImagesMax = LIMITS.postImagesMax, media: given,
  mail = keepingMailer(), appOrigin = 'http://localhost', replicas,
}: TestServerOptions): Promise<TestServer> {
  const mediaDir = given === undefined ? mkdtempSync(join(tmpdir(), 'socialconnect-media-')) : undefined;
  const media = mediaDir ? directoryMedia(mediaDir) : given === 'database' ? undefined : given;
  let dropDatabase = async (): Promise<void> => undefined;
  let database: Database;
  let changes: ChangeFeed;
  let url: string | undefined;
  if (kind === 'pglite') {
    database = await newPglite({ migrated: true });
    changes = await pgliteChanges(database);
  } else {
    if (databaseUrl) {
      url = databaseUrl;
    } else {
      const created = await createTestDatabase({ migrated: true });
      dropDatabase = created.drop;
      url = created.url;
    }
    database = await openPostgres({ connectionString: url, statementTimeoutMs });
    changes = await postgresChanges(url, { database });
  }
  await migrate(database);
  // As the server does (start.ts): a deletion of files that failed goes to the app's log.
  let mediaFailed = (error: unknown): void => { throw error; };
  const store = withFaults(createSqlStore(database, { publicDir: PUBLIC_DIR, passwords: argon2Passwords, changes, oneStatementWrites, media, mediaFailed: (error) => mediaFailed(error) }));
  const secret = randomBytes(48).toString('base64');
  const ctx: RuleContext = { store, tokens: createTokenService({ secret, now }), passwords: argon2Passwords, ...imagesWithin(imagePixelsMax), postImagesMax, now, newId: randomUUID, mail, appOrigin };
  // Answers kept in memory, as in production: the contract suite then checks they never go stale.
  const app = await buildApp({ ctx, database, answers: createAnswerCache(changes), events: changes, streamsPerSession, staticDir, logger, rateLimits, trustProxy, devOrigins, timeouts, media, replicas });
  // As the server does (start.ts): what the change channel has to say goes to the app's log.
  changes.reportTo(app.log);
  mediaFailed = (error) => app.log.error({ err: error }, 'Deleting the files of images let go of failed; they stay listed for the next time.');
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    baseUrl: `http://127.0.0.1:${port}`,
    databaseUrl: url,
    database,
    store,
    ctx,
    secret,
    media,
    mail,
    async close() {
      await app.close();
      await changes.close();
      await database.close();
      await dropDatabase();
      if (mediaDir) rmSync(mediaDir, { recursive: true, force: true });
    },
  };
}

/** The demo network loaded on `server`, and the demo member's token there. */
export async function seededWithDemoToken(server: TestServer): Promise<string> {
  await server.store.load(buildDefaultSeed());
  const login = await fetch(`${server.baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO_CREDENTIALS) });
  return ((await login.json()) as LoginResponse).encodedToken;
}

export async function openServerTarget(kind: 'pglite' | 'postgres', { oneStatementWrites }: { oneStatementWrites?: boolean } = {}): Promise<ContractTarget> {
  const mail = keepingMailer();
  const server = await startTestServer({ kind, oneStatementWrites, mail });
  // Every write the store commits raises the network's version (loads too): a test that left it
  // where the seed put it changed nothing, and the next one starts from the seed without a reload.
  // Read beside the store, so that a fault a test arms is left for that test's own calls.
  const version = () => server.database.session((sql) => eventReads(sql).lastEventId());
  const seed = async () => {
    await server.store.load(buildDefaultSeed());
    return version();
  };
  let seeded = await seed();
  return {
    name: kind,
    baseUrl: `${server.baseUrl}/api`,
    async reset() {
      if ((await version()) !== seeded) seeded = await seed();
      // A device's session is kept by the call that shows its token, not by a write of the network: the
      // version does not tell of it. The rows kept beside the network go here too, whatever kept them.
      else {
        await server.database.session(async (sql) => {
          await sql.query('DELETE FROM sessions');
          await sql.query('DELETE FROM password_resets');
          await sql.query('DELETE FROM email_confirmations');
          await sql.query('DELETE FROM two_factor');
          // Reports make no event either; the images only they kept go with them.
          if ((await sql.query('DELETE FROM reports RETURNING 1')).length > 0) await sql.query('SELECT media_recount()');
          // And the moderators' work: where members stand, and the audit log (only a TRUNCATE empties it).
          await sql.query('DELETE FROM member_standing');
          await sql.query('TRUNCATE moderation_audit RESTART IDENTITY');
          // Scheduled posts too; the images only they named go with them.
          if ((await sql.query('DELETE FROM scheduled_posts RETURNING 1')).length > 0) await sql.query('SELECT media_recount()');
        });
      }
      mail.sent.length = 0;
    },
    sentMail: (): readonly OutgoingMail[] => mail.sent,
    snapshot: () => server.store.snapshot(),
    load: (snapshot) => server.store.load(snapshot),
    signToken: ({ sub, username, ver = 0, now }) => (
      createTokenService({ secret: server.secret, now: now ? () => now : undefined }).sign({ id: sub, username, sessionVersion: ver })
    ),
    publishDue: () => publishDuePosts(server.ctx),
    failNext: (error) => server.store.failNext(error),
    images: server.ctx.images,
    traits: { imageUrl: 'media', demo: false },
    close: () => server.close(),
  };
}
