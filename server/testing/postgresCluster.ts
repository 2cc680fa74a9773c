/**
 * A throwaway PostgreSQL cluster for tests: Debian's binaries, a fresh folder, a free loopback
 * port, trust authentication; removed when stopped. Started by the test runners when no
 * DATABASE_URL is given.
 */
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePortsInARow } from './freePorts';

export const POSTGRES_INSTALL_HINT = 'PostgreSQL is not installed. On Debian or Ubuntu: sudo apt-get install -y postgresql (or set DATABASE_URL to a PostgreSQL server the tests may create databases on).';

/** The newest installed PostgreSQL's bin folder, or undefined. */
export function postgresBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).filter((name) => existsSync(join(root, name, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : join(root, versions[0], 'bin');
}

export interface Cluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  dir: string;
  binDir: string;
  stop(): void;
  /** Stops the postmaster as an administrator does before a restart (fast mode: sessions ended, a checkpoint). */
  shutDown(): Promise<void>;
  /** Stops the postmaster at once (pg_ctl's immediate mode: no checkpoint, recovery at the next start). */
  crash(): void;
  /** kill -9 of the postmaster itself; its backends follow it as soon as they notice. */
  killPostmaster(): number;
  /** Starts it again on the same folder and port (waiting for the processes of a killed one to go). */
  restart(): Promise<void>;
}

export interface Replica {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  /** Stops replaying the primary's WAL (pg_wal_replay_pause()): it falls behind at will. */
  pause(): Promise<void>;
  /** Replays again (pg_wal_replay_resume()). */
  resume(): Promise<void>;
  /** Stops it and removes its folder (once, however often called). */
  stop(): void;
}

/**
 * A streaming replica of `primary` (pg_basebackup -R): a folder of its own beside the primary's,
 * on a free loopback port, read-only, replaying the primary's WAL as it comes.
 */
export async function startReplica(primary: Pick<Cluster, 'port' | 'dir' | 'binDir'>): Promise<Replica> {
  const { binDir } = primary;
  const asRoot = process.getuid?.() === 0;
  const run = (command: string, args: string[]): void => {
    const file = join(binDir, command);
    execFileSync(asRoot ? 'runuser' : file, asRoot ? ['-u', 'postgres', '--', file, ...args] : args, { stdio: 'pipe' });
  };
  const dir = mkdtempSync(join(tmpdir(), 'socialconnect-replica-'));
  if (asRoot) {
    const { uid, gid } = userIds('postgres');
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  run('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres', '-D', data, '-R', '-X', 'stream']);
  const port = await freePortsInARow(1);
  run('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off`, 'start']);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let stopped = false;
  const ask = async (statement: string): Promise<void> => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  return {
    url,
    port,
    pause: () => ask('SELECT pg_wal_replay_pause()'),
    resume: () => ask('SELECT pg_wal_replay_resume()'),
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

export async function startCluster(options: { fsync?: boolean; preload?: string[] } = {}): Promise<Cluster> {
  const binDir = postgresBinDir();
  if (!binDir) throw new Error(POSTGRES_INSTALL_HINT);
  const dir = mkdtempSync(join(tmpdir(), 'socialconnect-pg-'));
  const asRoot = process.getuid?.() === 0;
  const run = (command: string, args: string[]): void => {
    const file = join(binDir, command);
    execFileSync(asRoot ? 'runuser' : file, asRoot ? ['-u', 'postgres', '--', file, ...args] : args, { stdio: 'pipe' });
  };
  if (asRoot) {
    const { uid, gid } = userIds('postgres');
    chownSync(dir, uid, gid);
  }
  // Without blocking: the caller's clients keep calling while PostgreSQL stops.
  const runAsync = (command: string, args: string[]): Promise<void> => new Promise((resolve, reject) => {
    const file = join(binDir, command);
    execFile(asRoot ? 'runuser' : file, asRoot ? ['-u', 'postgres', '--', file, ...args] : args, (error) => (error ? reject(error) : resolve()));
  });
  const port = await freePortsInARow(1);
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
  const serverOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200${options.fsync ? '' : ' -c fsync=off -c synchronous_commit=off -c full_page_writes=off'}${options.preload?.length ? ` -c shared_preload_libraries=${options.preload.join(',')}` : ''}`;
  const startArgs = ['-D', data, '-l', join(dir, 'log'), '-w', '-o', serverOptions, 'start'];
  run('pg_ctl', startArgs);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dir,
    binDir,
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    async shutDown() {
      await runAsync('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    },
    crash() {
      run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    },
    killPostmaster() {
      const pid = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
      process.kill(pid, 'SIGKILL');
      return pid;
    },
    async restart() {
      // After a kill -9, the old backends hold the shared memory until they have noticed: retry.
      for (let attempt = 1; ; attempt += 1) {
        try {
          await runAsync('pg_ctl', startArgs);
          return;
        } catch (error) {
          if (attempt >= 100) throw error;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }
    },
  };
}

function userIds(name: string): { uid: number; gid: number } {
  const line = execFileSync('getent', ['passwd', name], { encoding: 'utf8' }).trim();
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/**
 * Makes TEST_DATABASE_URL name a PostgreSQL server the tests may create databases on: the one already
 * named, DATABASE_URL when given, or a throwaway cluster started here. Returns how to stop what it
 * started (nothing, when it started nothing).
 */
export async function provideTestDatabase(): Promise<() => void> {
  if (process.env.TEST_DATABASE_URL) return () => undefined;
  if (process.env.DATABASE_URL) {
    process.env.TEST_DATABASE_URL = process.env.DATABASE_URL;
    return () => undefined;
  }
  const cluster = await startCluster();
  process.env.TEST_DATABASE_URL = cluster.url;
  return () => cluster.stop();
}
