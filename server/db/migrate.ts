/**
 * Schema migrations: plain `.sql` files in server/migrations, applied in the order of their names at
 * start, each in its own transaction and recorded in `schema_migrations`, so each runs once. Two
 * servers starting together on one PostgreSQL take turns (an advisory lock).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPOSITORY_ROOT } from '../config';
import type { Database } from './database';

export const MIGRATIONS_DIR = join(REPOSITORY_ROOT, 'server', 'migrations');

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

/** Applies the migrations not yet recorded; returns the names it applied. */
export async function migrate(database: Database, migrations: readonly Migration[] = readMigrations()): Promise<string[]> {
  await database.transaction(async (sql) => {
    await sql.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await sql.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
  });
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
  return applied;
}
