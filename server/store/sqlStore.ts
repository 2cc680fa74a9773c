/**
 * The contract's Store over SQL (PostgreSQL or PGlite): one SQL transaction per call, every
 * parameter bound, counts derived from rows. Each subject keeps its own tables and queries
 * (members.ts, posts.ts, media.ts, snapshots.ts); this puts them together.
 */
import type { NetworkEvent } from '../../contract/events';
import { isMessageKey } from '../../contract/messages';
import type { PasswordHasher } from '../../contract/passwords';
import type { DbSnapshot } from '../../contract/snapshot';
import type { OneStatementOutcome, OneStatementWrites, Store, StoreReader, StoreTx } from '../../contract/store';
import type { TokenClaims } from '../../contract/tokens';
import { CHANGES_CHANNEL, type ChangeFeed } from '../changeFeed';
import { isUnavailable, lostRace, type Database, type Row, type Sql } from '../db/database';
import type { MediaFiles } from '../mediaFiles';
import { currentReadDatabase } from '../readReplicas';
import { idempotencyWrites } from './idempotency';
import { deleteGoneFiles, filesPutIn, forgetFilesPut, mediaWrites, releasedImages } from './media';
import { memberListReads } from './memberLists';
import { memberReads, memberWrites, seeSession } from './members';
import { postReads, postWrites } from './posts';
import { notificationReads, notificationWrites } from './notifications';
import { leavingReads, leavingWrites } from './leaving';
import { scheduledPostReads, scheduledPostWrites } from './scheduledPosts';
import { reportReads, reportWrites } from './reports';
import { relationReads, relationWrites } from './relations';
import { replyReads, replyWrites } from './replies';
import { storable, WRITE_LOCKS, type RowLocks } from './rows';
import { snapshotCalls } from './snapshots';
import { commitEvents, eventReads, EVENTS_KEPT } from './events';

export interface SqlStoreOptions {
  /** The folder of the images that ship with the app (`/images/...`): public/. */
  publicDir: string;
  /** Hashes the plain passwords of an imported snapshot. */
  passwords: PasswordHasher;
  /** Told of every committed write (answers kept in memory are then out of date). */
  changes?: ChangeFeed;
  /**
   * Likes, bookmarks and follows as one SQL function call each (server/sql/functions/*_in_one_statement.sql):
   * on unless turned off. Off, they go through the contract's rules in several statements, as every
   * other write does: the contract suite runs both ways on one database, so the two agree.
   */
  oneStatementWrites?: boolean;
  /**
   * Where images' bytes are kept (server/mediaFiles.ts); without it, in the database's rows (a store
   * in memory, for tests).
   */
  media?: MediaFiles;
  /** Told when the files of images let go of could not be deleted (they stay listed, for the next time). */
  mediaFailed?: (error: unknown) => void;
}

export interface SqlStore extends Store {
  readonly database: Database;
  /**
   * Loads the demo network's snapshot when the database has no member yet, and records that the
   * database holds it (GET /api/health's `demo`); whether it did.
   */
  seedIfEmpty(snapshot: DbSnapshot): Promise<boolean>;
}

/**
 * A write: committed with the events its rules recorded (given to `work` to fill), then every server
 * on the database hears of it. `resets`: it replaced what the streams were told (a whole network
 * loaded), and every stream loads again.
 */
export type Write = <T>(work: (sql: Sql, emitted: NetworkEvent[]) => Promise<T>, options?: { resets?: boolean }) => Promise<T>;

/** The intersection of a union's members: the type of `merged`'s parts taken together. */
type AllOf<U> = (U extends unknown ? (part: U) => void : never) extends (part: infer I) => void ? I : never;

/**
 * The parts' methods on one new object, as an object spread of them would put them, typed as their
 * intersection. Object.assign, because V8 takes ten spreads of this many methods through a slow path
 * (about 220 µs a reader on the development machine, against 4 µs), and every read and write builds
 * one.
 */
function merged<Parts extends object[]>(...parts: Parts): AllOf<Parts[number]> {
  return Object.assign({}, ...parts) as AllOf<Parts[number]>;
}

function reader(sql: Sql, locks?: RowLocks): StoreReader {
  return merged(memberReads(sql, locks), postReads(sql, locks), replyReads(sql, locks), notificationReads(sql), eventReads(sql), memberListReads(sql), relationReads(sql, locks), leavingReads(sql), scheduledPostReads(sql), reportReads(sql));
}

function writer(sql: Sql, options: SqlStoreOptions, emitted: NetworkEvent[]): StoreTx {
  const emit: StoreTx['emit'] = async (event) => {
    emitted.push(event);
  };
  return merged(
    reader(sql, WRITE_LOCKS), memberWrites(sql), postWrites(sql), replyWrites(sql), notificationWrites(sql), relationWrites(sql), leavingWrites(sql), scheduledPostWrites(sql), reportWrites(sql), mediaWrites(sql, options.publicDir, options.media),
    idempotencyWrites(sql),
    { emit },
  );
}

/** A statement that lost a race (a deadlock) is run again, as a transaction is. */
const STATEMENT_ATTEMPTS = 12;

