/** Migrations: plain SQL files applied in order at start, each once, recorded. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPostgres, type Database } from '../db/database';
import { usingDatabase, usingTestDatabase } from '../testing/database';
import { newPglite } from '../testing/pgliteTemplate';
import { migrate, readFunctions, readMigrations, type SqlFunction } from '../db/migrate';
import { createSqlStore } from '../store/sqlStore';
import { readUnreadTags, tagRowsQuery } from '../store/tags';

/** The functions a migration makes, not a function file: post search's form of a text (0025). */
const MIGRATIONS_FUNCTIONS = ['post_search_text'];

const TABLES = ['bookmarks', 'follows', 'media', 'members', 'posts', 'rate_limit_counters', 'reactions', 'revoked_tokens', 'schema_migrations'];

/** Folders of files a test writes, removed after it. */
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function newFolder(prefix: string): string {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  folders.push(folder);
  return folder;
}

async function tables(database: Database): Promise<string[]> {
  const rows = await database.query<{ name: string }>("SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1");
  return rows.map((row) => row.name);
}

describe('migrations on PGlite', () => {
  // Each test on a database of its own, so that each holds whichever runs alone.
  let database: Database;
  beforeEach(async () => {
    database = await newPglite();
  });
  afterEach(() => database.close());

  /** A database migrated to the shipped files, with one member in it. */
  async function migratedWithAMember(): Promise<void> {
    await migrate(database);
    await database.query("INSERT INTO members (id, username, first_name, last_name, password_hash, created_at, updated_at) VALUES ('m1', 'kept_member', 'K', 'M', 'x', now(), now())");
  }

  it('creates the schema on an empty database and records each file', async () => {
    const names = readMigrations().map((migration) => migration.name);
    expect(names[0]).toBe('0001_network.sql');
    expect(names).toContain('0003_pages.sql');
    expect(await migrate(database)).toEqual(names);
    expect(await tables(database)).toEqual(expect.arrayContaining(TABLES));
    const recorded = await database.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
    expect(recorded.map((row) => row.name)).toEqual(names);
  });

  it('applies nothing twice on an existing database, and keeps its rows', async () => {
    await migratedWithAMember();
    expect(await migrate(database)).toEqual([]);
    expect(await database.query('SELECT username FROM members')).toEqual([{ username: 'kept_member' }]);
  });

  it('applies a new file after the others, once', async () => {
    await migratedWithAMember();
    const dir = newFolder('socialconnect-migrations-');
    for (const migration of readMigrations()) writeFileSync(join(dir, migration.name), migration.sql);
    writeFileSync(join(dir, '9999_extra_column.sql'), 'ALTER TABLE members ADD COLUMN nickname text;\nUPDATE members SET nickname = username;');
    writeFileSync(join(dir, 'notes.txt'), 'not a migration');
    expect(await migrate(database, readMigrations(dir))).toEqual(['9999_extra_column.sql']);
    expect(await database.query('SELECT nickname FROM members')).toEqual([{ nickname: 'kept_member' }]);
    expect(await migrate(database, readMigrations(dir))).toEqual([]);
  });
});

describe('SQL function files', () => {
  it('refuses a file that does not make the one function it is named for, saying which file and what it makes', () => {
    const dir = newFolder('socialconnect-functions-');
    writeFileSync(join(dir, 'blocked_between.sql'), 'CREATE OR REPLACE FUNCTION blocked_betweens(p text) RETURNS boolean LANGUAGE sql AS $$ SELECT true $$;');
    expect(() => readFunctions(dir)).toThrow('blocked_between.sql must make one function, blocked_between, with CREATE OR REPLACE FUNCTION blocked_between(...); it makes blocked_betweens.');
    writeFileSync(join(dir, 'blocked_between.sql'), 'SELECT 1;');
    expect(() => readFunctions(dir)).toThrow('it makes none.');
  });
});

