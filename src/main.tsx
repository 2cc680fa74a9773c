import { startBackend, startBackendWhenNeeded, waitForBackend, whenBackendLost } from './lib/api/backendReady';
import { scenarioAskedFor } from '../mocks/scenarioAsked';
import { backendAskedFor } from '../mocks/backendChoice';
import type { StartedStandIn } from '../mocks/browser';
import { heardFromTheStart } from './app/workbench/shortcut';
import { afterFirstPaint } from './lib/afterFirstPaint';
import { appEntryRuns, takeHeldPresses } from './lib/heldPresses';
import { chooseRealServer, env } from './config/env';
import { readThemeChoice, showThemeChoice } from './features/theme/themeChoice';
import { browserStorage } from './lib/browserStorage';
import { isLocale, languageAskedFor, type Locale } from './i18n/locales';
import { keepLanguageChoice, showLanguage, wordsHere } from './i18n/languageChoice';
import { loadCatalogue } from './i18n/catalogueChunks';
import { keepWhatLoads } from './offline/standInKeeping';
import firstEnglish from './i18n/compiled/en-first.json';
import './styles/global.css';

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
  let begun: (started: Promise<StartedStandIn>) => void = () => undefined;
  const workerStarted = new Promise<StartedStandIn>((resolve) => {
    begun = resolve;
  });
  // Its failure is handled once the app is up (below), and by the calls (backendReady) meanwhile.
  workerStarted.catch(() => undefined);
  let onDemand = false;
  // Compared literally so that webpack drops the mock chunk from a build with API_MOCKING=off.
  if (process.env.API_MOCKING === 'on') {
    // A real server chosen for this tab (?backend=, or the workbench before a reload) answers the
    // app's calls; the stand-in starts all the same, for the way back.
    const backend = backendAskedFor(window.location.search);
    const { realServer } = backend;
    chooseRealServer(realServer ?? undefined);
    const startWorker = () => {
      const started = import(/* webpackChunkName: "mocks" */ '../mocks/browser').then(async ({ startMockWorker }) => {
        const standIn = await startMockWorker({ baseUrl: env.apiBaseUrl, scenario: env.mockScenario || undefined, backend });
        // A call that met the network instead of the stand-in (its worker stopped by the browser)
        // goes again once the worker answers this tab again.
        whenBackendLost(async () => (await standIn.workbench.worker.check()).kind !== 'lost');
        // A production build's worker keeps what this page loads, so that the demo opens offline
        // next time (development has MSW's worker alone, which keeps nothing).
        if (process.env.NODE_ENV === 'production') keepWhatLoads();
        return standIn;
      });
      begun(started);
      return started;
    };
    onDemand = Boolean(container.dataset.prerendered) && !scenarioAskedFor(window.location.search, env.mockScenario) && realServer === null;
    // The workbench opens as soon as it is here; on a page built ahead, its shortcut starts the stand-in.
    workbenchShortcut?.whenPressedEarly(() => {
      if (onDemand) startBackend();
    });
    if (onDemand) {
      startBackendWhenNeeded(startWorker);
      // A member starting on the form: a call is near.
      if (container.contains(document.activeElement)) startBackend();
      else container.addEventListener('focusin', startBackend, { once: true });
    } else {
      waitForBackend(startWorker());
    }
  }
  // A language asked for by the address (`?lang=pl`, `?lang=en-XA` for QA's pseudo-locale) is kept
  // as the browser's choice. /theme.js chose the page's language in its head (the address, else the
  // browser's choice, else its own languages: startingLanguage), and the app speaks the one on the
  // page. A language other than English has its catalogue before the first render (a page built
  // ahead, in English, is taken over first, then speaks it). One that fails to load leaves the app
  // in English.
  const asked = languageAskedFor(window.location.search);
  if (asked) keepLanguageChoice(browserStorage, asked);
  const language = pageLanguage();
  // Its download starts beside the app's; the app speaks it once both are here (mountApp).
  if (language !== 'en') void loadCatalogue(language).catch(() => undefined);
  const { mountApp } = await appModule;
  // The chunks' modules have just run in one task; the app starts in the next, so that a key or a
  // tap between the two is answered.
  await new Promise((resolve) => setTimeout(resolve, 0));
  const app = await mountApp(container, language);
  // Once the page is the app's (a held press then reaches the form with what was typed in it).
  void app.started.then(releasePresses);
  // A build for a real server keeps the app in a service worker, to open with the network gone.
  // Compared literally, as below: webpack drops the registration from the other builds.
  if (process.env.API_MOCKING === 'off' && process.env.NODE_ENV === 'production') {
    void import(/* webpackChunkName: "offline" */ './offline/registerServiceWorker').then(({ registerServiceWorker }) => registerServiceWorker());
  }
  // Compared literally, as above: a build with API_MOCKING=off has no workbench chunk at all.
  if (process.env.API_MOCKING === 'on') {
    // Once the stand-in has started, QA's workbench (its badge, its shortcut, its panel) comes beside
    // the app, in a root of its own: the app's page and state are not touched.
    // The workbench failing to load is QA's loss alone: the app goes on.
    const showWorkbench = (started: StartedStandIn) => {
      import(/* webpackChunkName: "workbench" */ './app/workbench/mountWorkbench')
        .then(({ mountWorkbench }) => {
          mountWorkbench(started, { shortcut: workbenchShortcut, onDataReplaced: app.loadAllAgain, onStartOver: app.startOver, onSwitchBackend: app.switchBackend, onLogIn: app.logInAs });
          // The address keeps the scenario and the faults as the app moves from page to page.
          app.onNavigate(() => started.workbench.keepInAddress());
        })
        .catch((error: unknown) => console.error('SocialConnect: the stand-in\'s workbench could not load.', error));
    };
    if (onDemand) {
      // Started on demand, maybe while a member types: a failure never takes the page away. Calls
      // answer with it instead, and the member hears why (api.ts).
      workerStarted.then(showWorkbench).catch((error: unknown) => console.error('SocialConnect: the stand-in backend could not start.', error));
      return;
    }
    let started: StartedStandIn;
    try {
      started = await workerStarted;
    } catch (error) {
      app.root.unmount();
      throw error;
    }
    showWorkbench(started);
  }
}

