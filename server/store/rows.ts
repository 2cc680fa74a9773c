/**
 * What the store's tables share: text the database can hold as a key, timestamps as the contract
 * writes them, the row locks the reads of a write take, a row read by its id, a pair set or unset,
 * and lists gathered from rows.
 */
import type { Row, Sql } from '../db/database';

/** A timestamp as the contract writes it, already (db/database.ts reads timestamptz so in UTC). */
const CONTRACT_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export function iso(value: unknown): string {
  if (typeof value === 'string' && CONTRACT_TIMESTAMP.test(value)) return value;
  return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
}

/**
 * Whether text can be a key in the database at all: PostgreSQL text holds neither NUL nor broken
 * Unicode. A lookup by such a value finds nothing, rather than failing.
 */
export function storable(value: string): boolean {
  return !value.includes('\u0000') && value.isWellFormed();
}

/** The ids of a batched lookup that can be keys (the others find nothing). */
export function storableIds(ids: readonly string[]): string[] {
  return ids.filter(storable);
}

/** What a read of one row adds to lock it: nothing outside a write. */
export interface RowLocks {
  /** A post or a member the rules check. */
  record: string;
  /** A follow or a bookmark the rules find. */
  pair: string;
}

export const NO_LOCKS: RowLocks = { record: '', pair: '' };

/**
 * In a write, reading a post or a member locks its row until the commit: the rules check what they
 * read (a like against the post's reactions, a password against the member's), so calls that race
 * on one post or member wait for each other; NO KEY UPDATE lets foreign-key checks through. A follow or
 * bookmark the rule finds is locked too: of two calls removing it, the second waits, then finds it gone.
 */
export const WRITE_LOCKS: RowLocks = { record: ' FOR NO KEY UPDATE', pair: ' FOR UPDATE' };

/** The row of `table` with this id, as `read` makes it (locked as `lock` says); none for an id no row can have. */
export async function rowById<T>(sql: Sql, table: string, columns: string, id: string, lock: string, read: (row: Row) => T): Promise<T | undefined> {
  if (!storable(id)) return undefined;
  const [row] = await sql.query(`SELECT ${columns} FROM ${table} WHERE id = $1${lock}`, [id]);
  return row && read(row);
}

/** Adds or removes one row of a table of pairs (a follow, a bookmark, a reply's like). */
export async function setPair(sql: Sql, table: string, [first, second]: readonly [string, string], values: [string, string], present: boolean): Promise<void> {
  if (present) await sql.query(`INSERT INTO ${table} (${first}, ${second}) VALUES ($1, $2)`, values);
  else await sql.query(`DELETE FROM ${table} WHERE ${first} = $1 AND ${second} = $2`, values);
}

/** The entry of `key` in `map`, made by `make` and kept there when it has none yet. */
export function entryOf<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  const found = map.get(key);
  if (found !== undefined) return found;
  const made = make();
  map.set(key, made);
  return made;
}
