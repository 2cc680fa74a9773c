import type { Database } from '../db/database';
import { createTestDatabase } from './serverTarget';

/** Runs `work` on a database as it opens, and closes the database after, whatever `work` does. */
export async function usingDatabase<T>(opening: Promise<Database>, work: (database: Database) => Promise<T>): Promise<T> {
  const database = await opening;
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

/** Runs `work` on the URL of a new, empty PostgreSQL database, and drops the database after. */
export async function usingTestDatabase<T>(work: (url: string) => Promise<T>): Promise<T> {
  const created = await createTestDatabase();
  try {
    return await work(created.url);
  } finally {
    await created.drop();
  }
}