/** The most calls one statement takes together (see `batchedByRow`). */
export const CALLS_TOGETHER_MAX = 64;

/** One of the writes in one statement: its function and the types of its parameters after the session's four. */
export interface OneStatementFunction {
  name: string;
  columns: string;
  types: readonly string[];
}

export const REACT: OneStatementFunction = { name: 'react_in_one_statement', columns: 'refusal, like_count, dislike_count', types: ['text', 'text', 'timestamptz', 'text', 'text', 'integer', 'bigint', 'text'] };
const BOOKMARK: OneStatementFunction = { name: 'bookmark_in_one_statement', columns: 'bookmark_in_one_statement AS refusal', types: ['text', 'boolean', 'bigint', 'text'] };
const FOLLOW: OneStatementFunction = { name: 'follow_in_one_statement', columns: 'refusal, follower_count, following_count', types: ['text', 'boolean', 'timestamptz', 'text', 'text', 'integer', 'bigint', 'text'] };
const SESSION_TYPES = ['text', 'text', 'text', 'integer'];

/** The function called once, its parameters bound one by one. */
export function callOnce(fn: OneStatementFunction): string {
  const count = SESSION_TYPES.length + fn.types.length;
  return `SELECT ${fn.columns} FROM ${fn.name}(${Array.from({ length: count }, (_, i) => `$${i + 1}`).join(', ')})`;
}

/** The session's four parameters every one-statement write starts with. */
export function sessionParams(claims: Pick<TokenClaims, 'jti' | 'sub' | 'username' | 'ver'>): unknown[] {
  return [claims.jti, claims.sub, claims.username, claims.ver];
}

/** react_in_one_statement's parameters after the session's, in its order; `channel` is where its events are notified. */
export function reactParams(write: Parameters<OneStatementWrites['react']>[1], channel: string = CHANGES_CHANNEL): unknown[] {
  return [write.postId, write.reaction, write.at, write.notificationId, write.notificationKey, write.unreadMax, EVENTS_KEPT, channel];
}

/**
 * The function called for every call in `$1` (a JSON array of their parameter arrays), in that
 * order, in one statement and so in one transaction: each call sees the ones before it, as if each
 * had committed alone, and the answers come back in the same order.
 */
function callTogether(fn: OneStatementFunction): string {
  const args = [...SESSION_TYPES, ...fn.types].map((type, i) => `(c.call ->> ${i})::${type}`).join(', ');
  return `SELECT ${fn.columns} FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS c (call, n), LATERAL ${fn.name}(${args}) ORDER BY c.n`;
}

interface Waiting {
  params: unknown[];
  resolve(row: Row | undefined): void;
  reject(error: unknown): void;
}

/**
 * Writes on one row that every one of them changes (a post's counts and its author's notification;
 * the followers of one member) are batched in the server before they reach the database: while one
 * statement on that row runs, the calls that arrive wait, then go together as one statement when it
 * ends. The row's lock is then taken once for the lot, not fought over by every pooled connection in
 * turn. A call alone goes at once, as a call of its own. If the statement taken together fails for
 * another reason than a lost race, each of its calls is run again alone, so that one call's failure
 * is its own.
 */
export function batchedByRow(database: Pick<Database, 'query'>, fn: OneStatementFunction): (key: string, params: unknown[]) => Promise<Row | undefined> {
  const once = callOnce(fn);
  const together = callTogether(fn);
  const waiting = new Map<string, Waiting[]>();

  const attempt = async (text: string, params: unknown[]): Promise<Row[]> => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await database.query(text, params);
      } catch (error) {
        if (!lostRace(error) || attempt >= STATEMENT_ATTEMPTS) throw error;
      }
    }
  };
  const alone = async (call: Waiting): Promise<void> => {
    try {
      call.resolve((await attempt(once, call.params))[0]);
    } catch (error) {
      call.reject(error);
    }
  };
  const run = async (calls: Waiting[]): Promise<void> => {
    const [first] = calls;
    if (calls.length === 1 && first) return alone(first);
    let rows: Row[];
    try {
      rows = await attempt(together, [JSON.stringify(calls.map((call) => call.params))]);
    } catch (error) {
      // The database out of reach: whether the statement committed is unknown, so none runs again.
      if (isUnavailable(error)) {
        calls.forEach((call) => call.reject(error));
        return;
      }
      // Refused as a whole, so none of it was kept: each call again on its own.
      for (const call of calls) await alone(call);
      return;
    }
    calls.forEach((call, i) => call.resolve(rows[i]));
  };
  const turns = async (key: string, calls: Waiting[]): Promise<void> => {
    let next = calls;
    while (next.length > 0) {
      await run(next);
      next = waiting.get(key)?.splice(0, CALLS_TOGETHER_MAX) ?? [];
    }
    waiting.delete(key);
  };

  return (key: string, params: unknown[]): Promise<Row | undefined> =>
    new Promise((resolve, reject) => {
      const queue = waiting.get(key);
      if (queue) {
        queue.push({ params, resolve, reject });
        return;
      }
      waiting.set(key, []);
      void turns(key, [{ params, resolve, reject }]);
    });
}

