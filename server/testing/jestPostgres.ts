/**
 * Jest's global set-up for the suites that need PostgreSQL: TEST_DATABASE_URL names a server the
 * tests may create databases on. DATABASE_URL is used when given; otherwise a throwaway cluster is
 * started here and removed when the run ends.
 */
import { startCluster } from './postgresCluster';

declare global {
  var socialconnectStopPostgres: (() => void) | undefined;
}

export default async function jestPostgres(): Promise<void> {
  if (!process.env.TEST_DATABASE_URL) {
    if (process.env.DATABASE_URL) {
      process.env.TEST_DATABASE_URL = process.env.DATABASE_URL;
    } else {
      const cluster = await startCluster();
      process.env.TEST_DATABASE_URL = cluster.url;
      globalThis.socialconnectStopPostgres = () => cluster.stop();
    }
  }
}
