/**
 * Crashes in the middle of a burst of writes, and what survives them (server.md, "Lifecycle"):
 * 8 writers sign up new members as fast as the server answers, each recording the id of every
 * signup answered 201; once enough have been answered, the server process (or PostgreSQL's
 * postmaster) is killed with SIGKILL; after a restart on the same data, every recorded id must be
 * there. Used by `npm run faults` (20 rounds, a table) and by the server suite (a few rounds).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SignupResponse } from '../../contract/api';
import { openPostgres, type Database } from '../db/database';
import { startChildServer, stopChildServer, type ChildServer } from './childServer';
import { newDataDir } from './pgliteTemplate';
import { startCluster, type Cluster } from './postgresCluster';
import { until } from './until';

export const FAULT_MODES = {
  'pglite-server': 'PGlite: kill -9 of the server',
  'postgres-server': 'PostgreSQL: kill -9 of the server',
  'postgres-postmaster': 'PostgreSQL: kill -9 of the postmaster',
} as const;

export type FaultMode = keyof typeof FAULT_MODES;

export interface RoundResult {
  /** Signups answered 201 before the crash. */
  acknowledged: number;
  /** Acknowledged ids missing after the restart. */
  lost: string[];
  /** Calls still unanswered when the crash came (their outcome is the store's to decide). */
  inFlight: number;
}

export const WRITERS = 8;

export interface SignupBurst {
  /** The ids of the members whose signup was answered 201. */
  acknowledged: string[];
  /** How many calls ended how ('201', '503', 'TypeError: fetch failed'): for the message when a round stalls. */
  answers: Map<string, number>;
  /** The HTTP statuses answered, each once (a call cut off has none). */
  statuses(): number[];
  inFlight(): number;
  stop(): Promise<void>;
}

/** Signups from `writers` writers until `stop()`, each username tagged with `round`. */
export function signupBurst(url: string, round: string, writers = WRITERS): SignupBurst {
  const acknowledged: string[] = [];
  const answers = new Map<string, number>();
  const note = (what: string): void => {
    answers.set(what, (answers.get(what) ?? 0) + 1);
  };
  let stopped = false;
  let pending = 0;
  const writer = async (w: number): Promise<void> => {
    for (let n = 0; !stopped; n += 1) {
      pending += 1;
      try {
        const response = await fetch(`${url}/api/auth/signup`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ firstName: 'Burst', lastName: `Writer ${w}`, username: `b${round}_${w}_${n}`, password: 'burst-password' }),
        });
        note(String(response.status));
        if (response.status === 201) {
          acknowledged.push(((await response.json()) as SignupResponse).createdUser._id);
        } else {
          await response.arrayBuffer();
        }
      } catch (error) {
        note(String(error));
        // The server is gone: nothing was acknowledged. Try again (it may come back) unless stopped.
        await new Promise((resolve) => setTimeout(resolve, 20));
      } finally {
        pending -= 1;
      }
    }
  };
  const loops = Array.from({ length: writers }, (_, w) => writer(w));
  return {
    acknowledged,
    answers,
    statuses: () => [...answers.keys()].filter((what) => /^\d{3}$/.test(what)).map(Number),
    inFlight: () => pending,
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

/** The ids of `ids` that the members list answered by `url` lacks. */
async function missingFromApi(url: string, ids: readonly string[]): Promise<string[]> {
  let users: Array<{ _id: string }> | undefined;
  await until(async () => {
    try {
      const response = await fetch(`${url}/api/users`);
      if (response.status !== 200) return false;
      users = ((await response.json()) as { users: Array<{ _id: string }> }).users;
      return true;
    } catch {
      return false;
    }
  }, 'the members list after the restart');
  const present = new Set((users ?? []).map((user) => user._id));
  return ids.filter((id) => !present.has(id));
}

async function missingFromDatabase(database: Database, ids: readonly string[]): Promise<string[]> {
  const rows = await database.query<{ id: string }>('SELECT id FROM members WHERE id = ANY($1::text[])', [ids]);
  const present = new Set(rows.map((row) => row.id));
  return ids.filter((id) => !present.has(id));
}

export interface FaultRun {
  /** Runs one round; the server is left running for the next. */
  round(): Promise<RoundResult>;
  close(): Promise<void>;
}

export interface FaultOptions {
  /** Acknowledged writes to wait for before the crash: a random number in this range. */
  ackedBeforeCrash?: [number, number];
}

const SERVER_ENV = { SEED: 'off', RATE_LIMITS: 'off', JWT_SECRET: 'fault-rounds-secret-that-is-long-enough-0123456789' };

/**
 * Prepares a mode: a fresh data folder, or a PostgreSQL cluster with fsync on (what production
 * runs: a commit is on disk before it is answered), and a server process on it.
 */
export async function openFaultRun(mode: FaultMode, { ackedBeforeCrash = [10, 60] }: FaultOptions = {}): Promise<FaultRun> {
  let dataDir: string | undefined;
  let cluster: Cluster | undefined;
  let checker: Database | undefined;
  let env: Record<string, string>;
  if (mode === 'pglite-server') {
    dataDir = await newDataDir('socialconnect-faults-');
    env = { ...SERVER_ENV, DATA_DIR: dataDir };
  } else {
    cluster = await startCluster({ fsync: true });
    env = { ...SERVER_ENV, DATABASE_URL: cluster.url, DATA_DIR: mkdtempSync(join(tmpdir(), 'socialconnect-faults-')) };
    dataDir = env.DATA_DIR;
  }
  let server: ChildServer = await startChildServer({ env });
  if (cluster) checker = await openPostgres({ connectionString: cluster.url, max: 1 });
  let rounds = 0;
  return {
    async round() {
      rounds += 1;
      const [low, high] = ackedBeforeCrash;
      const target = low + Math.floor(Math.random() * (high - low + 1));
      const writes = signupBurst(server.url, `${rounds}${Math.random().toString(36).slice(2, 6)}`);
      try {
        await until(() => writes.acknowledged.length >= target, `${target} acknowledged writes`);
      } catch (error) {
        await writes.stop();
        throw new Error(`${(error as Error).message} Answers: ${JSON.stringify([...writes.answers])}. The server printed:\n${server.output().slice(-3000)}`, { cause: error });
      }
      const inFlight = writes.inFlight();
      if (mode === 'postgres-postmaster') {
        cluster?.killPostmaster();
        await writes.stop();
        await cluster?.restart();
      } else {
        server.process.kill('SIGKILL');
        await writes.stop();
        await server.exited;
        server = await startChildServer({ env });
      }
      const acknowledged = [...writes.acknowledged];
      const lost = checker ? await missingFromDatabase(checker, acknowledged) : await missingFromApi(server.url, acknowledged);
      return { acknowledged: acknowledged.length, lost, inFlight };
    },
    async close() {
      await stopChildServer(server);
      await checker?.close().catch(() => undefined);
      cluster?.stop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ModeSummary {
  mode: FaultMode;
  rounds: number;
  acknowledged: number;
  lost: number;
  inFlight: number;
}

/** The table `npm run faults` prints. */
export function faultTable(rows: readonly ModeSummary[]): string {
  const header = ['crash', 'rounds', 'acknowledged writes', 'in flight at the crash', 'lost'];
  const lines = rows.map((row) => [FAULT_MODES[row.mode], String(row.rounds), String(row.acknowledged), String(row.inFlight), String(row.lost)]);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column]?.length ?? 0)));
  const format = (cells: readonly string[]): string => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join('  ');
  return [format(header), widths.map((width) => '-'.repeat(width)).join('  '), ...lines.map(format)].join('\n');
}
