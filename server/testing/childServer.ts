/**
 * The server as its own process, started the way `npm run server` starts it (the compiled
 * server/main.ts: compiledServer.ts): for what only a real process shows (kill -9, SIGTERM, two
 * servers on one database or one data folder).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { REPOSITORY_ROOT } from '../config';
import { compiledEntry } from './compiledServer';

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** What a program run to its end printed, and how it ended. */
export interface Ran extends Exit {
  stdout: string;
  stderr: string;
}

/**
 * Runs `command` to its end, from the repository's folder with `env` alone, and collects what it
 * printed. One that has not ended within `withinMs` is killed (SIGKILL), and says so by its signal.
 */
export function runToEnd(command: string, args: readonly string[], env: Record<string, string>, withinMs: number): Promise<Ran> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd: REPOSITORY_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    const limit = setTimeout(() => child.kill('SIGKILL'), withinMs);
    child.on('error', (error) => {
      clearTimeout(limit);
      fail(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(limit);
      done({ code, signal, stdout, stderr });
    });
  });
}

export interface ChildServer {
  /** http://127.0.0.1:<port> */
  url: string;
  pid: number;
  process: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Resolves when it has exited. */
  exited: Promise<Exit>;
  /** Resolves once it has printed a line matching `pattern`. */
  printed(pattern: RegExp): Promise<string>;
}

export interface ChildOptions {
  /** Settings (server/config.ts); PORT=0 and a build-less STATIC_DIR unless given. */
  env: Record<string, string>;
  /** How long start-up may take on a busy machine. */
  readyWithinMs?: number;
}

/**
 * The settings a server process of a test starts from, and no others of this process: loopback, a
 * free port, warnings alone in its log, no app to serve, PGlite rather than any DATABASE_URL.
 */
export function childServerEnv(): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'warn',
    STATIC_DIR: join(REPOSITORY_ROOT, 'server', 'no-app-here'),
    DATABASE_URL: '',
  };
}

/** Starts `server/main.ts` in a new process; whatever it prints is kept, for the test's messages. */
export function launchServer({ env }: Pick<ChildOptions, 'env'>): Omit<ChildServer, 'url'> {
  const child = spawn(process.execPath, [compiledEntry('main')], {
    cwd: REPOSITORY_ROOT,
    env: {
      ...childServerEnv(),
      // No drain unless a test asks for one: no balancer watches these servers' health.
      DRAIN_SECONDS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const waiting = new Set<{ pattern: RegExp; resolve: (line: string) => void }>();
  const take = (chunk: Buffer): void => {
    text += chunk.toString('utf8');
    for (const wait of waiting) {
      const match = wait.pattern.exec(text);
      if (match) {
        waiting.delete(wait);
        wait.resolve(match[0]);
      }
    }
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  const exited = new Promise<Exit>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  return {
    pid: child.pid ?? 0,
    process: child,
    output: () => text,
    exited,
    printed(pattern) {
      const match = pattern.exec(text);
      if (match) return Promise.resolve(match[0]);
      return new Promise((resolve, reject) => {
        const wait = { pattern, resolve };
        waiting.add(wait);
        void exited.then((exit) => {
          if (!waiting.has(wait)) return;
          waiting.delete(wait);
          reject(new Error(`The server exited (${exit.code ?? exit.signal}) before printing ${pattern}:\n${text}`));
        });
      });
    },
  };
}

/** Starts a server process and waits until it listens. */
export async function startChildServer({ env, readyWithinMs = 120_000 }: ChildOptions): Promise<ChildServer> {
  const launched = launchServer({ env });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tooSlow = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`The server did not start within ${readyWithinMs} ms:\n${launched.output()}`)), readyWithinMs);
  });
  try {
    const line = await Promise.race([launched.printed(/SocialConnect server listening on (http:\/\/\S+)/), tooSlow]);
    const url = /http:\/\/\S+/.exec(line)?.[0] ?? '';
    return { ...launched, url };
  } catch (error) {
    launched.process.kill('SIGKILL');
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** Stops a server process politely and waits for it (kill -9 after `graceMs`). */
export async function stopChildServer(server: Pick<ChildServer, 'process' | 'exited'>, graceMs = 15_000): Promise<Exit> {
  if (server.process.exitCode !== null || server.process.signalCode !== null) return server.exited;
  server.process.kill('SIGTERM');
  const timer = setTimeout(() => server.process.kill('SIGKILL'), graceMs);
  try {
    return await server.exited;
  } finally {
    clearTimeout(timer);
  }
}
