import '@testing-library/jest-dom';
import { setTimeout as realSetTimeout } from 'node:timers';
import { cleanup, configure } from '@testing-library/react';
import { server, resetMockBackend } from '../../mocks/testing/node';

// findBy and waitFor wait for what a member would see; on a busy 2-core machine (two test files at
// once, a build beside them) a render can take more than testing-library's default second.
configure({ asyncUtilTimeout: 5000 });

// Calls still on their way when a test ends (an optimistic click whose answer nobody awaited) must
// land before the store is reset, or they would change the next test's fresh store.
let inFlight = 0;
let whenIdle: Array<() => void> = [];
server.events.on('request:start', () => {
  inFlight += 1;
});
server.events.on('request:end', () => {
  inFlight -= 1;
  if (inFlight === 0) whenIdle.splice(0).forEach((resolve) => resolve());
});

function settled(timeoutMs: number): Promise<void> {
  if (inFlight === 0) return Promise.resolve();
  return new Promise((resolve) => {
    whenIdle.push(resolve);
    realSetTimeout(resolve, timeoutMs).unref();
  });
}

// Every test talks to the real stand-in backend through msw/node, starting from a fresh store.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  // Unmount first, so answers that arrive now update nothing on screen.
  cleanup();
  await settled(2000);
  whenIdle = [];
  server.resetHandlers();
  resetMockBackend();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
afterAll(() => server.close());
