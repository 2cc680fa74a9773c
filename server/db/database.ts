/**
 * One small interface over the two clients the server runs on: node-postgres (a pool, for
 * PostgreSQL) and PGlite (PostgreSQL in WebAssembly, in this process). Both take `$1` parameters;
 * answers come back as plain rows. Differences handled here and nowhere else: int8 arrives as a
 * string from node-postgres (parsed to a number), bytea as a Buffer or a Uint8Array (callers use
 * `toBytes`), and PGlite serialises everything through its one connection.
 */
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { worthKeeping } from './keptStatements';
import { preparedQueries, type PreparedQueries } from './pglitePrepared';

/**
 * Errors that mean the database cannot be reached right now, rather than a fault in a request: the
 * server answers them 503. A pool whose connections all stay busy past its wait is one of them.
 */
export function isUnavailable(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : '';
  return ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03', '08000', '08003', '08006', '08001', '08004', '57014'].includes(code)
    || /Connection terminated|connection timeout|Client has encountered a connection error|timeout exceeded when trying to connect/i.test(error instanceof Error ? error.message : '');
}

export type Row = Record<string, unknown>;

export interface Sql {
  query<T extends Row = Row>(text: string, params?: readonly unknown[]): Promise<T[]>;
  /** Several statements at once, without parameters (a migration file). */
  exec(text: string): Promise<void>;
}

export interface TransactionOptions {
  /** A consistent read of committed data (one snapshot for all its statements); no writes. */
  readOnly?: boolean;
}

