// What `npm run server` and `npm run cluster` need built first: the app with API_MOCKING=off into
// build/app and the server with tsc into build/server, each only when missing or older than its
// sources, each step's output in its own log under build/.
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const at = (...parts) => join(root, ...parts);

/** The newest modification time of the files under these paths (0 when none exist). */
function newest(paths) {
  let time = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const name of readdirSync(path)) if (name !== 'node_modules') visit(join(path, name));
    } else {
      time = Math.max(time, stat.mtimeMs);
    }
  };
  paths.forEach(visit);
  return time;
}

function builtAt(file) {
  return existsSync(file) ? statSync(file).mtimeMs : 0;
}

/** How many lines of a failed step's log are shown. */
const LOG_TAIL_LINES = 30;

/**
 * One build step, said in one line, its output written to `log` (a path under the repository): a
 * failure says so, names the log and shows its last lines, and stops `npm run server`.
 */
function run(what, log, command, args, env = {}) {
  const started = Date.now();
  process.stdout.write(`${what}, output in ${log} ... `);
  mkdirSync(at('build'), { recursive: true });
  const output = openSync(at(log), 'w');
  const result = spawnSync(command, args, { cwd: root, stdio: ['ignore', output, output], env: { ...process.env, ...env } });
  closeSync(output);
  if (result.status === 0) {
    console.log(`done in ${Math.round((Date.now() - started) / 1000)} s`);
    return;
  }
  console.log(`failed (${result.error?.message ?? result.signal ?? `exit code ${result.status}`})`);
  const tail = readFileSync(at(log), 'utf8').trimEnd().split('\n').slice(-LOG_TAIL_LINES).join('\n');
  console.error(`The end of ${log}:\n\n${tail}`);
  process.exit(1);
}

/** Whether the server serves the app built here: STATIC_DIR unset, or naming build/app. */
function servesBuiltApp() {
  const given = process.env.STATIC_DIR?.trim();
  return !given || resolve(root, given) === at('build', 'app');
}

/**
 * Builds the app (when the server serves build/app) and the server when missing or older than their
 * sources, one line each.
 */
export function buildForServer() {
  const appSources = ['src', 'contract', 'public', 'webpack.config.js', 'scripts/settings.js', 'server/settings.js', 'package-lock.json', 'tsconfig.json'].map((path) => at(path));
  if (servesBuiltApp() && builtAt(at('build', 'app', 'index.html')) < newest(appSources)) {
    run('Building the app for the server (API_MOCKING=off) into build/app (about a minute)', 'build/app-build.log', process.execPath, [at('node_modules', 'webpack', 'bin', 'webpack.js'), '--mode', 'production'], {
      API_MOCKING: 'off', API_BASE_URL: '/api', MOCK_SCENARIO: '', BUILD_DIR: 'build/app',
    });
  }

  buildServer();
}

/** Compiles the server when missing or older than its sources (all `npm run backup` needs). */
export function buildServer() {
  const serverSources = ['server', 'contract', 'package-lock.json'].map((path) => at(path));
  if (builtAt(at('build', 'server', 'server', 'main.js')) < newest(serverSources)) {
    run('Compiling the server into build/server', 'build/server-build.log', process.execPath, [at('node_modules', 'typescript', 'bin', 'tsc'), '-p', at('server', 'tsconfig.json')]);
  }
}

/** Runs one of the compiled server's entry points (build/server/server/`file`) in this process. */
export function runBuilt(file) {
  return import(pathToFileURL(at('build', 'server', 'server', file)).href);
}
