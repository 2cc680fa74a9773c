/**
 * The store's statements on PGlite run as named prepared statements, each parsed once
 * (server/db/pglitePrepared.ts): the answers are those PGlite's own `query` gives, a refused
 * statement fails as it did and the next one runs, inside a transaction as outside, and a table
 * that changes under a kept statement is read as it now is.
 */
import { PGlite } from '@electric-sql/pglite';
import { openPglite, PGLITE_PARSERS, type Database } from '../db/database';
import { expectPlainAnswersKeptOnce, expectRefusalsThenNext, keptStatements, thingRows, THINGS_TABLE } from '../testing/preparedStatements';

let database: Database;
/** A second cluster answered by PGlite's own `query` (reading values as the store does), to compare with. */
let plain: PGlite;

beforeAll(async () => {
  database = await openPglite();
  plain = await PGlite.create({ parsers: PGLITE_PARSERS });
  await database.exec(THINGS_TABLE);
  await plain.exec(THINGS_TABLE);
}, 60_000);
afterAll(async () => {
  await database.close();
  await plain.close();
});

/** The statements kept prepared on the cluster, by their text. */
const kept = (): Promise<string[]> => keptStatements(database);

const INSERT = 'INSERT INTO things (id, tags, bytes, at, facts, ok, n) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *';
// PGlite hands bytea back as a Uint8Array.
const ROWS = thingRows((values) => new Uint8Array(values));

it('answers what PGlite itself answers, each statement kept once however often it runs', async () => {
  for (const row of ROWS) {
    expect(await database.query(INSERT, row)).toEqual((await plain.query(INSERT, row)).rows);
  }
  await expectPlainAnswersKeptOnce(database, plain, {
    read: 'SELECT id, tags, bytes, at, facts, ok, n FROM things WHERE id = ANY($1::text[]) AND at >= $2 ORDER BY id',
    write: INSERT,
  });
});

it('fails a refused statement with the database error, and runs the next one', async () => {
  await expectRefusalsThenNext(database, { text: INSERT, params: ROWS[0] ?? [] }, 3);
});

it('rolls back a transaction whose statement was refused, and commits one that was not', async () => {
  const row = ['d', [], null, new Date(), null, null, null];
  await expect(database.transaction(async (sql) => {
    await sql.query(INSERT, row);
    await sql.query(INSERT, ROWS[0]);
  })).rejects.toMatchObject({ code: '23505' });
  expect(await database.query('SELECT id FROM things WHERE id = $1', ['d'])).toEqual([]);
  await database.transaction(async (sql) => {
    await sql.query(INSERT, row);
    // Statements other than reads and writes of rows, within the transaction's turn.
    await sql.query('SET LOCAL statement_timeout = 5000');
  });
  expect(await database.query('SELECT id FROM things WHERE id = $1', ['d'])).toEqual([{ id: 'd' }]);
});

it('reads a table as it now is after it changed under a kept statement', async () => {
  const every = 'SELECT * FROM things WHERE id = $1';
  expect(Object.keys((await database.query(every, ['a']))[0] ?? {})).not.toContain('extra');
  await database.exec("ALTER TABLE things ADD COLUMN extra text NOT NULL DEFAULT 'new'");
  expect((await database.query(every, ['a']))[0]).toMatchObject({ id: 'a', extra: 'new' });
});

it('runs what it keeps no statement for: definitions, and many statements at once', async () => {
  await database.query('CREATE TABLE others (id int)');
  await database.exec('INSERT INTO others VALUES (1); INSERT INTO others VALUES (2);');
  expect(await database.query('SELECT sum(id)::int AS total FROM others')).toEqual([{ total: 3 }]);
  expect((await kept()).some((text) => text.startsWith('CREATE TABLE others'))).toBe(false);
});

it('hands the notifications a kept statement raises to those listening', async () => {
  const heard: string[] = [];
  await database.listen?.('things_changed', (payload) => heard.push(payload));
  await database.query("SELECT pg_notify('things_changed', $1)", ['one']);
  await database.transaction(async (sql) => {
    await sql.query("SELECT pg_notify('things_changed', $1)", ['two']);
  });
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(heard).toEqual(['one', 'two']);
});
