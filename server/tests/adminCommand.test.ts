/**
 * `npm run admin`: the network's roles from the command line, on PGlite and on PostgreSQL, run as
 * the compiled program an operator runs: the first admin made, a wrong username or command said in
 * one line, and a data folder a running server holds refused.
 */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildDefaultSeed } from '../../contract/seed/default';
import { PGLITE_FOLDER } from '../config';
import { lockDataDir } from '../dataDirLock';
import { openPglite, openPostgres, type Database } from '../db/database';
import { migrate } from '../db/migrate';
import { argon2Passwords } from '../passwords';
import { createSqlStore } from '../store/sqlStore';
import { runToEnd } from '../testing/childServer';
import { compiledEntry } from '../testing/compiledServer';
import { newDataDir } from '../testing/pgliteTemplate';
import { createTestDatabase, PUBLIC_DIR } from '../testing/serverTarget';

jest.setTimeout(120_000);

/** A command's time on a busy machine: starting it, then the work. */
const COMMAND_WITHIN_MS = 60_000;

interface Store {
  name: string;
  /** Settings naming a store that holds the demo network, and how to open it (closed by the caller), and remove it. */
  make(): Promise<{ env: Record<string, string>; open(): Promise<Database>; remove(): Promise<void> }>;
}

async function loadDemoNetwork(database: Database): Promise<void> {
  await migrate(database);
  await createSqlStore(database, { publicDir: PUBLIC_DIR, passwords: argon2Passwords }).load(buildDefaultSeed());
}

const STORES: Store[] = [
  {
    name: 'PGlite',
    async make() {
      const dataDir = await newDataDir('socialconnect-admin-');
      const open = () => openPglite(join(dataDir, PGLITE_FOLDER));
      const database = await open();
      await loadDemoNetwork(database);
      await database.close();
      return { env: { DATA_DIR: dataDir }, open, remove: async () => rmSync(dataDir, { recursive: true, force: true }) };
    },
  },
  {
    name: 'PostgreSQL',
    async make() {
      const created = await createTestDatabase();
      const open = () => openPostgres({ connectionString: created.url, max: 1 });
      const database = await open();
      await loadDemoNetwork(database);
      await database.close();
      return { env: { DATABASE_URL: created.url }, open, remove: () => created.drop() };
    },
  },
];

async function admin(env: Record<string, string>, ...args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  const { code, signal, stdout, stderr } = await runToEnd(process.execPath, [compiledEntry('adminMain'), ...args], { PATH: process.env.PATH ?? '', DATABASE_URL: '', ...env }, COMMAND_WITHIN_MS);
  if (signal) throw new Error(`npm run admin was ended by ${signal}; it printed:\n${stdout}${stderr}`);
  return { code, out: stdout.trim(), err: stderr.trim() };
}

describe.each(STORES)('npm run admin on $name', (kind) => {
  let env: Record<string, string>;
  let open: () => Promise<Database>;
  let remove: () => Promise<void>;

  beforeAll(async () => {
    ({ env, open, remove } = await kind.make());
  });
  afterAll(() => remove());

  async function roleOf(username: string): Promise<string | undefined> {
    const database = await open();
    try {
      return (await database.query<{ role: string }>('SELECT role FROM members WHERE username = $1', [username]))[0]?.role;
    } finally {
      await database.close();
    }
  }

  it('makes the first admin, says so, lists them, and makes them a member again', async () => {
    expect(await admin(env, 'list')).toEqual({ code: 0, out: expect.stringMatching(/ has no admin or moderator yet: npm run admin -- promote USERNAME makes the first admin\.$/), err: '' });
    expect(await admin(env, 'promote', 'demo_user')).toEqual({ code: 0, out: 'demo_user was a member and is now an admin.', err: '' });
    expect(await roleOf('demo_user')).toBe('admin');
    // The username as the member logs in with it, in any case.
    expect(await admin(env, 'promote', 'DEMO_USER')).toEqual({ code: 0, out: 'demo_user is already an admin; nothing changed.', err: '' });
    expect(await admin(env, 'list')).toEqual({ code: 0, out: 'admin     demo_user', err: '' });
    expect(await roleOf('liam_chen')).toBe('member');
    expect(await admin(env, 'demote', 'demo_user')).toEqual({ code: 0, out: 'demo_user was an admin and is now a member.', err: '' });
    expect(await roleOf('demo_user')).toBe('member');
  });

  it('says in one line that no member has the name, and changes nothing', async () => {
    const refused = await admin(env, 'promote', 'nobody_here');
    expect(refused.code).toBe(1);
    expect(refused.out).toBe('');
    expect(refused.err).toMatch(/^No member is named "nobody_here" in .+\. A username is the one the member logs in with; npm run admin -- list shows the admins and moderators\.$/);
    expect(refused.err.split('\n')).toHaveLength(1);
  });

  it('says how it is used for a command it does not know, or a missing name', async () => {
    for (const args of [[], ['promote'], ['crown', 'demo_user'], ['list', 'demo_user'], ['promote', 'demo_user', 'liam_chen']]) {
      expect({ args, ...(await admin(env, ...args)) }).toEqual({ args, code: 1, out: '', err: 'Usage: npm run admin -- promote USERNAME | demote USERNAME | list' });
    }
  });
});

describe('npm run admin on a store with no network', () => {
  it('says so in one line, and makes no database where there was none', async () => {
    const dataDir = await newDataDir('socialconnect-admin-none-');
    const empty = join(dataDir, 'not-the-server');
    const database = await createTestDatabase();
    try {
      const noFolder = await admin({ DATA_DIR: empty }, 'list');
      expect(noFolder).toEqual({ code: 1, out: '', err: `PGlite (embedded PostgreSQL) in ${empty} holds no SocialConnect network: start the server on it once, or name the server's own (DATA_DIR, DATABASE_URL).` });
      expect(existsSync(empty)).toBe(false);
      const noTables = await admin({ DATABASE_URL: database.url }, 'promote', 'demo_user');
      expect(noTables.code).toBe(1);
      expect(noTables.err).toMatch(/ holds no SocialConnect network: start the server on it once, or name the server's own \(DATA_DIR, DATABASE_URL\)\.$/);
    } finally {
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('npm run admin beside a running server on PGlite', () => {
  it('refuses the data folder the server holds, naming it, and changes nothing', async () => {
    const dataDir = await newDataDir('socialconnect-admin-held-');
    const database = await openPglite(join(dataDir, PGLITE_FOLDER));
    await loadDemoNetwork(database);
    await database.close();
    const held = lockDataDir(dataDir);
    try {
      const refused = await admin({ DATA_DIR: dataDir }, 'promote', 'demo_user');
      expect(refused.code).toBe(1);
      expect(refused.err).toContain(dataDir);
      expect(refused.err).toContain(`process ${process.pid}`);
      held.release();
      const after = await openPglite(join(dataDir, PGLITE_FOLDER));
      try {
        expect(await after.query('SELECT role FROM members WHERE username = $1', ['demo_user'])).toEqual([{ role: 'member' }]);
      } finally {
        await after.close();
      }
    } finally {
      held.release();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