describe('SQL functions, one file each', () => {
  let database: Database;
  beforeEach(async () => {
    database = await newPglite();
  });
  afterEach(() => database.close());

  /**
   * Each function of the schema with how many forms of it there are, but an extension's (pg_trgm's)
   * and those a migration makes (an index or a column needs them: they change with a migration).
   */
  async function functionForms(): Promise<Record<string, number>> {
    const rows = await database.query<{ name: string; forms: number }>(
      `SELECT p.proname AS name, count(*)::int AS forms FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE n.nspname = 'public' AND p.proname <> ALL($1::text[])
          AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
        GROUP BY p.proname ORDER BY 1`,
      [MIGRATIONS_FUNCTIONS],
    );
    return Object.fromEntries(rows.map((row) => [row.name, row.forms]));
  }

  const recorded = () => database.query<{ name: string; hash: string; applied_at: string }>('SELECT name, hash, applied_at FROM schema_functions ORDER BY name');

  /** The shipped function files, with `name`'s content replaced. */
  function withFile(name: string, sql: string): SqlFunction[] {
    const dir = newFolder('socialconnect-functions-');
    for (const fn of readFunctions()) writeFileSync(join(dir, `${fn.name}.sql`), fn.name === name ? sql : fn.sql);
    return readFunctions(dir);
  }

  it('makes every function of its file on an empty database, one form each, and records its content', async () => {
    const functions = readFunctions();
    expect(functions.map((fn) => fn.name)).toEqual(expect.arrayContaining(['react_in_one_statement', 'bookmark_in_one_statement', 'follow_in_one_statement', 'posts_count_added_likes']));
    await migrate(database);
    expect(await functionForms()).toEqual(Object.fromEntries(functions.map((fn) => [fn.name, 1])));
    expect((await recorded()).map(({ name, hash }) => ({ name, hash }))).toEqual(functions.map(({ name, hash }) => ({ name, hash })));
  });

  it('makes again only a file whose content changed, and its new body is the live one', async () => {
    await migrate(database);
    const before = await recorded();
    await database.query("INSERT INTO members (id, username, first_name, last_name, password_hash, created_at, updated_at) VALUES ('a', 'ann', 'A', 'N', 'x', now(), now()), ('b', 'bob', 'B', 'O', 'x', now(), now())");
    expect(await database.query("SELECT mutes_member('a', 'b') AS mutes")).toEqual([{ mutes: false }]);

    const changed = withFile('mutes_member', `-- Everyone mutes everyone (a test's body).
CREATE OR REPLACE FUNCTION mutes_member(p_member text, p_other text)
RETURNS boolean LANGUAGE sql STABLE AS $$ SELECT true $$;
`);
    expect(await migrate(database, readMigrations(), changed)).toEqual([]);
    expect(await database.query("SELECT mutes_member('a', 'b') AS mutes")).toEqual([{ mutes: true }]);
    const after = await recorded();
    const changedNames = after.filter((row, i) => row.hash !== before[i]?.hash || row.applied_at !== before[i]?.applied_at).map((row) => row.name);
    expect(changedNames).toEqual(['mutes_member']);
  });

  it('replaces a function whose parameters changed rather than adding a second form, and a trigger\'s function in place', async () => {
    await migrate(database);
    // As a database made before the function files: an older form of follow_in_one_statement beside the current one, nothing recorded.
    await database.exec(`CREATE FUNCTION follow_in_one_statement(p_jti text, p_member text) RETURNS text LANGUAGE sql AS $$ SELECT 'old' $$;
      DELETE FROM schema_functions;`);
    expect((await functionForms()).follow_in_one_statement).toBe(2);

    const functions = withFile('posts_count_added_likes', `${readFunctions().find((fn) => fn.name === 'posts_count_added_likes')?.sql ?? ''}\n-- Changed.\n`);
    await migrate(database, readMigrations(), functions);
    expect(await functionForms()).toEqual(Object.fromEntries(functions.map((fn) => [fn.name, 1])));
    // The trigger still counts likes through it.
    await database.exec(`INSERT INTO members (id, username, first_name, last_name, password_hash, created_at, updated_at) VALUES ('a', 'ann', 'A', 'N', 'x', now(), now());
      INSERT INTO posts (id, author_id, content, created_at, updated_at) VALUES ('p', 'a', 'hi', now(), now());
      INSERT INTO reactions (post_id, member_id, kind) VALUES ('p', 'a', 'like');`);
    expect(await database.query("SELECT like_count FROM posts WHERE id = 'p'")).toEqual([{ like_count: 1 }]);
  });

  it('drops a function whose file is gone, in every form, so that a renamed function leaves no old copy', async () => {
    // As a database from before a rename: the function under its old name, recorded, in two forms.
    const old = readFunctions().find((fn) => fn.name === 'mutes_member')!;
    const renamed = withFile('mutes_member', old.sql).filter((fn) => fn.name !== 'mutes_member');
    await migrate(database);
    await database.exec("CREATE FUNCTION mutes_member(p_member text) RETURNS boolean LANGUAGE sql AS $$ SELECT false $$;");
    expect((await functionForms()).mutes_member).toBe(2);

    expect(await migrate(database, readMigrations(), renamed)).toEqual([]);
    expect((await functionForms()).mutes_member).toBeUndefined();
    expect((await recorded()).map((row) => row.name)).not.toContain('mutes_member');
  });

  it('makes the notifications event again over a database whose unread count is still one value, as before it was a set', async () => {
    // The files as they were: the count a value, and the event reading it as one.
    const asValue = withFile('unread_notification_count', 'CREATE OR REPLACE FUNCTION unread_notification_count(p_member text, p_unread_max integer) RETURNS integer LANGUAGE sql STABLE AS $$ SELECT 7 $$;')
      .map((fn) => (fn.name === 'notifications_changed'
        ? { ...fn, sql: "CREATE OR REPLACE FUNCTION notifications_changed(p_member text, p_unread_max integer) RETURNS jsonb LANGUAGE sql STABLE AS $$ SELECT jsonb_build_object('unreadCount', unread_notification_count(p_member, p_unread_max)) $$;", hash: 'as a value' }
        : fn));
    await migrate(database, readMigrations(), asValue);
    expect(await database.query("SELECT notifications_changed('a', 99) ->> 'unreadCount' AS unread")).toEqual([{ unread: '7' }]);
    // The event's file comes first in the files' order: it is made while the count is still a value.
    await migrate(database);
    await database.query("INSERT INTO members (id, username, first_name, last_name, password_hash, created_at, updated_at) VALUES ('a', 'ann', 'A', 'N', 'x', now(), now())");
    expect(await database.query("SELECT notifications_changed('a', 99) ->> 'unreadCount' AS unread")).toEqual([{ unread: '0' }]);
    expect(await database.query("SELECT unread FROM unread_notification_count('a', 99)")).toEqual([{ unread: 0 }]);
  });

  it('leaves every function as it was when a file fails, and the start fails naming that file', async () => {
    await migrate(database);
    const before = await recorded();
    // mutes_member comes first in the files' order: its change is made, then undone with the rest.
    const changedTwo = withFile('mutes_member', 'CREATE OR REPLACE FUNCTION mutes_member(p_member text, p_other text) RETURNS boolean LANGUAGE sql AS $$ SELECT true $$;')
      .map((fn) => (fn.name === 'notification_actors_seen'
        ? { ...fn, sql: 'CREATE OR REPLACE FUNCTION notification_actors_seen(p_member text, p_notification text) RETURNS TABLE (actor_id text, seq bigint) LANGUAGE plpgsql AS $$ BEGIN RETURN; $$;', hash: 'broken' }
        : fn));
    await expect(migrate(database, readMigrations(), changedTwo)).rejects.toThrow(/^server\/sql\/functions\/notification_actors_seen\.sql could not be applied: syntax error/);
    expect(await recorded()).toEqual(before);
    await database.query("INSERT INTO members (id, username, first_name, last_name, password_hash, created_at, updated_at) VALUES ('a', 'ann', 'A', 'N', 'x', now(), now()), ('b', 'bob', 'B', 'O', 'x', now(), now())");
    expect(await database.query("SELECT mutes_member('a', 'b') AS mutes, (SELECT count(*)::int FROM notification_actors_seen('a', 'none')) AS seen")).toEqual([{ mutes: false, seen: 0 }]);
  });
});

