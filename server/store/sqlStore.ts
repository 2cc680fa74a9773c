/**
 * The contract's Store over SQL (PostgreSQL or PGlite): one SQL transaction per call, every
 * parameter bound, counts derived from rows. Each subject keeps its own tables and queries
 * (members.ts, posts.ts, media.ts, snapshots.ts); this puts them together.
 */
import type { NetworkEvent } from '../../contract/events';
import type { PasswordHasher } from '../../contract/passwords';
import type { DbSnapshot } from '../../contract/snapshot';
import type { AtOnce, AtOnceWrites, Store, StoreReader, StoreTx } from '../../contract/store';
import type { TokenClaims } from '../../contract/tokens';
import { CHANGES_CHANNEL, type ChangeFeed } from '../answerCache';
import { lostRace, type Database, type Row, type Sql } from '../db/database';
import { idempotencyWrites } from './idempotency';
import { mediaWrites } from './media';
import { memberListReads } from './memberLists';
import { memberReads, memberWrites } from './members';
import { postReads, postWrites } from './posts';
import { notificationReads, notificationWrites } from './notifications';
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
}

export interface SqlStore extends Store {
  readonly database: Database;
  /** Loads the snapshot when the database has no member yet; whether it did. */
  seedIfEmpty(snapshot: DbSnapshot): Promise<boolean>;
}

/**
 * A write: committed with the events its rules recorded (given to `work` to fill), then every server
 * on the database hears of it.
 */
export type Write = <T>(work: (sql: Sql, emitted: NetworkEvent[]) => Promise<T>) => Promise<T>;

function reader(sql: Sql, locks?: RowLocks): StoreReader {
  return { ...memberReads(sql, locks), ...postReads(sql, locks), ...replyReads(sql, locks), ...notificationReads(sql), ...eventReads(sql), ...memberListReads(sql), ...relationReads(sql, locks) };
}

function writer(sql: Sql, options: SqlStoreOptions, emitted: NetworkEvent[]): StoreTx {
  return {
    ...reader(sql, WRITE_LOCKS), ...memberWrites(sql), ...postWrites(sql), ...replyWrites(sql), ...notificationWrites(sql), ...relationWrites(sql), ...mediaWrites(sql, options.publicDir),
    ...idempotencyWrites(sql),
    emit: async (event) => {
      emitted.push(event);
    },
  };
}

/** A statement that lost a race (a deadlock) is run again, as a transaction is. */
const STATEMENT_ATTEMPTS = 12;

/**
 * The writes done in one statement each (server/migrations/0011_writes_at_once.sql): the session's
 * check, the change, the counts, the notifications and the events, with the row locks held for that
 * one statement. Ids the database cannot hold are left to the rules.
 */
function atOnceWrites(database: Database, changes: ChangeFeed | undefined): AtOnceWrites {
  const run = async (claims: TokenClaims, ids: readonly string[], text: string, params: unknown[]): Promise<Row | undefined> => {
    if (![claims.jti, claims.sub, claims.username, ...ids].every(storable)) return undefined;
    for (let attempt = 1; ; attempt += 1) {
      try {
        const [row] = await database.query(text, [claims.jti, claims.sub, claims.username, claims.ver, ...params]);
        if (row && (row.refusal ?? null) === null) changes?.changed();
        return row;
      } catch (error) {
        if (!lostRace(error) || attempt >= STATEMENT_ATTEMPTS) throw error;
      }
    }
  };
  const outcome = <T>(row: Row | undefined, done: (row: Row) => T): AtOnce<T> => {
    if (!row) return { refused: 'recheck' };
    return row.refusal === null ? { done: done(row) } : { refused: row.refusal as 'recheck' };
  };
  return {
    async react(claims, write) {
      const row = await run(claims, [write.postId, write.notificationKey, write.notificationId],
        'SELECT refusal, like_count, dislike_count FROM react_at_once($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)',
        [write.postId, write.reaction, write.at, write.notificationId, write.notificationKey, write.unreadMax, EVENTS_KEPT, CHANGES_CHANNEL]);
      return outcome(row, (done) => ({ likeCount: Number(done.like_count), dislikeCount: Number(done.dislike_count) }));
    },
    async bookmark(claims, write) {
      const row = await run(claims, [write.postId], 'SELECT bookmark_at_once($1, $2, $3, $4, $5, $6, $7, $8) AS refusal',
        [write.postId, write.bookmarked, EVENTS_KEPT, CHANGES_CHANNEL]);
      return outcome(row, () => true as const);
    },
    async follow(claims, write) {
      const row = await run(claims, [write.userId, write.notificationKey, write.notificationId],
        'SELECT refusal, follower_count, following_count FROM follow_at_once($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)',
        [write.userId, write.following, write.at, write.notificationId, write.notificationKey, write.unreadMax, EVENTS_KEPT, CHANGES_CHANNEL]);
      return outcome(row, (done) => ({ followerCount: Number(done.follower_count), followingCount: Number(done.following_count) }));
    },
  };
}

export function createSqlStore(database: Database, options: SqlStoreOptions): SqlStore {
  const write: Write = async (work) => {
    const result = await database.transaction(async (sql) => {
      const emitted: NetworkEvent[] = [];
      const value = await work(sql, emitted);
      // Delivered to the listeners only if the transaction commits, in the order of the commits.
      await sql.query('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, JSON.stringify(await commitEvents(sql, emitted))]);
      return value;
    });
    options.changes?.changed();
    return result;
  };

  return {
    database,
    atOnce: atOnceWrites(database, options.changes),
    // Reads need no single snapshot: an answer is built from committed rows, and every count in it
    // is derived from the lists it shows, so it is consistent with itself.
    read: (work) => database.session((sql) => work(reader(sql))),
    transaction: (work) => write((sql, emitted) => work(writer(sql, options, emitted))),
    ...snapshotCalls(database, write, options),
  };
}
