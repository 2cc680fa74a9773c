/**
 * The contract's Store over SQL (PostgreSQL or PGlite): one SQL transaction per call, every
 * parameter bound, counts derived from rows. Each subject keeps its own tables and queries
 * (members.ts, posts.ts, media.ts, snapshots.ts); this puts them together.
 */
import type { NetworkEvent } from '../../contract/events';
import type { PasswordHasher } from '../../contract/passwords';
import type { DbSnapshot } from '../../contract/snapshot';
import type { Store, StoreReader, StoreTx } from '../../contract/store';
import { CHANGES_CHANNEL, type ChangeFeed } from '../answerCache';
import type { Database, Sql } from '../db/database';
import { idempotencyWrites } from './idempotency';
import { mediaWrites } from './media';
import { memberReads, memberWrites } from './members';
import { postReads, postWrites } from './posts';
import { notificationReads, notificationWrites } from './notifications';
import { relationReads, relationWrites } from './relations';
import { replyReads, replyWrites } from './replies';
import { WRITE_LOCKS, type RowLocks } from './rows';
import { snapshotCalls } from './snapshots';
import { commitEvents, eventReads } from './events';

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
  return { ...memberReads(sql, locks), ...postReads(sql, locks), ...replyReads(sql, locks), ...notificationReads(sql), ...eventReads(sql), ...relationReads(sql, locks) };
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
    // Reads need no single snapshot: an answer is built from committed rows, and every count in it
    // is derived from the lists it shows, so it is consistent with itself.
    read: (work) => database.session((sql) => work(reader(sql))),
    transaction: (work) => write((sql, emitted) => work(writer(sql, options, emitted))),
    ...snapshotCalls(database, write, options),
  };
}