describe('a migration on a database that has rows', () => {
  it("fills the like counts the trending order reads from the reactions already there", () =>
    usingDatabase(newPglite(), async (database) => {
      const [first, ...later] = readMigrations();
      if (!first) throw new Error('no migrations');
      await migrate(database, [first], []);
      await database.exec(`
        INSERT INTO members (id, username, first_name, last_name, password_hash, created_at, updated_at)
          VALUES ('a', 'ann', 'A', 'N', 'x', now(), now()), ('b', 'bob', 'B', 'O', 'x', now(), now());
        INSERT INTO posts (id, author_id, content, created_at, updated_at) VALUES ('p', 'a', 'hi', now(), now()), ('q', 'a', 'yo', now(), now());
        INSERT INTO reactions (post_id, member_id, kind) VALUES ('p', 'a', 'like'), ('p', 'b', 'like'), ('q', 'b', 'dislike');`);
      await migrate(database, later);
      expect(await database.query('SELECT id, like_count FROM posts ORDER BY id')).toEqual([{ id: 'p', like_count: 2 }, { id: 'q', like_count: 0 }]);
      await database.query("UPDATE reactions SET kind = 'like' WHERE post_id = 'q'");
      await database.query("DELETE FROM reactions WHERE post_id = 'p' AND member_id = 'a'");
      expect(await database.query('SELECT id, like_count FROM posts ORDER BY id')).toEqual([{ id: 'p', like_count: 1 }, { id: 'q', like_count: 1 }]);
    }), 60_000);

  it('counts the open reports already there, then keeps the count as reports are made, closed and deleted', () =>
    usingDatabase(newPglite(), async (database) => {
      const migrations = readMigrations();
      await migrate(database, migrations.filter((migration) => migration.name < '0038'));
      const report = (id: string, reporter: string, status: string) =>
        `('${id}', '${reporter}', 'member', 'c', 'spam', '', '${status}', '{"kind": "member"}', now())`;
      await database.exec(`
        INSERT INTO members (id, username, first_name, last_name, password_hash, created_at, updated_at)
          VALUES ('a', 'ann', 'A', 'N', 'x', now(), now()), ('b', 'bob', 'B', 'O', 'x', now(), now()), ('c', 'cy', 'C', 'Y', 'x', now(), now());
        INSERT INTO reports (id, reporter_id, subject_kind, subject_id, reason, comment, status, content, created_at)
          VALUES ${[report('r1', 'a', 'open'), report('r2', 'b', 'open'), report('r3', 'a', 'dismissed')].join(', ')};`);
      await migrate(database, migrations);
      const count = async () => (await database.query<{ count: number }>('SELECT count FROM open_report_count')).map((row) => Number(row.count));
      expect(await count()).toEqual([2]);
      await database.exec(`INSERT INTO reports (id, reporter_id, subject_kind, subject_id, reason, comment, status, content, created_at) VALUES ${report('r4', 'c', 'open')}`);
      expect(await count()).toEqual([3]);
      await database.exec("UPDATE reports SET status = 'resolved' WHERE id IN ('r1', 'r3')");
      expect(await count()).toEqual([2]);
      // A member's reports go with them: the open ones leave the count.
      await database.exec("DELETE FROM members WHERE id = 'b'");
      expect(await count()).toEqual([1]);
      await database.exec("DELETE FROM reports WHERE id = 'r1'");
      expect(await count()).toEqual([1]);
      await database.exec('TRUNCATE reports');
      expect(await count()).toEqual([0]);
    }), 60_000);
});

