/**
 * The store's statements on PostgreSQL run as named prepared statements, parsed once on each of
 * the pool's connections (server/db/database.ts): the answers are those of an unnamed statement, a
 * refused statement fails as it did and the next one runs, and a table that changes under a kept
 * statement (another process migrating it) is read as it now is, in a transaction as outside.
 */
import pg from 'pg';
import { openPostgres, postgresTypes, type Database } from '../db/database';
import { createTestDatabase } from '../testing/serverTarget';
import { expectPlainAnswersKeptOnce, expectRefusalsThenNext, keptStatements, thingRows, THINGS_TABLE } from '../testing/preparedStatements';

let url: string;
let drop: () => Promise<void>;
let database: Database;
/** The same database through a plain client (reading values as the pool does): every statement unnamed, to compare with. */
let plain: pg.Client;

beforeAll(async () => {
  const created = await createTestDatabase();
  ({ url, drop } = created);
  // One connection, so that what it keeps can be read from pg_prepared_statements.
  database = await openPostgres({ connectionString: url, max: 1 });
  plain = new pg.Client({ connectionString: url, types: postgresTypes, options: '-c TimeZone=UTC' });
  await plain.connect();
  await database.exec(THINGS_TABLE);
}, 60_000);
afterAll(async () => {
  await plain?.end();
  await database?.close();
  await drop?.();
});

/** The statements the pool's one connection keeps prepared, by their text. */
const kept = (): Promise<string[]> => keptStatements(database);

const INSERT = 'INSERT INTO things (id, tags, bytes, at, facts, ok, n) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id, tags, bytes, at, facts, ok';
// node-postgres hands bytea back as a Buffer.
const ROWS = thingRows((values) => Buffer.from(values));

it('answers what an unnamed statement answers, each statement kept once however often it runs', async () => {
  for (const row of ROWS) await database.query(INSERT, row);
  await expectPlainAnswersKeptOnce(database, plain, {
    read: 'SELECT id, tags, bytes, at, facts, ok FROM things WHERE id = ANY($1::text[]) AND at >= $2 ORDER BY id',
    write: INSERT,
  });
});

it('fails a refused statement with the database error, and runs the next one', async () => {
  await expectRefusalsThenNext(database, { text: INSERT, params: ROWS[0] ?? [] }, 3);
});

it('reads a table as it now is after it changed under a kept statement', async () => {
  const every = 'SELECT * FROM things WHERE id = $1';
  expect(Object.keys((await database.query(every, ['a']))[0] ?? {})).not.toContain('extra');
  // Through the plain client, as another process migrating would.
  await plain.query("ALTER TABLE things ADD COLUMN extra text NOT NULL DEFAULT 'new'");
  expect((await database.query(every, ['a']))[0]).toMatchObject({ id: 'a', extra: 'new' });
  // The stale connection was dropped: the next one keeps the statement as it now is.
  expect((await database.query(every, ['b']))[0]).toMatchObject({ id: 'b', extra: 'new' });
  expect((await kept()).filter((text) => text === every)).toHaveLength(1);
});

it('runs a transaction again on another connection when a table changed under its kept statement', async () => {
  const every = 'SELECT * FROM things WHERE id = $1';
  const write = "UPDATE things SET extra = $2 WHERE id = $1";
  await database.transaction(async (sql) => {
    await sql.query(write, ['c', 'first']);
    await sql.query(every, ['c']);
  });
  await plain.query('ALTER TABLE things ADD COLUMN later int NOT NULL DEFAULT 7');
  let runs = 0;
  const read = await database.transaction(async (sql) => {
    runs += 1;
    await sql.query(write, ['c', `run ${runs}`]);
    return sql.query(every, ['c']);
  });
  expect(runs).toBe(2);
  expect(read[0]).toMatchObject({ id: 'c', extra: 'run 2', later: 7 });
  expect((await plain.query('SELECT extra FROM things WHERE id = $1', ['c'])).rows).toEqual([{ extra: 'run 2' }]);
});

it('keeps no statement for definitions, settings and many statements at once', async () => {
  await database.query('CREATE TABLE others (id int)');
  await database.exec('INSERT INTO others VALUES (1); INSERT INTO others VALUES (2);');
  await database.transaction(async (sql) => {
    await sql.query('SET LOCAL statement_timeout = 5000');
  });
  expect(await database.query('SELECT sum(id)::int AS total FROM others')).toEqual([{ total: 3 }]);
  const statements = await kept();
  expect(statements.some((text) => /^(CREATE|SET|INSERT INTO others)/.test(text))).toBe(false);
});

it('keeps none with DATABASE_PREPARED_STATEMENTS=off, for a pooler that cannot keep them', async () => {
  const unnamed = await openPostgres({ connectionString: url, max: 1, preparedStatements: false });
  try {
    expect(await unnamed.query('SELECT id FROM things WHERE id = $1', ['a'])).toEqual([{ id: 'a' }]);
    await unnamed.transaction((sql) => sql.query('UPDATE things SET ok = $2 WHERE id = $1', ['a', false]));
    expect(await unnamed.query('SELECT count(*)::int AS n FROM pg_prepared_statements')).toEqual([{ n: 0 }]);
  } finally {
    await unnamed.close();
  }
});
