/**
 * `npm run cluster -- --replicas N`: N streaming replicas of DATABASE_URL on this machine, each made
 * with pg_basebackup -R (a copy of the primary that replays its WAL as it comes) in a folder of its
 * own, started on a free loopback port, and stopped and removed with the cluster. The primary must
 * accept replication connections from this machine (PostgreSQL's default pg_hba.conf does, for
 * 127.0.0.1, with trust or a password in DATABASE_URL).
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './cluster';

/** The settings a hot standby may not hold lower than its primary. */
const STANDBY_MINIMUMS = ['max_connections', 'max_worker_processes', 'max_wal_senders', 'max_prepared_transactions', 'max_locks_per_transaction'];

export interface LocalReplicas {
  urls: string[];
  stop(): void;
}

/** The newest installed PostgreSQL's bin folder (Debian's /usr/lib/postgresql/N/bin), or PG_BIN. */
export function postgresBin(given = process.env.PG_BIN): string | undefined {
  if (given) return existsSync(join(given, 'pg_basebackup')) ? given : undefined;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).filter((name) => existsSync(join(root, name, 'bin', 'pg_basebackup'))).sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : join(root, versions[0], 'bin');
}

export async function startLocalReplicas(primaryUrl: string, count: number, binDir: string): Promise<LocalReplicas> {
  // PostgreSQL refuses to run as root: as root, its own user runs it.
  const asRoot = process.getuid?.() === 0;
  const run = (command: string, args: string[]): void => {
    const file = join(binDir, command);
    execFileSync(asRoot ? 'runuser' : file, asRoot ? ['-u', 'postgres', '--', file, ...args] : args, { stdio: 'pipe' });
  };
  const owner = asRoot ? execFileSync('getent', ['passwd', 'postgres'], { encoding: 'utf8' }).split(':') : undefined;
  const started: Array<{ dir: string; data: string }> = [];
  const stop = (): void => {
    for (const { dir, data } of started.splice(0)) {
      try {
        run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      } catch {
        // Not running (it failed to start): its folder goes all the same.
      }
      rmSync(dir, { recursive: true, force: true });
    }
  };
  // A hot standby needs at least the primary's values of these, whatever its own files say.
  const primary = new pg.Client({ connectionString: primaryUrl });
  await primary.connect();
  const settings = await primary.query<{ name: string; setting: string }>(`SELECT name, setting FROM pg_settings WHERE name IN (${STANDBY_MINIMUMS.map((name) => `'${name}'`).join(', ')})`)
    .finally(() => primary.end());
  const minimums = settings.rows.map((row) => `-c ${row.name}=${row.setting}`).join(' ');
  const urls: string[] = [];
  try {
    for (let index = 0; index < count; index += 1) {
      const dir = mkdtempSync(join(tmpdir(), 'socialconnect-replica-'));
      if (owner) chownSync(dir, Number(owner[2]), Number(owner[3]));
      const data = join(dir, 'data');
      started.push({ dir, data });
      run('pg_basebackup', ['-d', primaryUrl, '-D', data, '-R', '-X', 'stream']);
      const port = await freePort();
      run('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 ${minimums}`, 'start']);
      const url = new URL(primaryUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      urls.push(url.toString());
    }
  } catch (error) {
    stop();
    const said = error instanceof Error && 'stderr' in error ? String((error as { stderr: unknown }).stderr).trim() : '';
    throw new Error(`A read replica of DATABASE_URL could not be made: ${said || (error instanceof Error ? error.message : String(error))}`, { cause: error });
  }
  return { urls, stop };
}