describe('tags of the posts stored before they were kept', () => {
  it('reads the tags of every post already there at start, once, and the tag page finds them by its index', () =>
    usingDatabase(newPglite(), async (database) => {
      const migrations = readMigrations();
      const before = migrations.filter((migration) => migration.name < '0007');
      // The functions of the tables there then: the like counts' triggers (0003).
      await migrate(database, before, readFunctions().filter((fn) => fn.name.startsWith('posts_count_')));
      await database.exec(`
        INSERT INTO members (id, username, first_name, last_name, password_hash, created_at, updated_at) VALUES ('a', 'ann', 'A', 'N', 'x', now(), now());
        INSERT INTO posts (id, author_id, content, created_at, updated_at) VALUES
          ('p', 'a', 'Up the #Hill and #hill again', '2025-06-01T09:00:00Z', now()),
          ('q', 'a', 'No tag here, a#hill', '2025-06-01T09:01:00Z', now()),
          ('r', 'a', '#hill at dusk', '2025-06-01T09:02:00Z', now());`);
      await migrate(database, migrations);
      expect(await database.query('SELECT count(*)::int AS n FROM post_tags')).toEqual([{ n: 0 }]);

      expect(await readUnreadTags(database)).toBe(3);
      expect(await database.query('SELECT post_id, tag FROM post_tags ORDER BY post_id')).toEqual([{ post_id: 'p', tag: 'hill' }, { post_id: 'r', tag: 'hill' }]);
      expect(await readUnreadTags(database)).toBe(0);

      const store = createSqlStore(database, { publicDir: '', passwords: { hash: async (text) => text, verify: async () => false } });
      const page = await store.read((reader) => reader.postPage({ kind: 'tag', tag: 'hill' }, 'latest', { limit: 1 }));
      expect(page.items.map((post) => post.id)).toEqual(['r']);
      const next = await store.read((reader) => reader.postPage({ kind: 'tag', tag: 'hill' }, 'latest', { limit: 1, cursor: page.nextCursor ?? '' }));
      expect({ ids: next.items.map((post) => post.id), nextCursor: next.nextCursor }).toEqual({ ids: ['p'], nextCursor: null });

      // However many posts there are, a page is read from the tag's index, from the cursor on.
      await database.exec('SET enable_seqscan = off');
      const params: unknown[] = [];
      const query = tagRowsQuery('hill', { createdAt: '2025-06-01T09:02:00.000Z', id: 'r', likeCount: 0 }, 21, (value) => `$${params.push(value)}`);
      const plan = await database.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${query}`, params);
      expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toMatch(/Index (Only )?Scan using post_tags_newest/);
    }), 60_000);
});

describe('migrations on PostgreSQL', () => {
  it('runs once when two servers start together on one database', () =>
    usingTestDatabase(async (url) => {
      const open = () => openPostgres({ connectionString: url });
      const [a, b] = await Promise.all([usingDatabase(open(), migrate), usingDatabase(open(), migrate)]);
      expect([...a, ...b].sort()).toEqual(readMigrations().map((migration) => migration.name));
      expect(await usingDatabase(open(), tables)).toEqual(expect.arrayContaining(TABLES));
    }));
});

describe('integrity in the database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await newPglite();
    await migrate(database);
    await database.query("INSERT INTO members (id, username, first_name, last_name, password_hash, created_at, updated_at) VALUES ('a', 'Ava', 'A', 'R', 'x', now(), now()), ('b', 'bo', 'B', 'O', 'x', now(), now())");
    await database.query("INSERT INTO posts (id, author_id, content, created_at, updated_at) VALUES ('p', 'a', 'hi', now(), now())");
  });
  afterAll(() => database.close());

  it('refuses a username taken in another case, a second like, a self-follow and a double bookmark', async () => {
    await expect(database.query("INSERT INTO members (id, username, first_name, last_name, password_hash, created_at, updated_at) VALUES ('c', 'AVA', 'A', 'R', 'x', now(), now())")).rejects.toMatchObject({ code: '23505' });
    await database.query("INSERT INTO reactions (post_id, member_id, kind) VALUES ('p', 'b', 'like')");
    await expect(database.query("INSERT INTO reactions (post_id, member_id, kind) VALUES ('p', 'b', 'dislike')")).rejects.toMatchObject({ code: '23505' });
    await expect(database.query("INSERT INTO follows (follower_id, followee_id) VALUES ('a', 'a')")).rejects.toMatchObject({ code: '23514' });
    await database.query("INSERT INTO bookmarks (member_id, post_id) VALUES ('b', 'p')");
    await expect(database.query("INSERT INTO bookmarks (member_id, post_id) VALUES ('b', 'p')")).rejects.toMatchObject({ code: '23505' });
  });

  it("takes a post's reactions and bookmarks with it, and a member's posts with them", async () => {
    await database.query("DELETE FROM posts WHERE id = 'p'");
    expect(await database.query('SELECT count(*)::int AS n FROM reactions')).toEqual([{ n: 0 }]);
    expect(await database.query('SELECT count(*)::int AS n FROM bookmarks')).toEqual([{ n: 0 }]);
    await database.query("INSERT INTO posts (id, author_id, content, created_at, updated_at) VALUES ('q', 'a', 'again', now(), now())");
    await database.query("DELETE FROM members WHERE id = 'a'");
    expect(await database.query('SELECT count(*)::int AS n FROM posts')).toEqual([{ n: 0 }]);
  });
});

describe('images stored before they were counted', () => {
  it('counts the members and posts that name each, and deletes those that none names', () =>
    usingDatabase(newPglite(), async (database) => {
      const migrations = readMigrations();
      // The functions as they were then: without media_recount, and without those that read tables
      // made since (or call one that does).
      const later = ['account_deletions', 'notification_actors_seen(', 'unread_notification_count('];
      const before = readFunctions().filter((fn) => fn.name !== 'media_recount' && !later.some((name) => fn.sql.includes(name)));
      await migrate(database, migrations.filter((migration) => migration.name < '0018'), before);
      const [shared, avatar, orphan] = ['a', 'b', 'c'].map((digit) => digit.repeat(64));
      await database.exec(`
        INSERT INTO media (sha256, kind, bytes) VALUES ('${shared}', 'jpeg', '\\x00'), ('${avatar}', 'png', '\\x00'), ('${orphan}', 'gif', '\\x00');
        INSERT INTO members (id, username, first_name, last_name, password_hash, image, created_at, updated_at) VALUES
          ('a', 'ann', 'A', 'N', 'x', '/media/${avatar}.png', now(), now()),
          ('b', 'bo', 'B', 'O', 'x', '/images/avatars/bo.jpg', now(), now());
        INSERT INTO posts (id, author_id, content, image, created_at, updated_at) VALUES
          ('p', 'a', 'one', '/media/${shared}.jpg', now(), now()),
          ('q', 'b', 'two', '/media/${shared}.jpg', now(), now()),
          ('r', 'b', 'three', '', now(), now());`);
      await migrate(database, migrations);
      expect(await database.query('SELECT sha256, refs FROM media ORDER BY sha256')).toEqual([{ sha256: shared, refs: 2 }, { sha256: avatar, refs: 1 }]);
    }), 60_000);

  it("counts each image after a post's first, of posts and scheduled posts, and deletes one none names any more", () =>
    usingDatabase(newPglite(), async (database) => {
      await migrate(database);
      const [first, second, third, dropped] = ['a'.repeat(64), 'b'.repeat(64), 'c'.repeat(64), 'd'.repeat(64)] as const;
      const url = (hash: string) => `/media/${hash}.png`;
      const more = (...urls: string[]) => JSON.stringify(urls.map((given) => ({ url: given, alt: '', sizes: null })));
      await database.query(
        `INSERT INTO media (sha256, kind, bytes, refs) VALUES ($1, 'png', '\\x00', 9), ($2, 'png', '\\x00', 9), ($3, 'png', '\\x00', 9), ($4, 'png', '\\x00', 9)`,
        [first, second, third, dropped],
      );
      await database.query("INSERT INTO members (id, username, first_name, last_name, password_hash, created_at, updated_at) VALUES ('a', 'ann', 'A', 'N', 'x', now(), now())");
      await database.query(
        `INSERT INTO posts (id, author_id, content, image, more_images, created_at, updated_at) VALUES
           ('p', 'a', 'three', '${url(first)}', $1::jsonb, now(), now()), ('q', 'a', 'none', '', '[]', now(), now())`,
        [more(url(second), url(third))],
      );
      await database.query(
        `INSERT INTO scheduled_posts (id, author_id, content, image, image_alt, warning, more_images, publish_at, created_at, updated_at)
         VALUES ('s', 'a', 'later', '', '', '', $1::jsonb, now(), now(), now())`,
        [more(url(second), '/images/avatars/ava.jpg')],
      );
      await database.query('SELECT media_recount()');
      expect(await database.query('SELECT sha256, refs FROM media ORDER BY sha256')).toEqual([{ sha256: first, refs: 1 }, { sha256: second, refs: 2 }, { sha256: third, refs: 1 }]);
    }), 60_000);
});