/**
 * Says on the page that the app could not start at all: in the page's language when its words load
 * (their download began with the start), else in English, marked as such. The first bundle's English
 * is here whatever failed; the message has no placeholder, so its compiled form is its text.
 */
async function sayCouldNotStart(container: HTMLElement): Promise<void> {
  const language = pageLanguage();
  const words = language !== 'en' ? await loadCatalogue(language).catch(() => undefined) : undefined;
  container.textContent = [words?.['app.couldNotStart'] ?? firstEnglish['app.couldNotStart']].flat().join('');
  wordsHere(document.documentElement);
  if (!words) showLanguage(container, 'en');
}

/** The language /theme.js put on the page (one the app speaks), else English. */
function pageLanguage(): Locale {
  const shown = document.documentElement.lang;
  return isLocale(shown) ? shown : 'en';
}

/** Runs `then` once the document is parsed: a page built ahead runs this script async, possibly before. */
function whenParsed(then: () => void): void {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', then, { once: true });
  else then();
}

// The head waits for this script: that it runs says the app's code came (lib/heldPresses.ts).
appEntryRuns();

// /theme.js put the kept theme on the page before its first paint; should that file not have loaded
// (a dropped connection), the app puts it there as it starts.
showThemeChoice(document.documentElement, readThemeChoice(browserStorage));

// QA's workbench hears its shortcut from this script's first run: on a page built ahead a key starts
// the app (afterFirstPaint), and that key may be the shortcut's first. Compared literally, as in
// start: a build with API_MOCKING=off has none of it.
const workbenchShortcut = process.env.API_MOCKING === 'on' ? heardFromTheStart() : undefined;

whenParsed(() => {
  const container = document.getElementById('root');
  if (!container) throw new Error('SocialConnect: the page has no #root element.');
  const startApp = () => {
    start(container).catch((error: unknown) => {
      console.error('SocialConnect could not start.', error);
      void sayCouldNotStart(container);
    });
  };
  // A page built ahead is on screen without the app: its chunks load once the browser has shown it.
  if (container.dataset.prerendered) afterFirstPaint(startApp);
  else startApp();
});
