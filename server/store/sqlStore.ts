/**
 * The contract's Store over SQL (PostgreSQL or PGlite): one SQL transaction per call, every
 * parameter bound, counts derived from rows. Each subject keeps its own tables and queries
 * (members.ts, posts.ts, media.ts, snapshots.ts); this puts them together.
 */
import type { PasswordHasher } from '../../contract/passwords';
import type { DbSnapshot } from '../../contract/snapshot';
import type { Store, StoreReader, StoreTx } from '../../contract/store';
import { CHANGES_CHANNEL, type ChangeFeed } from '../answerCache';
import type { Database, Sql } from '../db/database';
import { mediaWrites } from './media';
import { memberReads, memberWrites } from './members';
import { postReads, postWrites } from './posts';
import { WRITE_LOCKS, type RowLocks } from './rows';
import { snapshotCalls } from './snapshots';

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

/** A write: committed, then every server on the database hears of it. */
export type Write = <T>(work: (sql: Sql) => Promise<T>) => Promise<T>;

function reader(sql: Sql, locks?: RowLocks): StoreReader {
  return { ...memberReads(sql, locks), ...postReads(sql, locks) };
}

function writer(sql: Sql, options: SqlStoreOptions): StoreTx {
  return { ...reader(sql, WRITE_LOCKS), ...memberWrites(sql), ...postWrites(sql), ...mediaWrites(sql, options.publicDir) };
}

export function createSqlStore(database: Database, options: SqlStoreOptions): SqlStore {
  const write: Write = async (work) => {
    const result = await database.transaction(async (sql) => {
      const value = await work(sql);
      // Delivered to the listeners only if the transaction commits.
      if (database.kind === 'postgres') await sql.query('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, '']);
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
    transaction: (work) => write((sql) => work(writer(sql, options))),
    ...snapshotCalls(database, write, options),
  };
}
