/**
 * The real server as the bench parts that drive the app against it start it (benchLive.ts,
 * benchOffline.ts): as `npm run server` starts it (the app built with API_MOCKING=off and the server
 * compiled when older than their sources, then `build/server/server/main.js` in a process of its
 * own), on `dataDir` (PGlite, the demo network), rate limits off.
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = join(__dirname, '..');
const SERVER_MAIN = join(ROOT, 'build', 'server', 'server', 'main.js');

export interface BenchServer {
  url: string;
  stop(): Promise<void>;
}

/** Builds the app for the server and compiles the server, each where older than its sources. */
export function buildForServer(): void {
  const builder = pathToFileURL(join(ROOT, 'scripts', 'buildForServer.mjs')).href;
  execFileSync(process.execPath, ['--input-type=module', '-e', `import { buildForServer } from ${JSON.stringify(builder)}; buildForServer();`], { stdio: 'inherit' });
}

/** Starts the server on a port of its own choosing on 127.0.0.1; resolves once it listens. */
export async function startServer(dataDir: string): Promise<BenchServer> {
  const child: ChildProcess = fork(SERVER_MAIN, [], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, RATE_LIMITS: 'off', LOG_LEVEL: 'warn', NODE_ENV: 'development', DRAIN_SECONDS: '0' },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve(match[1].replace(/[.,]$/, ''));
    });
    child.once('exit', (code) => reject(new Error(`the server left with exit ${code}:\n${output}`)));
  });
  return {
    url,
    stop: () => new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    }),
  };
}

/**
 * The server built (as `buildForServer`) and started on a data folder of its own under the system's
 * temporary folder, named from `prefix`; `stop` deletes the folder once the server has stopped.
 */
export async function startBuiltServer(prefix: string): Promise<BenchServer> {
  buildForServer();
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const server = await startServer(dataDir);
  return {
    url: server.url,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
