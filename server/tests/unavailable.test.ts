/** What the server answers 503 (the database cannot be reached now) rather than 500 (a fault). */
import pg from 'pg';
import { isUnavailable } from '../db/database';
import { createTestDatabase } from '../testing/serverTarget';

it('counts a pool whose every connection stays busy past its wait as unavailable, and a bad statement as a fault', async () => {
  const created = await createTestDatabase();
  // The one connection is opened with time to spare (a busy machine may take more than 100 ms to
  // open it); the wait for a second is what is timed.
  const pool = new pg.Pool({ connectionString: created.url, max: 1, connectionTimeoutMillis: 10_000 });
  const held = await pool.connect();
  pool.options.connectionTimeoutMillis = 100;
  try {
    const waited = await pool.connect().then((client) => client.release(), (error: unknown) => error);
    expect(waited).toBeInstanceOf(Error);
    expect(isUnavailable(waited)).toBe(true);

    const fault = await held.query('SELEC 1').then(() => undefined, (error: unknown) => error);
    expect(fault).toBeInstanceOf(Error);
    expect(isUnavailable(fault)).toBe(false);
  } finally {
    held.release();
    await pool.end();
    await created.drop();
  }
});
