/**
 * The database a command run beside the server opens (`npm run media:move`, `npm run admin`):
 * PostgreSQL over one connection, beside the running servers; or PGlite's folder, taken from any
 * server by the data folder's lock (a running server's hold is refused, naming it) until closed.
 */
import { join } from 'node:path';
import { PGLITE_FOLDER, type ServerConfig } from './config';
import { lockDataDir } from './dataDirLock';
import { openPglite, openPostgres, type Database } from './db/database';

export interface CommandDatabase {
  database: Database;
  /** Closes the database and lets go of the data folder. */
  close(): Promise<void>;
}

export async function openCommandDatabase({ databaseUrl, dataDir }: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>): Promise<CommandDatabase> {
  if (databaseUrl) {
    const database = await openPostgres({ connectionString: databaseUrl, max: 1 });
    return { database, close: () => database.close() };
  }
  const lock = lockDataDir(dataDir);
  try {
    const database = await openPglite(join(dataDir, PGLITE_FOLDER));
    return {
      database,
      async close() {
        try {
          await database.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}
