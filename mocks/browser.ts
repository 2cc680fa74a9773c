/**
 * Starts the stand-in backend in the browser (Mock Service Worker). The app calls
 * startMockWorker() as it starts, only when mocking is on (dynamic import); on a page built ahead
 * (/login, /signup) with no scenario asked for, when the form is first focused or a call needs it.
 */
import { setupWorker } from 'msw/browser';
import { createMockContext, DEFAULT_DELAY_MS } from './context';
import { createHandlers } from './handlers';
import { createMemoryDb } from './memoryStore';
import { browserStores, createPersistence, storageKey } from './persistence';
import { chooseScenario, getScenario, type ScenarioName } from './scenarios';
import { browserLocks, createTabSharing, localStorageRevision } from './tabSharing';
import { rememberedScenario, SCENARIO_SESSION_KEY } from './scenarioAsked';

export { SCENARIO_SESSION_KEY };

export interface StartMockWorkerOptions {
  /** The API base the app calls: '/api' (default) or an absolute URL. */
  baseUrl?: string;
  /** The build-time scenario (MOCK_SCENARIO), used when the URL and the tab name none. */
  scenario?: string;
  /** Wait before every answer; 400 ms by default (spec section 9). */
  delayMs?: number;
}

function rememberSession(name: ScenarioName): void {
  try {
    sessionStorage.setItem(SCENARIO_SESSION_KEY, name);
  } catch {
    // Storage blocked: the choice lasts for this page only.
  }
}

/** Drops ?scenario= from the address bar, so a reload keeps the store instead of resetting it. */
function forgetScenarioParam(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has('scenario')) return;
  url.searchParams.delete('scenario');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/** The scenario the stand-in answers as, and why it is not the one asked for, if it is not. */
export async function startMockWorker(options: StartMockWorkerOptions = {}): Promise<{ scenario: ScenarioName; warning?: string }> {
  const choice = chooseScenario({ search: window.location.search, remembered: rememberedScenario(), buildTime: options.scenario });
  if (choice.warning) console.warn(`[mock backend] ${choice.warning}`);
  rememberSession(choice.name);
  forgetScenarioParam();

  const scenario = getScenario(choice.name);
  const key = storageKey(scenario.name);
  const persistence = createPersistence({ scenario: scenario.name, stores: browserStores() });
  // Every tab of the browser answers from one saved store: writes go one at a time and start from the
  // latest saved state (tabSharing.ts).
  const sharing = createTabSharing({
    name: key,
    locks: browserLocks(),
    revision: localStorageRevision(`${key}.revision`),
    loadSaved: () => persistence.load(),
    // Another tab's writes come with their events: this tab's streams hear them too.
    apply: (snapshot) => {
      db.load(snapshot);
      ctx.hub.publish();
    },
  });
  if (choice.fromUrl) await persistence.clear();
  const saved = choice.fromUrl ? null : await persistence.load();
  const db = createMemoryDb(saved ?? scenario.buildSeed());

  const ctx = createMockContext({
    baseUrl: options.baseUrl ?? '/api',
    delayMs: options.delayMs ?? DEFAULT_DELAY_MS,
    db,
    sharing,
  });
  // Each write is saved before its answer leaves, so a reload right after a change keeps it, and the
  // other tabs find it.
  const save = async (): Promise<void> => {
    persistence.scheduleSave(() => ctx.db.snapshot());
    await persistence.flush();
    sharing.saved();
  };
  ctx.onWrite = save;
  // A scenario chosen by URL starts over for every tab.
  if (choice.fromUrl) await sharing.alone(save);
  window.addEventListener('pagehide', () => void persistence.flush());
  // Another tab saved a write: catch up now (a read does), so this tab's open streams hear of it at once.
  window.addEventListener('storage', (event) => {
    if (event.key === `${key}.revision`) void ctx.store.read(async () => undefined);
  });

  // MSW asks the browser to refresh an already registered worker and does not wait for the answer;
  // a refresh cut short by leaving the page is no failure of the app, so it is not reported as one.
  window.addEventListener('unhandledrejection', (event) => {
    const message = (event.reason as { message?: unknown } | null)?.message;
    if (typeof message === 'string' && message.startsWith('Failed to update a ServiceWorker')) event.preventDefault();
  });

  const worker = setupWorker(...scenario.overrides(ctx), ...createHandlers(ctx));
  await worker.start({
    onUnhandledRequest: 'bypass',
    serviceWorker: { url: '/mockServiceWorker.js' },
    quiet: true,
  });
  return { scenario: scenario.name, ...(choice.warning ? { warning: choice.warning } : {}) };
}
