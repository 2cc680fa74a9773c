// Keeps package-lock.json acceptable to `npm ci` after `npm install`.
//
// The registry this project installs from carries only this platform's native bindings of some
// packages (jest's resolver, unrs-resolver). `npm install` then leaves the other platforms'
// optional bindings out of the lockfile it writes, and `npm ci` refuses that lockfile as "missing"
// them. An entry marked optional with no version is what npm itself writes for a binding it skipped,
// and `npm ci` accepts it. Run after any dependency change: `node scripts/lockfileStubs.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const lockPath = fileURLToPath(new URL('../package-lock.json', import.meta.url));
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const packages = lock.packages;

/** Where node would find `name` from the package at `from` (walking up the node_modules chain). */
function resolves(from, name) {
  let base = from;
  for (;;) {
    if (packages[`${base ? `${base}/` : ''}node_modules/${name}`]) return true;
    if (!base) return false;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut === -1 ? '' : base.slice(0, cut);
  }
}

let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  if (!path || !entry.optionalDependencies) continue;
  for (const name of Object.keys(entry.optionalDependencies)) {
    if (resolves(path, name)) continue;
    packages[`${path}/node_modules/${name}`] = { ...(entry.dev ? { dev: true } : {}), optional: true };
    added += 1;
  }
}

const sorted = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0)));
lock.packages = sorted;
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(added === 0 ? 'package-lock.json: nothing to add' : `package-lock.json: ${added} skipped optional bindings recorded`);
