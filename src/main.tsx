import { waitForBackend } from './lib/api/backendReady';
import { env } from './config/env';
import './styles/global.css';

const COULD_NOT_START = 'SocialConnect could not start. Please reload the page.';

/**
 * Until the app has taken over a page built ahead (/login, /signup), a press of Enter or of a submit
 * button would send the form to the page's own address; this stops it (and nothing typed is lost).
 */
function holdSubmitsUntilStarted(container: HTMLElement): () => void {
  const hold = (event: Event) => {
    if (event.target instanceof Node && container.contains(event.target)) event.preventDefault();
  };
  document.addEventListener('submit', hold, true);
  return () => document.removeEventListener('submit', hold, true);
}

/**
 * Start-up: the app renders as soon as its chunk is here (or takes over the page built ahead, which
 * the browser painted before any script ran). When mocking is on, the stand-in's chunk loads in
 * parallel and its worker starts meanwhile; calls wait for it (backendReady), the first screen does
 * not. With mocking off, webpack drops the mock code entirely.
 */
async function start(container: HTMLElement): Promise<void> {
  const releaseSubmits = holdSubmitsUntilStarted(container);
  const appModule = import(/* webpackChunkName: "app" */ './app/App');
  let worker: Promise<{ scenario?: string }> | undefined;
  // Compared literally so that webpack drops the mock chunk from a build with API_MOCKING=off.
  if (process.env.API_MOCKING === 'on') {
    worker = import(/* webpackChunkName: "mocks" */ '../mocks/browser').then(({ startMockWorker }) => (
      startMockWorker({ baseUrl: env.apiBaseUrl, scenario: env.mockScenario || undefined })
    ));
    waitForBackend(worker);
  }
  const { mountApp } = await appModule;
  const app = await mountApp(container);
  releaseSubmits();
  if (worker) {
    try {
      // The same App, now told the scenario: it keeps its state and shows the QA badge.
      const { scenario } = await worker;
      await app.showScenario(scenario);
    } catch (error) {
      app.root.unmount();
      throw error;
    }
  }
}

/** Runs `then` once the document is parsed: a page built ahead runs this script async, possibly before. */
function whenParsed(then: () => void): void {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', then, { once: true });
  else then();
}

whenParsed(() => {
  const container = document.getElementById('root');
  if (!container) throw new Error('SocialConnect: the page has no #root element.');
  start(container).catch((error: unknown) => {
    console.error('SocialConnect could not start.', error);
    container.textContent = COULD_NOT_START;
  });
});
