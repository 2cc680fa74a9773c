/**
 * Migrated databases for the tests that need a schema and nothing else: made once, copied for each.
 * A new database migrated from nothing costs about half a second of a core (32 migrations and the
 * function files); a copy of one migrated once costs a tenth of that. The template is named by the
 * schema's hash, so a changed migration, function file or migrator makes a new one rather than
 * serving the old schema.
 *
 * PostgreSQL: a database `socialconnect_template_<hash>` on the tests' server, copied by `CREATE
 * DATABASE ... TEMPLATE`. PGlite: a tarball beside its empty template (pgliteTemplate.ts).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPOSITORY_ROOT } from '../config';
import { openPostgres } from '../db/database';
import { migrate, readFunctions, readMigrations } from '../db/migrate';

let hash: string | undefined;

/** The schema a migration makes, named: the migrations, the function files and the migrator itself. */
export function schemaHash(): string {
  if (hash === undefined) {
    const digest = createHash('sha256');
    for (const { name, sql } of readMigrations()) digest.update(`${name}\n${sql}\n`);
    for (const { name, hash: fileHash } of readFunctions()) digest.update(`${name} ${fileHash}\n`);
    digest.update(readFileSync(join(REPOSITORY_ROOT, 'server', 'db', 'migrate.ts')));
    hash = digest.digest('hex').slice(0, 16);
  }
  return hash;
}

const made = new Map<string, Promise<string>>();

/**
 * The name of the migrated template database on the server `adminUrl` names, made by the first
 * process that asks: migrated under another name, then renamed into place, so a process that
 * finds it finds it whole, and two that make it at once both end with one.
 */
export function postgresTemplate(adminUrl: string): Promise<string> {
  let pending = made.get(adminUrl);
  if (!pending) {
    pending = makePostgresTemplate(adminUrl);
    made.set(adminUrl, pending);
    pending.catch(() => made.delete(adminUrl));
  }
  return pending;
}

async function makePostgresTemplate(adminUrl: string): Promise<string> {
  const name = `socialconnect_template_${schemaHash()}`;
  const admin = await openPostgres({ connectionString: adminUrl, max: 1 });
  try {
    const [found] = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found) return name;
    const building = `${name}_${process.pid}`;
    await admin.query(`DROP DATABASE IF EXISTS ${building}`);
    await admin.query(`CREATE DATABASE ${building}`);
    const url = new URL(adminUrl);
    url.pathname = `/${building}`;
    const database = await openPostgres({ connectionString: url.toString(), max: 1 });
    try {
      await migrate(database);
    } finally {
      await database.close();
    }
    try {
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    } catch (error) {
      // Another process renamed its own into place first: theirs is the same schema.
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      const [other] = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (!other) throw error;
      return name;
    }
    // The templates of other schemas (a server the tests did not start keeps them between runs).
    const older = await admin.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname ~ '^socialconnect_template_[0-9a-f]{16}$' AND datname <> $1", [name]);
    for (const { datname } of older) await admin.query(`DROP DATABASE IF EXISTS ${datname}`).catch(() => undefined);
    return name;
  } finally {
    await admin.close();
  }
}
