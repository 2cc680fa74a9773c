/**
 * One server per data folder. PGlite does not lock its folder, and two processes writing one folder
 * lose rows, so the server holds a lock file there: a second server on the same folder refuses to
 * start and names the holder. A lock left by a process that no longer runs (kill -9) is taken over.
 */
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

export const LOCK_FILE = 'server.lock';

export interface LockHolder {
  pid: number;
  host: string;
  since: string;
}

export class DataDirLockedError extends Error {
  readonly holder: LockHolder;

  constructor(dataDir: string, holder: LockHolder) {
    super(`The data folder ${dataDir} is in use by another SocialConnect server (process ${holder.pid} on ${holder.host}, since ${holder.since}). Stop that server, or give this one its own folder with DATA_DIR.`);
    this.name = 'DataDirLockedError';
    this.holder = holder;
  }
}

function readHolder(file: string): LockHolder | undefined {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockHolder>;
    if (typeof parsed.pid === 'number' && typeof parsed.host === 'string' && typeof parsed.since === 'string') return parsed as LockHolder;
  } catch {
    // Unreadable: written by a process that died mid-write; treat as stale.
  }
  return undefined;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface DataDirLock {
  release(): void;
}

export function lockDataDir(dataDir: string, now: () => Date = () => new Date()): DataDirLock {
  // Its owner's alone: it holds the database, the token secret and this lock (server/privateFiles.ts).
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = join(dataDir, LOCK_FILE);
  const me: LockHolder = { pid: process.pid, host: hostname(), since: now().toISOString() };
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(file, 'wx', 0o644);
      writeSync(fd, `${JSON.stringify(me)}\n`);
      closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          if (readHolder(file)?.pid === process.pid) rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(file);
      // A holder on another host cannot be checked: the folder is shared, so it stays theirs.
      if (holder && (holder.host !== me.host || isRunning(holder.pid))) throw new DataDirLockedError(dataDir, holder);
      // The holder is gone: the lock is stale.
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${file}.`);
}
