/**
 * What both prepared-statement suites check: a read answers what the plain client answers, each
 * statement kept once however often it runs; a refused statement fails with the database's own
 * error code, and the next statement on the same connection runs as if nothing had happened.
 */
import type { Database } from '../db/database';

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

/**
 * `read` with each of `calls` answers the rows the plain client answers, in its order; then `read`
 * and `write` are each kept once among the prepared statements, however often they ran.
 */
export async function expectPlainAnswersKeptOnce(
  database: Database,
  plainRows: (text: string, params: unknown[]) => Promise<unknown[]>,
  kept: () => Promise<string[]>,
  { read, write, calls }: { read: string; write: string; calls: unknown[][] },
): Promise<void> {
  for (const params of calls) expect(await database.query(read, params)).toEqual(await plainRows(read, params));
  expect((await database.query(read, calls[0] ?? [])).map((row) => row.id)).toEqual(['a', 'b', 'c']);
  const statements = await kept();
  expect(statements.filter((text) => text === write)).toHaveLength(1);
  expect(statements.filter((text) => text === read)).toHaveLength(1);
}
