import { startBackend, startBackendWhenNeeded, waitForBackend } from './lib/api/backendReady';
import { scenarioAskedFor } from '../mocks/scenarioAsked';
import { afterFirstPaint } from './lib/afterFirstPaint';
import { env } from './config/env';
import { browserStorage, readThemeChoice, showThemeChoice } from './features/theme/themeChoice';
import './styles/global.css';

const COULD_NOT_START = 'SocialConnect could not start. Please reload the page.';

/**
 * Until the app has taken over a page built ahead (/login, /signup), its buttons have no handlers
 * yet, and a press of Enter or of a submit button would send the form to the page's own address.
 * This holds a member's press (nothing typed is lost), shows at once that the button is working
 * (`aria-busy` and a spinner; "Fill Test Credentials" fills the form at once), and, once the app
 * has taken the page over, makes it again: a press is answered, late, never dropped, unless the
 * member typed on after it, in which case what they typed wins and the press is let go (made again,
 * it would overwrite or mix with the text). The last press is the one kept, and boxes ticked
 * meanwhile count.
 */
function holdPressesUntilStarted(container: HTMLElement): () => void {
  let held: { element: Element; pressAgain: () => void } | null = null;
  const letGo = () => {
    held?.element.removeAttribute('aria-busy');
    held?.element.removeAttribute('data-held');
    held = null;
  };
  const hold = (event: Event, target: Element | null, shownOn: Element | null | undefined, pressAgain: () => void) => {
    if (!target || !container.contains(target)) return;
    event.preventDefault();
    event.stopPropagation();
    letGo();
    const element = shownOn ?? target;
    element.setAttribute('aria-busy', 'true');
    element.setAttribute('data-held', '');
    held = { element, pressAgain: () => target.isConnected && pressAgain() };
  };
  // A click on a button; a submit with no click comes from Enter in a form without a submit button.
  const holdClick = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    hold(event, button, button, () => button?.click());
    if (held && button?.dataset.fills) fillAhead(button);
  };
  // A button that fills its form (Fill Test Credentials) is answered at once: the fields take the
  // values written on it now, and the app reads them from the page when it takes it over; the press,
  // made again then, shows the app's confirmation.
  const fillAhead = (button: HTMLButtonElement) => {
    const values = JSON.parse(button.dataset.fills ?? '{}') as Record<string, string | boolean>;
    for (const [name, value] of Object.entries(values)) {
      const field = button.form?.elements.namedItem(name);
      if (!(field instanceof HTMLInputElement)) continue;
      if (typeof value === 'boolean') {
        field.checked = value;
        ticked.set(field, value);
      } else {
        field.value = value;
      }
    }
  };
  const holdSubmit = (event: Event) => {
    const form = event.target instanceof HTMLFormElement ? event.target : null;
    hold(event, form, form?.querySelector('button[type="submit"]'), () => form?.requestSubmit());
  };
  // A box ticked meanwhile stays ticked on screen, but the app's state starts from the built page
  // (unticked): the app is told the visitor's choice as if it were made now, before a held press.
  const ticked = new Map<HTMLInputElement, boolean>();
  const noteTick = (event: Event) => {
    const box = event.target;
    if (box instanceof HTMLInputElement && box.type === 'checkbox' && container.contains(box)) ticked.set(box, box.checked);
  };
  // The member typing (or ticking) after a press lets it go; the app's own replay of what was typed
  // before it started (keepTypedBeforeStart) is not the member's.
  const typedPast = (event: Event) => {
    if (event.isTrusted && event.target instanceof Node && container.contains(event.target)) letGo();
  };
  const listeners: Array<[string, (event: Event) => void]> = [['click', holdClick], ['submit', holdSubmit], ['change', noteTick], ['input', typedPast]];
  for (const [type, listener] of listeners) document.addEventListener(type, listener, true);
  return () => {
    for (const [type, listener] of listeners) document.removeEventListener(type, listener, true);
    ticked.forEach((checked, box) => {
      if (!box.isConnected) return;
      box.checked = !checked;
      box.click();
    });
    const press = held?.pressAgain;
    letGo();
    press?.();
  };
}

/**
 * Start-up: the app renders as soon as its chunk is here (or takes over the page built ahead, which
 * the browser painted before any script ran). When mocking is on, the stand-in's chunk loads in
 * parallel and its worker starts meanwhile; calls wait for it (backendReady), the first screen does
 * not. On a page built ahead with no scenario asked for, the stand-in starts only when first needed
 * (a member focusing the form, or a call), so a visitor who only looks pays nothing for it. With
 * mocking off, webpack drops the mock code entirely.
 */
async function start(container: HTMLElement): Promise<void> {
  const releasePresses = holdPressesUntilStarted(container);
  const appModule = import(/* webpackChunkName: "app" */ './app/App');
  // The stand-in's start, whenever it begins: at once, or when first needed.
  type Started = { scenario?: string };
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
  const tellScenario = ({ scenario }: Started) => app.showScenario(scenario);
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
