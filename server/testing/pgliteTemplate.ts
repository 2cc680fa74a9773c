/**
 * Fresh PGlite databases for the tests, copied from one made once. Each new PGlite cluster runs
 * initdb, about 5 s of a core; a copy of a cluster initdb has just made opens in under one. The copy
 * is the same empty cluster (no table: the server migrates it as it would a new one).
 *
 * The template lives in the system's temporary folder, one per PGlite version, made by the first test
 * that needs it (a folder renamed into place whole, so two workers making it at once is harmless).
 *
 * A test that only needs a migrated database (the server's own start migrates it) may start from a
 * second template, the first one migrated, named by the schema's hash (schemaTemplate.ts): migrating
 * a new database costs about half a second of a core, and the server's suites made over a hundred.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { openPglite, type Database } from '../db/database';
import { migrate } from '../db/migrate';
import { PGLITE_FOLDER, REPOSITORY_ROOT } from '../config';
import { schemaHash } from './schemaTemplate';

const PGLITE_VERSION = (JSON.parse(readFileSync(join(REPOSITORY_ROOT, 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8')) as { version: string }).version;
const TEMPLATE = join(tmpdir(), `socialconnect-pglite-template-${PGLITE_VERSION}`);
/** The same cluster as a tarball (PGlite's dumpDataDir), for databases in memory. */
const TARBALL = 'pglite.tar';

let made: Promise<void> | undefined;

function makeTemplate(): Promise<void> {
  made ??= (async () => {
    if (existsSync(TEMPLATE)) return;
    const building = mkdtempSync(`${TEMPLATE}-building-`);
    try {
      const pglite = await PGlite.create(join(building, PGLITE_FOLDER));
      const tarball = await pglite.dumpDataDir('none');
      await pglite.close();
      writeFileSync(join(building, TARBALL), Buffer.from(await tarball.arrayBuffer()));
      renameSync(building, TEMPLATE);
    } catch (error) {
      // Another process made it first: theirs is as good.
      if (!existsSync(TEMPLATE)) throw error;
    } finally {
      rmSync(building, { recursive: true, force: true });
    }
  })();
  return made;
}

let tarball: Promise<Blob> | undefined;
let migratedTarball: Promise<Blob> | undefined;

/**
 * The migrated template's tarball: made once per schema (a file renamed into place whole), the
 * tarballs of other schemas removed as it is.
 */
function migratedTemplate(): Promise<Blob> {
  migratedTarball ??= (async () => {
    const prefix = `${basename(TEMPLATE)}-migrated-`;
    const file = join(tmpdir(), `${prefix}${schemaHash()}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const building = await newDataDir('socialconnect-pglite-migrating-');
    try {
      const folder = join(building, PGLITE_FOLDER);
      const database = await openPglite(folder);
      try {
        await migrate(database);
      } finally {
        await database.close();
      }
      const pglite = await PGlite.create({ dataDir: folder, extensions: { pg_trgm } });
      const dump = await pglite.dumpDataDir('none');
      await pglite.close();
      const part = `${file}.${process.pid}.part`;
      writeFileSync(part, Buffer.from(await dump.arrayBuffer()));
      renameSync(part, file);
      for (const other of readdirSync(tmpdir())) {
        if (other.startsWith(prefix) && other.endsWith('.tar') && join(tmpdir(), other) !== file) rmSync(join(tmpdir(), other), { force: true });
      }
      return dump;
    } finally {
      rmSync(building, { recursive: true, force: true });
    }
  })();
  return migratedTarball;
}

/**
 * A fresh PGlite database in memory: empty, or (`migrated`) with the schema as migrating it makes it
 * and no row of the network.
 */
export async function newPglite({ migrated = false }: { migrated?: boolean } = {}): Promise<Database> {
  if (migrated) return openPglite(undefined, { from: await migratedTemplate() });
  tarball ??= makeTemplate().then(() => new Blob([readFileSync(join(TEMPLATE, TARBALL))]));
  return openPglite(undefined, { from: await tarball });
}

/** A new data folder (DATA_DIR) holding a fresh PGlite cluster with no table yet, where the server looks for it. */
export async function newDataDir(prefix: string): Promise<string> {
  await makeTemplate();
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  cpSync(join(TEMPLATE, PGLITE_FOLDER), join(dataDir, PGLITE_FOLDER), { recursive: true });
  return dataDir;
}
