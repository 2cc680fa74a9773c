/**
 * What both prepared-statement suites check of a refused statement: it fails with the database's
 * own error code, and the next statement on the same connection runs as if nothing had happened.
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