/**
 * The writes done in one statement each (server/sql/functions/*_in_one_statement.sql): the session's
 * check, the change, the counts, the notifications and the events, with the row locks held for that
 * one statement. Ids the database cannot hold are left to the rules.
 */
function writesInOneStatement(database: Database, changes: ChangeFeed | undefined): OneStatementWrites {
  const reacting = batchedByRow(database, REACT);
  const bookmarking = batchedByRow(database, BOOKMARK);
  const following = batchedByRow(database, FOLLOW);
  const run = async (claims: TokenClaims, ids: readonly string[], call: (params: unknown[]) => Promise<Row | undefined>, params: unknown[]): Promise<Row | undefined> => {
    if (![claims.jti, claims.sub, claims.username, ...ids].every(storable)) return undefined;
    const row = await call([...sessionParams(claims), ...params]);
    if (row && (row.refusal ?? null) === null) changes?.changed();
    return row;
  };
  // A refusal the contract does not know is the function's fault: the call fails (500), and the log says which.
  const outcome = <T>(fn: OneStatementFunction, row: Row | undefined, done: (row: Row) => T): OneStatementOutcome<T> => {
    if (!row) return { refused: 'recheck' };
    const { refusal } = row;
    if (refusal === null) return { done: done(row) };
    if (refusal === 'recheck' || isMessageKey(refusal)) return { refused: refusal };
    throw new Error(`${fn.name} answered a refusal the contract does not know: ${JSON.stringify(refusal)}.`);
  };
  return {
    async react(claims, write) {
      const row = await run(claims, [write.postId, write.notificationKey, write.notificationId], (params) => reacting(write.postId, params), reactParams(write));
      return outcome(REACT, row, (done) => ({ likeCount: Number(done.like_count), dislikeCount: Number(done.dislike_count) }));
    },
    async bookmark(claims, write) {
      const row = await run(claims, [write.postId], (params) => bookmarking(write.postId, params),
        [write.postId, write.bookmarked, EVENTS_KEPT, CHANGES_CHANNEL]);
      return outcome(BOOKMARK, row, () => true as const);
    },
    async follow(claims, write) {
      const row = await run(claims, [write.userId, write.notificationKey, write.notificationId], (params) => following(write.userId, params),
        [write.userId, write.following, write.at, write.notificationId, write.notificationKey, write.unreadMax, EVENTS_KEPT, CHANGES_CHANNEL]);
      return outcome(FOLLOW, row, (done) => ({ followerCount: Number(done.follower_count), followingCount: Number(done.following_count) }));
    },
  };
}

export function createSqlStore(database: Database, options: SqlStoreOptions): SqlStore {
  const { media } = options;
  const mediaFailed = options.mediaFailed ?? ((error: unknown) => console.error('Deleting images\' files failed:', error));
  const write: Write = async (work, { resets = false } = {}) => {
    let released = false;
    // Each try of the transaction (one that lost a race runs again): the files each wrote.
    const tries: Sql[] = [];
    let result: Awaited<ReturnType<typeof work>>;
    try {
      result = await database.transaction(async (sql) => {
        tries.push(sql);
        const emitted: NetworkEvent[] = [];
        const value = await work(sql, emitted);
        // Delivered to the listeners only if the transaction commits, in the order of the commits.
        await sql.query('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, JSON.stringify(await commitEvents(sql, emitted, { resets }))]);
        released = releasedImages(sql);
        return value;
      });
    } catch (error) {
      // Rolled back: the files it wrote are named by no row (unless another write keeps the same image).
      if (media) await forgetFilesPut(database, media, tries.flatMap(filesPutIn)).catch(mediaFailed);
      throw error;
    }
    options.changes?.changed();
    // Committed: the files of the images it let go of can go (before the answer, so a member who
    // deleted a photo is told so once it is no longer anywhere), and those of the tries that did
    // not commit. A failure leaves them listed.
    if (media && tries.length > 1) await forgetFilesPut(database, media, tries.slice(0, -1).flatMap(filesPutIn)).catch(mediaFailed);
    if (released && media) await deleteGoneFiles(database, media).catch(mediaFailed);
    return result;
  };

  return {
    database,
    oneStatement: options.oneStatementWrites === false ? undefined : writesInOneStatement(database, options.changes),
    // Reads need no single snapshot: an answer is built from committed rows, and every count in it
    // is derived from the lists it shows, so it is consistent with itself.
    // A call routed to a read replica (server/readReplicas.ts) reads there; every other read, and
    // every write, on the primary.
    read: (work, options) => ((options?.latest ? undefined : currentReadDatabase()) ?? database).session((sql) => work(reader(sql))),
    transaction: (work) => write((sql, emitted) => work(writer(sql, options, emitted))),
    // One statement on its own: no event, and the answers kept for everyone stay as they are.
    seeSession: (row) => database.session((sql) => seeSession(sql, row)),
    ...snapshotCalls(database, write, options),
  };
}
