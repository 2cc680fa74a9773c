import type { Database } from '../db/database';

/** Runs `work` on a database as it opens, and closes the database after, whatever `work` does. */
export async function usingDatabase<T>(opening: Promise<Database>, work: (database: Database) => Promise<T>): Promise<T> {
  const database = await opening;
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}
