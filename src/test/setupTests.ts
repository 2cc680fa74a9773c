import '@testing-library/jest-dom';
import { setTimeout as realSetTimeout } from 'node:timers';
import { cleanup, configure, getConfig } from '@testing-library/react';
import { toast } from 'react-toastify/unstyled';
import { server, resetMockBackend } from '../../mocks/testing/node';
import { activateLanguage } from '../i18n/i18n';
import { toastsAskedForShown } from '../features/ui/notify';
import { forgetHealthRead } from '../features/auth/healthHeard';

// findBy and waitFor wait for what a member would see; on a busy 2-core machine (two test files at
// once, a build beside them) a render can take more than testing-library's default second.
configure({ asyncUtilTimeout: 5000 });

// While findBy and waitFor try again (every 50 ms, and at each change of the page), a query that
// finds nothing is expected, and testing-library printed the whole page into each such error: a
// tenth of the app's tests' time went to pages nobody read. The page is now printed when the error's
// message is first read: when the wait runs out (it reads the last error's message into the stack
// jest shows), with the page as it was then, as before.
const printingPage = getConfig().getElementError;
configure({
  getElementError(message, container) {
    if (!(getConfig() as { _disableExpensiveErrorDiagnostics?: boolean })._disableExpensiveErrorDiagnostics) return printingPage(message, container);
    const error = new Error();
    error.name = 'TestingLibraryElementError';
    let printed: string | undefined;
    Object.defineProperty(error, 'message', {
      configurable: true,
      get: () => (printed ??= printingPage(message, container).message),
    });
    return error;
  },
});

// Calls still on their way when a test ends (an optimistic click whose answer nobody awaited) must
// land before the store is reset, or they would change the next test's fresh store. A call the app
// gave up on (a live stream closed as its page left, before the stand-in answered) never ends in
// msw's events: it is done when its signal aborts. Counted, it kept every later test of its file
// waiting the whole 2 s below (Replies.test.tsx: 46 s in place of 12).
const inFlight = new Set<string>();
let whenIdle: Array<() => void> = [];
function ended(requestId: string): void {
  if (!inFlight.delete(requestId)) return;
  if (inFlight.size === 0) whenIdle.splice(0).forEach((resolve) => resolve());
}
server.events.on('request:start', ({ request, requestId }) => {
  inFlight.add(requestId);
  request.signal.addEventListener('abort', () => ended(requestId), { once: true });
});
server.events.on('request:end', ({ requestId }) => ended(requestId));

function settled(timeoutMs: number): Promise<void> {
  if (inFlight.size === 0) return Promise.resolve();
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
  // A test that spoke another language leaves the next one in English (nothing is on screen now).
  await activateLanguage('en');
  await settled(2000);
  whenIdle = [];
  // A toast asked for by the test's last answers, after its screen was gone, would wait in
  // react-toastify's queue for the next test's screen and show there: it goes with its own test.
  await new Promise((resolve) => realSetTimeout(resolve, 0));
  await toastsAskedForShown();
  toast.dismiss();
  server.resetHandlers();
  resetMockBackend();
  window.localStorage.clear();
  window.sessionStorage.clear();
  forgetHealthRead();
});
afterAll(() => server.close());
