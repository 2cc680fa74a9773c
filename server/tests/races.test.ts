/**
 * Races over real HTTP on loopback against one server process, on PGlite and on PostgreSQL (the
 * same races against two processes on one PostgreSQL: processes.test.ts).
 */
import { buildDefaultSeed } from '../../contract/seed/default';
import { describeRaces } from '../testing/races';
import { startTestServer } from '../testing/serverTarget';

describe.each(['pglite', 'postgres'] as const)('one server on %s', (kind) => {
  describeRaces(async () => {
    const server = await startTestServer({ kind });
    return {
      urls: [server.baseUrl],
      sql: server.database,
      ...(server.media ? { media: server.media } : {}),
      store: server.store,
      reset: () => server.store.load(buildDefaultSeed()),
      close: () => server.close(),
    };
  });
});