export interface Database extends Sql {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Runs `work` in one transaction and commits it, or rolls it back when it throws. Writes run READ
   * COMMITTED: each statement sees what others committed before it, and a rule that checks before
   * it changes takes the lock of the row it checks (the store's writer does), so racing calls queue
   * instead of failing. A transaction that still lost a race (a unique key taken meanwhile, a
   * deadlock, a serialization failure) is run again from the start, so its checks see the winner.
   */
  transaction<T>(work: (sql: Sql) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /**
   * Runs `work`'s statements on one connection, each on its own (no transaction around them): a
   * read that needs no single snapshot, without a transaction's two extra round trips.
   */
  session<T>(work: (sql: Sql) => Promise<T>): Promise<T>;
  /**
   * PGlite: calls `onPayload` with each notification on `channel`, committed in this process. (On
   * PostgreSQL, listening needs a connection of its own: changeFeed.ts keeps one.)
   */
  listen?(channel: string, onPayload: (payload: string) => void): Promise<void>;
  /** PostgreSQL: the pool's connections now (open, idle, calls waiting for one, the most it opens). */
  pool?(): { total: number; idle: number; waiting: number; max: number };
  /** PostgreSQL: tells `onWait` how long each call waited for a connection from the pool, in seconds. */
  reportPoolWaitsTo?(onWait: (seconds: number) => void): void;
  close(): Promise<void>;
}

/** bytea as bytes, whichever client read it. */
export function toBytes(value: unknown): Buffer {
  if (Buffer.isBuffer(value)) return value;
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  throw new TypeError('expected a bytea value');
}

const RETRYABLE = new Set(['40001', '40P01', '23505']);
const MAX_ATTEMPTS = 12;

/** Whether a statement failed for losing a race (rolled back; running it again may succeed). */
export function lostRace(error: unknown): boolean {
  return RETRYABLE.has(sqlState(error) ?? '');
}

function sqlState(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

function pause(attempt: number): Promise<void> {
  const ms = Math.min(50, 2 ** attempt) * Math.random();
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export interface PostgresOptions {
  connectionString: string;
  /** Connections in the pool. */
  max?: number;
  /** A statement running longer is cancelled (server.md: 5 s). */
  statementTimeoutMs?: number;
  /**
   * Whether the store's statements are kept prepared on each connection (DATABASE_PREPARED_STATEMENTS):
   * off behind a pooler in transaction mode that cannot keep them.
   */
  preparedStatements?: boolean;
}

const INT8_OID = 20;

/** PostgreSQL's type id of timestamptz. */
const TIMESTAMPTZ_OID = 1184;

/** A timestamptz as the text protocol writes it in UTC (DateStyle ISO): `2026-12-06 18:00:05.123456+00`. */
const UTC_TIMESTAMP = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?\+00$/;

const timestampAsDate = pg.types.getTypeParser(TIMESTAMPTZ_OID, 'text') as (text: string) => unknown;

/**
 * A timestamptz read as the contract writes it (ISO 8601 in UTC, to the millisecond: what
 * `Date.prototype.toISOString` gives), straight from its text when the session writes UTC. A page of
 * twenty posts carries up to a hundred (each post's three, its author's two), and making each a
 * Date to turn it back into text was about a tenth of the server's work on a feed page. Any other
 * form (another time zone, a year past 9999, infinity) is read as a Date, as before; `iso()`
 * (store/rows.ts) takes either.
 */
export function timestampText(text: string): unknown {
  const utc = UTC_TIMESTAMP.exec(text);
  if (!utc) return timestampAsDate(text);
  // The microseconds cut to milliseconds, as a Date made from them keeps them.
  return `${utc[1]}T${utc[2]}.${(utc[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
}

/** How the pool's connections read values: int8 as a number, timestamptz as the contract's text. */
export const postgresTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === INT8_OID) return (value: string) => Number(value);
    if (oid === TIMESTAMPTZ_OID && format !== 'binary') return timestampText;
    return pg.types.getTypeParser(oid, format ?? 'text');
  }) as typeof pg.types.getTypeParser,
};

/** A kept plan that no longer fits the tables (another process migrated them meanwhile). */
function planChanged(error: unknown): boolean {
  return sqlState(error) === '0A000' && /cached plan must not change result type/.test((error as Error).message);
}

/**
 * The names of a pool's prepared statements, one per text for all its connections. node-postgres
 * parses a named statement on a connection the first time it sends it there, and after that sends
 * only its parameters: PostgreSQL neither parses nor plans it again (it keeps a generic plan once
 * that costs no more than planning each call).
 */
function statementNames(): (text: string) => string | undefined {
  const names = new Map<string, string>();
  return (text) => {
    let name = names.get(text);
    if (name === undefined && worthKeeping(text, names.size)) {
      name = `sc_${names.size + 1}`;
      names.set(text, name);
    }
    return name;
  };
}

interface PostgresSqlOptions {
  /** The statement's name, if it is kept prepared. */
  nameOf?: (text: string) => string | undefined;
  /**
   * Told when a kept statement no longer fits its tables: the connection is dropped when released
   * (node-postgres would send the stale name again). Outside a transaction the statement then runs
   * once more, unnamed: nothing of it ran.
   */
  stale?: (error: Error) => void;
  inTransaction?: boolean;
}

/** A node-postgres pool or connection as Sql: `exec` is a simple query, which may hold several statements. */
function postgresSql(client: pg.Pool | pg.PoolClient, { nameOf, stale, inTransaction = false }: PostgresSqlOptions = {}): Sql {
  return {
    async query<T extends Row>(text: string, params?: readonly unknown[]) {
      const values = params as unknown[] | undefined;
      const name = nameOf?.(text);
      try {
        return (await client.query<T>(name === undefined ? { text, values } : { name, text, values })).rows;
      } catch (error) {
        if (name === undefined || !planChanged(error)) throw error;
        stale?.(error as Error);
        if (inTransaction) throw error;
        return (await client.query<T>({ text, values })).rows;
      }
    },
    async exec(text) {
      await client.query(text);
    },
  };
}

/** A connection the pool lent, and the failure it met while lent, if any. */
export interface Lent {
  client: pg.PoolClient;
  broken: Error | undefined;
  lost(error: Error): void;
}

/**
 * A connection from the pool, listened to from the moment it is lent. The pool stops listening to a
 * client it lends, and a connection opened for this call can bring its own end (the database
 * restarting) in the same packet as its readiness: with `await pool.connect()` that failure would
 * come before the caller could listen, and crash the process. The callback runs within that packet.
 */
export function lend(pool: Pick<pg.Pool, 'connect'>): Promise<Lent> {
  return new Promise((resolve, reject) => {
    pool.connect((error: Error | undefined, client: pg.PoolClient | undefined) => {
      if (error || !client) {
        reject(error ?? new Error('The pool lent no connection.'));
        return;
      }
      const lent: Lent = {
        client,
        broken: undefined,
        lost: (failure) => {
          lent.broken ??= failure;
        },
      };
      client.on('error', lent.lost);
      resolve(lent);
    });
  });
}

export async function openPostgres({ connectionString, max = 10, statementTimeoutMs = 5_000, preparedStatements = true }: PostgresOptions): Promise<Database> {
  const pool = new pg.Pool({
    connectionString,
    max,
    statement_timeout: statementTimeoutMs,
    // No JIT compilation: every statement here reads or writes a few rows, and PostgreSQL compiles
    // by a plan's estimated cost, branches never run included, which costs tens of milliseconds
    // (a home feed page whose fallback branch is estimated large, for one).
    // Timestamps written in UTC: read as the contract writes them, without a Date (timestampText).
    options: '-c jit=off -c TimeZone=UTC',
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    types: postgresTypes,
  });
  // An idle connection that the server drops (a restart) must not crash the process.
  pool.on('error', () => undefined);
  const nameOf = preparedStatements ? statementNames() : undefined;
  let waited = (_seconds: number): void => undefined;
  /** A connection from the pool, the wait for it told. */
  const lendTimed = async (): Promise<Lent> => {
    const asked = performance.now();
    const lent = await lend(pool);
    waited((performance.now() - asked) / 1_000);
    return lent;
  };

  const database: Database = {
    kind: 'postgres',
    ...postgresSql(pool),
    // One statement on a connection lent as a session's is: its wait for the connection is told too.
    query: (text, params) => database.session((sql) => sql.query(text, params)),
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
    reportPoolWaitsTo(onWait) {
      waited = onWait;
    },
    async transaction(work, options = {}) {
      for (let attempt = 1; ; attempt += 1) {
        // A connection that dies between two statements (the database restarting) is marked
        // broken, and does not crash the process.
        const lent = await lendTimed();
        const { client } = lent;
        let begun = false;
        try {
          await client.query(options.readOnly ? 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY' : 'BEGIN ISOLATION LEVEL READ COMMITTED');
          begun = true;
          const result = await work(postgresSql(client, { nameOf, stale: lent.lost, inTransaction: true }));
          await client.query('COMMIT');
          return result;
        } catch (error) {
          if (!begun) {
            // Nothing ran: most likely a pooled connection that died while idle (the database
            // restarted). Drop it, and try once more on a fresh one.
            lent.broken ??= error as Error;
            if (attempt === 1) continue;
            throw error;
          }
          try {
            await client.query('ROLLBACK');
          } catch (rollbackError) {
            lent.broken = rollbackError as Error;
          }
          // A kept statement that no longer fits its tables dropped this connection: the next
          // connection lent may have it too, and is dropped in turn.
          const again = lent.broken === undefined ? RETRYABLE.has(sqlState(error) ?? '') : lent.broken === error && planChanged(error);
          if (again && attempt < MAX_ATTEMPTS) {
            await pause(attempt);
            continue;
          }
          throw error;
        } finally {
          client.removeListener('error', lent.lost);
          client.release(lent.broken);
        }
      }
    },
    async session(work) {
      // As in a transaction: a connection that dies while lent (the database restarting) is
      // marked broken instead of crashing the process.
      const lent = await lendTimed();
      const { client } = lent;
      try {
        return await work(postgresSql(client, { nameOf, stale: lent.lost }));
      } catch (error) {
        // A connection that failed may be in any state: the pool drops it rather than lend it again.
        if (sqlState(error) === undefined) lent.broken ??= error as Error;
        throw error;
      } finally {
        client.off('error', lent.lost);
        client.release(lent.broken);
      }
    },
    close: () => pool.end(),
  };
  await database.query('SELECT 1');
  return database;
}

export interface PgliteOptions {
  /**
   * A cluster to start from, as PGlite's `dumpDataDir` writes it, when `dataDir` holds none yet:
   * a copy opens in under a second where a new cluster's initdb takes about five.
   */
  from?: Blob;
}

/** PGlite or one of its transactions as Sql, each statement kept prepared (pglitePrepared.ts). */
function pgliteSql(client: PGlite | Transaction, prepared: PreparedQueries): Sql {
  const transaction = client instanceof PGlite ? undefined : client;
  return {
    query: (text, params = []) => prepared.query(text, params, transaction),
    async exec(text) {
      await client.exec(text);
    },
  };
}

/** PostgreSQL's type id of bytea. */
const BYTEA = 17;

/**
 * bytea as PGlite's text protocol carries it (`\x` and hex), through Buffer's native hex codec.
 * PGlite's own codec goes byte by byte in JavaScript (a string per byte), about twenty times
 * slower: every image stored went through it.
 */
const byteaSerializer = (value: unknown): string => {
  if (!(value instanceof Uint8Array)) throw new TypeError('A bytea parameter must be bytes.');
  return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`;
};
const byteaParser = (text: string): Uint8Array => Buffer.from(text.slice(2), 'hex');

/** How PGlite reads values: bytea through Buffer's codec, timestamptz as the contract's text. */
export const PGLITE_PARSERS = { [BYTEA]: byteaParser, [TIMESTAMPTZ_OID]: timestampText };

/** PGlite in `dataDir`, or in memory when none is given. */
export async function openPglite(dataDir?: string, { from }: PgliteOptions = {}): Promise<Database> {
  const pglite = await PGlite.create({
    // pg_trgm: post search's index (migration 0025).
    dataDir, loadDataDir: from, extensions: { pg_trgm }, serializers: { [BYTEA]: byteaSerializer }, parsers: PGLITE_PARSERS,
  });
  const prepared = preparedQueries(pglite);
  const sql = pgliteSql(pglite, prepared);
  return {
    kind: 'pglite',
    ...sql,
    session: (work) => work(sql),
    // One connection: transactions run one after another, so none can lose a race.
    transaction: (work) => pglite.transaction((tx) => work(pgliteSql(tx, prepared))),
    async listen(channel, onPayload) {
      await pglite.listen(channel, onPayload);
    },
    close: () => pglite.close(),
  };
}
