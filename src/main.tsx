import { startBackend, startBackendWhenNeeded, waitForBackend } from './lib/api/backendReady';
import { scenarioAskedFor } from '../mocks/scenarioAsked';
import { afterFirstPaint } from './lib/afterFirstPaint';
import { takeHeldPresses } from './lib/heldPresses';
import { env } from './config/env';
import { browserStorage, readThemeChoice, showThemeChoice } from './features/theme/themeChoice';
import './styles/global.css';

const COULD_NOT_START = 'SocialConnect could not start. Please reload the page.';

/**
 * Start-up: the app renders as soon as its chunk is here (or takes over the page built ahead, which
 * the browser painted before any script ran). When mocking is on, the stand-in's chunk loads in
 * parallel and its worker starts meanwhile; calls wait for it (backendReady), the first screen does
 * not. On a page built ahead with no scenario asked for, the stand-in starts only when first needed
 * (a member focusing the form, or a call), so a visitor who only looks pays nothing for it. With
 * mocking off, webpack drops the mock code entirely.
 */
async function start(container: HTMLElement): Promise<void> {
  const releasePresses = takeHeldPresses(container);
  const appModule = import(/* webpackChunkName: "app" */ './app/App');
  // The stand-in's start, whenever it begins: at once, or when first needed.
  type Started = { scenario?: string; warning?: string };
  let begun: (started: Promise<Started>) => void = () => undefined;
  const workerStarted = new Promise<Started>((resolve) => {
    begun = resolve;
  });
  // Its failure is handled once the app is up (below), and by the calls (backendReady) meanwhile.
  workerStarted.catch(() => undefined);
  let onDemand = false;
  // Compared literally so that webpack drops the mock chunk from a build with API_MOCKING=off.
  if (process.env.API_MOCKING === 'on') {
    const startWorker = () => {
      const started = import(/* webpackChunkName: "mocks" */ '../mocks/browser').then(({ startMockWorker }) => (
        startMockWorker({ baseUrl: env.apiBaseUrl, scenario: env.mockScenario || undefined })
      ));
      begun(started);
      return started;
    };
    onDemand = Boolean(container.dataset.prerendered) && !scenarioAskedFor(window.location.search, env.mockScenario);
    if (onDemand) {
      startBackendWhenNeeded(startWorker);
      // A member starting on the form: a call is near.
      if (container.contains(document.activeElement)) startBackend();
      else container.addEventListener('focusin', startBackend, { once: true });
    } else {
      waitForBackend(startWorker());
    }
  }
  const { mountApp } = await appModule;
  // The chunks' modules have just run in one task; the app starts in the next, so that a key or a
  // tap between the two is answered.
  await new Promise((resolve) => setTimeout(resolve, 0));
  const app = await mountApp(container);
  // Once the page is the app's (a held press then reaches the form with what was typed in it).
  void app.started.then(releasePresses);
  if (process.env.API_MOCKING !== 'on') return;
  // The same App is told the scenario once the stand-in has started: it keeps its state and shows the QA badge.
  const tellScenario = ({ scenario, warning }: Started) => app.showScenario(scenario, warning);
  if (onDemand) {
    // Started on demand, maybe while a member types: a failure never takes the page away. Calls
    // answer with it instead, and the member hears why (api.ts).
    workerStarted.then(tellScenario).catch((error: unknown) => console.error('SocialConnect: the stand-in backend could not start.', error));
    return;
  }
  try {
    await tellScenario(await workerStarted);
  } catch (error) {
    app.root.unmount();
    throw error;
  }
}

/** Runs `then` once the document is parsed: a page built ahead runs this script async, possibly before. */
function whenParsed(then: () => void): void {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', then, { once: true });
  else then();
}

// /theme.js put the kept theme on the page before its first paint; should that file not have loaded
// (a dropped connection), the app puts it there as it starts.
showThemeChoice(document.documentElement, readThemeChoice(browserStorage));

whenParsed(() => {
  const container = document.getElementById('root');
  if (!container) throw new Error('SocialConnect: the page has no #root element.');
  const startApp = () => {
    start(container).catch((error: unknown) => {
      console.error('SocialConnect could not start.', error);
      container.textContent = COULD_NOT_START;
    });
  };
  // A page built ahead is on screen without the app: its chunks load once the browser has shown it.
  if (container.dataset.prerendered) afterFirstPaint(startApp);
  else startApp();
});
