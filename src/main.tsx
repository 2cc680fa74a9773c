import { createRoot } from 'react-dom/client';
import { env } from './config/env';
import './styles/global.css';

/**
 * Start-up: when mocking is on, the mock backend's chunk loads in parallel with the app's and the
 * worker starts before the first call. With mocking off, webpack drops the mock code entirely.
 */
async function start(): Promise<void> {
  const appModule = import(/* webpackChunkName: "app" */ './app/App');
  let scenario: string | undefined;
  // Compared literally so that webpack drops the mock chunk from a build with API_MOCKING=off.
  if (process.env.API_MOCKING === 'on') {
    const { startMockWorker } = await import(/* webpackChunkName: "mocks" */ '../mocks/browser');
    ({ scenario } = await startMockWorker({ baseUrl: env.apiBaseUrl, scenario: env.mockScenario || undefined }));
  }
  const { App } = await appModule;
  const container = document.getElementById('root');
  if (!container) throw new Error('SocialConnect: the page has no #root element.');
  createRoot(container).render(<App scenario={scenario} />);
}

start().catch((error: unknown) => {
  console.error('SocialConnect could not start.', error);
  const container = document.getElementById('root');
  if (container) {
    container.textContent = 'SocialConnect could not start. Please reload the page.';
  }
});
