/**
 * What both prepared-statement suites check: a read answers what the plain client answers, each
 * statement kept once however often it runs; a refused statement fails with the database's own
 * error code, and the next statement on the same connection runs as if nothing had happened.
 */
import type { Database } from '../db/database';

/** The table both suites write: a column of each kind the store's rows carry. */
export const THINGS_TABLE = `CREATE TABLE things (
  id text PRIMARY KEY, tags text[] NOT NULL, bytes bytea, at timestamptz NOT NULL, facts jsonb, ok boolean, n int8
)`;

/**
 * Three rows of `things`: arrays with quotes and commas, bytes (made by `bytes`, as the driver hands
 * them back), a time as a Date and as text, JSON, the largest safe int8; and nulls where allowed.
 */
export function thingRows(bytes: (values: number[]) => Uint8Array): unknown[][] {
  return [
    ['a', ['x', 'y, "z"'], bytes([0, 1, 254, 255]), new Date('2026-12-04T10:00:00.123Z'), { deep: [1, 'two', null] }, true, 9_007_199_254_740_991],
    ['b', [], null, '2026-12-04T11:00:00Z', null, false, null],
    ['c', ['ü', 'مرحبا'], bytes([]), new Date(0), [], null, -1],
  ];
}

/** The statements `database` keeps prepared (read on the cluster, or on its one connection), by their text. */
export async function keptStatements(database: Database): Promise<string[]> {
  return (await database.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements ORDER BY statement')).map((row) => row.statement);
}

/**
 * A duplicate key, a bad parameter and an unknown table, each refused with its SQLSTATE; between
 * them, statements that run; at the end, the table still holds `rows` rows.
 */
export async function expectRefusalsThenNext(database: Database, duplicate: { text: string; params: unknown[] }, rows: number): Promise<void> {
  await expect(database.query(duplicate.text, duplicate.params)).rejects.toMatchObject({ code: '23505' });
  await expect(database.query('SELECT $1::int AS n', ['not a number'])).rejects.toMatchObject({ code: '22P02' });
  expect(await database.query('SELECT $1::int AS n', ['7'])).toEqual([{ n: 7 }]);
  await expect(database.query('SELECT nothing FROM nowhere')).rejects.toMatchObject({ code: '42P01' });
  expect(await database.query('SELECT count(*)::int AS n FROM things')).toEqual([{ n: rows }]);
}

/** Parameters of a read of `thingRows` by ids (`$1`) and earliest time (`$2`): all three, one, none. */
const READ_CALLS: unknown[][] = [[['a', 'b', 'c'], new Date(0)], [['a'], '2026-01-01T00:00:00Z'], [[], new Date(0)]];

/**
 * `read` (of `thingRows`, by ids and earliest time) answers the rows `plain` answers, in its order,
 * for every ids and times; then `read` and `write` are each kept once among the prepared statements,
 * however often they ran.
 */
export async function expectPlainAnswersKeptOnce(
  database: Database,
  plain: { query(text: string, params: unknown[]): Promise<{ rows: unknown[] }> },
  { read, write }: { read: string; write: string },
): Promise<void> {
  for (const params of READ_CALLS) expect(await database.query(read, params)).toEqual((await plain.query(read, params)).rows);
  expect((await database.query(read, READ_CALLS[0] ?? [])).map((row) => row.id)).toEqual(['a', 'b', 'c']);
  const statements = await keptStatements(database);
  expect(statements.filter((text) => text === write)).toHaveLength(1);
  expect(statements.filter((text) => text === read)).toHaveLength(1);
}
