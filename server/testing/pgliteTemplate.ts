/**
 * Fresh PGlite databases for the tests, copied from one made once. Each new PGlite cluster runs
 * initdb, about 5 s of a core; a copy of a cluster initdb has just made opens in under one. The copy
 * is the same empty cluster (no table: the server migrates it as it would a new one).
 *
 * The template lives in the system's temporary folder, one per PGlite version, made by the first test
 * that needs it (a folder renamed into place whole, so two workers making it at once is harmless).
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openPglite, type Database } from '../db/database';
import { PGLITE_FOLDER, REPOSITORY_ROOT } from '../config';

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

/** A fresh, empty PGlite database in memory. */
export async function newPglite(): Promise<Database> {
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
