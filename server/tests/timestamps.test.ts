/**
 * timestamptz is read as the contract writes it (ISO 8601 in UTC, to the millisecond) straight from
 * the database's text, on PGlite and on PostgreSQL (server/db/database.ts): the same text a Date
 * made from the value gives, whatever its fraction of a second; any other form is read as a Date
 * of the same moment, and the store's `iso()` writes both alike.
 */
import pg from 'pg';
import { openPglite, openPostgres, timestampText, type Database } from '../db/database';
import { iso } from '../store/rows';
import { createTestDatabase } from '../testing/serverTarget';

/** The Date node-postgres makes of a timestamptz's text, as the store read them before. */
const byDate = pg.types.getTypeParser(1184, 'text') as (text: string) => Date;

/** PostgreSQL's text of a timestamp in UTC, and the contract's. */
const UTC_TEXTS: ReadonlyArray<readonly [string, string]> = [
  ['2026-12-06 18:00:05.123456+00', '2026-12-06T18:00:05.123Z'],
  ['2026-12-06 18:00:05.999999+00', '2026-12-06T18:00:05.999Z'],
  ['2026-12-06 18:00:05.1+00', '2026-12-06T18:00:05.100Z'],
  ['2026-12-06 18:00:05+00', '2026-12-06T18:00:05.000Z'],
  ['1970-01-01 00:00:00+00', new Date(0).toISOString()],
];

describe('timestampText', () => {
  it('writes a UTC timestamp as toISOString does, its microseconds cut to milliseconds', () => {
    for (const [text, written] of UTC_TEXTS) expect(timestampText(text)).toBe(written);
    // Fractions of one to six digits, against the Date made of the same text.
    for (const fraction of ['0', '05', '289', '2899', '99999', '999999', '000001', '500000']) {
      const text = `2026-03-01 23:59:59.${fraction}+00`;
      expect(timestampText(text)).toBe(byDate(text).toISOString());
    }
  });

  it('reads any other form as a Date of the same moment', () => {
    expect(timestampText('2026-12-06 23:30:05.25+05:30')).toEqual(new Date('2026-12-06T18:00:05.250Z'));
    expect(timestampText('2026-12-06 13:00:05-05')).toEqual(new Date('2026-12-06T18:00:05.000Z'));
    expect(timestampText('infinity')).toBe(Infinity);
  });
});

const SELECT = `SELECT '2026-12-06 18:00:05.123456+00'::timestamptz AS micro, '2026-12-06 23:30:05+05:30'::timestamptz AS shifted,
  '1999-12-31 23:59:59.9999+00'::timestamptz AS late, NULL::timestamptz AS none`;
const READ = { micro: '2026-12-06T18:00:05.123Z', shifted: '2026-12-06T18:00:05.000Z', late: '1999-12-31T23:59:59.999Z', none: null };

/** Reads the timestamps of SELECT from `database`, in its session's time zone. */
async function expectReadAsTheContractWrites(database: Database): Promise<void> {
  const [row] = await database.query(SELECT);
  expect(row).toEqual(READ);
}

describe.each([
  ['PGlite', async () => ({ database: await openPglite(), drop: async () => undefined })],
  ['PostgreSQL, its database set to another time zone', async () => {
    const { url, drop } = await createTestDatabase();
    // An operator's cluster may write another zone: the pool's connections ask for UTC.
    const admin = await openPostgres({ connectionString: url, max: 1 });
    await admin.exec(`ALTER DATABASE "${new URL(url).pathname.slice(1)}" SET TimeZone = 'America/New_York'`);
    await admin.close();
    return { database: await openPostgres({ connectionString: url, max: 1 }), drop };
  }],
])('on %s', (_name, open) => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await open());
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('reads timestamptz as the contract writes it, to the millisecond', async () => {
    await expectReadAsTheContractWrites(database);
  });

  it('reads a session in another time zone as a Date of the same moment, which iso() writes alike', async () => {
    await database.transaction(async (sql) => {
      await sql.query("SET LOCAL TimeZone = 'Asia/Kolkata'");
      const [row] = await sql.query(SELECT);
      expect(row?.micro).toEqual(new Date('2026-12-06T18:00:05.123Z'));
      expect({ micro: iso(row?.micro), shifted: iso(row?.shifted), late: iso(row?.late) }).toEqual({ micro: READ.micro, shifted: READ.shifted, late: READ.late });
    });
  });
});
