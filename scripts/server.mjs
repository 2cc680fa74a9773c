// `npm run server`: the real server on this machine, serving the app, /api and /media on one origin.
// Builds what is missing or older than its sources first (the app with API_MOCKING=off into
// build/app, the server with tsc into build/server), then starts the compiled server in this
// process. Settings: see README ("The server") or server/config.ts.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
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

function run(what, command, args, env = {}) {
  console.log(what);
  execFileSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
}

const appSources = ['src', 'contract', 'public', 'webpack.config.js', 'scripts/settings.js', 'package-lock.json', 'tsconfig.json'].map((path) => at(path));
if (builtAt(at('build', 'app', 'index.html')) < newest(appSources)) {
  run('Building the app for the server (API_MOCKING=off) into build/app ...', process.execPath, [at('node_modules', 'webpack', 'bin', 'webpack.js'), '--mode', 'production'], {
    API_MOCKING: 'off', API_BASE_URL: '/api', MOCK_SCENARIO: '', BUILD_DIR: 'build/app',
  });
}

const serverSources = ['server', 'contract', 'scripts/settings.js', 'package-lock.json'].map((path) => at(path));
if (builtAt(at('build', 'server', 'server', 'main.js')) < newest(serverSources)) {
  run('Compiling the server into build/server ...', process.execPath, [at('node_modules', 'typescript', 'bin', 'tsc'), '-p', at('server', 'tsconfig.json')]);
}

await import(pathToFileURL(at('build', 'server', 'server', 'main.js')).href);
