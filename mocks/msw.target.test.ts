/**
 * @jest-environment node
 *
 * The contract suite against the stand-in: its handlers over msw/node, in this process.
 */
import { setupServer } from 'msw/node';
import { buildDefaultSeed } from '../contract/seed/default';
import { runAgainst } from '../contract/tests/support';
import { createMockContext } from './context';
import { mswTarget } from './testing/contractTarget';
import { createHandlers } from './handlers';
import '../contract/tests/suite';

runAgainst(async () => {
  const ctx = createMockContext({ baseUrl: 'http://localhost/api', delayMs: 0, seed: buildDefaultSeed() });
  const target = mswTarget(ctx);
  const server = setupServer(...createHandlers(ctx));
  server.listen({ onUnhandledRequest: 'error' });
  return { ...target, close: async () => server.close() };
});
