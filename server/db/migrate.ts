/**
 * The schema, at start. Two kinds of file:
 * - Migrations (server/migrations/NNNN_name.sql): tables, indexes and data, applied in the order of
 *   their names, each in its own transaction and recorded in `schema_migrations`, so each runs once.
 * - Functions (server/sql/functions/name.sql): one SQL function each, its current body, applied
 *   after the migrations whenever the file's content differs from the one recorded in
 *   `schema_functions` (by hash), all in one transaction, so the function's live body is always its
 *   one file. A function not there at all is made before the migrations too (makeMissingFunctions),
 *   so that a migration may make a trigger on it.
 * Two servers starting together on one PostgreSQL migrate one at a time (an advisory lock).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPOSITORY_ROOT } from '../config';
import type { Database, Sql } from './database';

export const MIGRATIONS_DIR = join(REPOSITORY_ROOT, 'server', 'migrations');
export const FUNCTIONS_DIR = join(REPOSITORY_ROOT, 'server', 'sql', 'functions');

/** Any number, fixed: the advisory lock every SocialConnect server takes to migrate. */
const MIGRATION_LOCK = 4_242_001;

export interface Migration {
  name: string;
  sql: string;
}

export function readMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((name) => /^\d{4}_[a-z0-9_]+\.sql$/.test(name))
    .sort()
    .map((name) => ({ name, sql: readFileSync(join(dir, name), 'utf8') }));
}

export interface SqlFunction {
  /** The function's name: its file's, without `.sql`. */
  name: string;
  sql: string;
  hash: string;
}

/** The function files: one `CREATE OR REPLACE FUNCTION` each, named for the function it makes. */
export function readFunctions(dir: string = FUNCTIONS_DIR): SqlFunction[] {
  return readdirSync(dir)
    .filter((file) => /^[a-z][a-z0-9_]*\.sql$/.test(file))
    .sort()
    .map((file) => {
      const sql = readFileSync(join(dir, file), 'utf8');
      const name = file.slice(0, -'.sql'.length);
      const made = /CREATE\s+OR\s+REPLACE\s+FUNCTION\s+([a-z_][a-z0-9_]*)\s*\(/gi;
      const names = [...sql.matchAll(made)].map((match) => match[1]?.toLowerCase());
      if (names.length !== 1 || names[0] !== name) {
        throw new Error(`${file} must make one function, ${name}, with CREATE OR REPLACE FUNCTION ${name}(...); it makes ${names.length === 0 ? 'none' : names.join(', ')}.`);
      }
      return { name, sql, hash: createHash('sha256').update(sql).digest('hex') };
    });
}

/** The forms (signatures) of the function `name` in the schema, a trigger's function left out. */
async function formsOf(sql: Sql, name: string): Promise<string[]> {
  const rows = await sql.query<{ signature: string }>(
    `SELECT p.oid::regprocedure::text AS signature FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = current_schema() AND p.proname = $1 AND p.prorettype <> 'trigger'::regtype`,
    [name],
  );
  return rows.map((row) => row.signature);
}

/**
 * Before the migrations: makes each function the schema has in no form yet, its body unchecked, so
 * that a migration may make a trigger on it or call it (on an empty database, every function). Not
 * recorded: applyFunctions makes it again once the migrations are in, checked.
 */
async function makeMissingFunctions(database: Database, functions: readonly SqlFunction[]): Promise<void> {
  await database.transaction(async (sql) => {
    await sql.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    const present = new Set((await sql.query<{ name: string }>(
      'SELECT DISTINCT p.proname AS name FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = current_schema()',
    )).map((row) => row.name));
    const missing = functions.filter((fn) => !present.has(fn.name));
    if (missing.length === 0) return;
    await sql.query('SET LOCAL check_function_bodies = off');
    for (const fn of missing) await sql.exec(fn.sql);
  });
}

/**
 * After the migrations, in one transaction: drops the functions recorded whose file is gone, and
 * applies the function files whose content is not the one recorded, each body checked as it is made (a file that fails leaves every function as it was, and
 * the start fails naming it); returns their names. A changed function is dropped in every form it
 * has first (its parameters may have changed, and CREATE OR REPLACE would then make a second one
 * beside it), except a trigger's function, which keeps its one form and is replaced in place, since
 * its triggers depend on it.
 */
export async function applyFunctions(database: Database, functions: readonly SqlFunction[]): Promise<string[]> {
  return database.transaction(async (sql) => {
    await sql.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    const recorded = new Map((await sql.query<{ name: string; hash: string }>('SELECT name, hash FROM schema_functions')).map((row) => [row.name, row.hash]));
    // A function whose file is gone (removed, or renamed) goes too, in every form: the files are the
    // functions. Without CASCADE: one that something still depends on fails the start, naming it.
    const named = new Set(functions.map((fn) => fn.name));
    for (const name of [...recorded.keys()].filter((name) => !named.has(name))) {
      for (const signature of await formsOf(sql, name)) await sql.exec(`DROP FUNCTION ${signature}`);
      await sql.query('DELETE FROM schema_functions WHERE name = $1', [name]);
    }
    const changed = functions.filter((fn) => recorded.get(fn.name) !== fn.hash);
    for (const fn of changed) {
      for (const signature of await formsOf(sql, fn.name)) await sql.exec(`DROP FUNCTION ${signature}`);
      try {
        await sql.exec(fn.sql);
      } catch (error) {
        throw new Error(`server/sql/functions/${fn.name}.sql could not be applied: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      }
      await sql.query(
        'INSERT INTO schema_functions (name, hash) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET hash = EXCLUDED.hash, applied_at = now()',
        [fn.name, fn.hash],
      );
    }
    return changed.map((fn) => fn.name);
  });
}

/**
 * Makes the functions not there at all, applies the migrations not yet recorded, then the function
 * files that changed; returns the migrations' names it applied.
 */
export async function migrate(
  database: Database,
  migrations: readonly Migration[] = readMigrations(),
  functions: readonly SqlFunction[] = readFunctions(),
): Promise<string[]> {
  await database.transaction(async (sql) => {
    await sql.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await sql.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    await sql.query(`CREATE TABLE IF NOT EXISTS schema_functions (
      name text PRIMARY KEY,
      hash text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
  });
  await makeMissingFunctions(database, functions);
  const applied: string[] = [];
  for (const migration of migrations) {
    const done = await database.transaction(async (sql) => {
      await sql.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const [seen] = await sql.query('SELECT 1 FROM schema_migrations WHERE name = $1', [migration.name]);
      if (seen) return false;
      await sql.exec(migration.sql);
      await sql.query('INSERT INTO schema_migrations (name) VALUES ($1)', [migration.name]);
      return true;
    });
    if (done) applied.push(migration.name);
  }
  await applyFunctions(database, functions);
  return applied;
}
