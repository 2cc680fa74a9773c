/**
 * Jest's global set-up for the suites that need PostgreSQL: TEST_DATABASE_URL names a server the
 * tests may create databases on. DATABASE_URL is used when given; otherwise a throwaway cluster is
 * started here and removed when the run ends.
 */
import { provideTestDatabase } from './postgresCluster';

declare global {
  var socialconnectStopPostgres: (() => void) | undefined;
}

export default async function jestPostgres(): Promise<void> {
  const stop = await provideTestDatabase();
  // Two projects run this set-up in one jest process: the first starts the cluster, the second finds
  // TEST_DATABASE_URL and starts none. The first one's stop is kept, so the tear-down ends the cluster.
  globalThis.socialconnectStopPostgres ??= stop;
}
