import { createRoot, type Root } from 'react-dom/client';
import { waitForBackend } from './app/backendReady';
import { env } from './config/env';
import './styles/global.css';

const COULD_NOT_START = 'SocialConnect could not start. Please reload the page.';

/**
 * Start-up: the app renders as soon as its chunk is here. When mocking is on, the stand-in's chunk
 * loads in parallel and its worker starts meanwhile; calls wait for it (backendReady), the first
 * screen does not. With mocking off, webpack drops the mock code entirely.
 */
async function start(container: HTMLElement): Promise<Root> {
  const appModule = import(/* webpackChunkName: "app" */ './app/App');
  let worker: Promise<{ scenario?: string }> | undefined;
  // Compared literally so that webpack drops the mock chunk from a build with API_MOCKING=off.
  if (process.env.API_MOCKING === 'on') {
    worker = import(/* webpackChunkName: "mocks" */ '../mocks/browser').then(({ startMockWorker }) => (
      startMockWorker({ baseUrl: env.apiBaseUrl, scenario: env.mockScenario || undefined })
    ));
    waitForBackend(worker);
  }
  const { App } = await appModule;
  const root = createRoot(container);
  root.render(<App />);
  if (worker) {
    try {
      // The same App, now told the scenario: it keeps its state and shows the QA badge.
      const { scenario } = await worker;
      root.render(<App scenario={scenario} />);
    } catch (error) {
      root.unmount();
      throw error;
    }
  }
  return root;
}

const container = document.getElementById('root');
if (!container) throw new Error('SocialConnect: the page has no #root element.');
start(container).catch((error: unknown) => {
  console.error('SocialConnect could not start.', error);
  container.textContent = COULD_NOT_START;
});
