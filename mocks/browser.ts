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
import { faultHandlers, FaultRulesError, FaultState, parseFaultRules, readFaultRules, type FaultRule } from './faults';
import { RequestLog } from './requestLog';
import { createWorkbench, FAULTS_PARAM, SCENARIO_PARAM, type StandInWorkbench } from './workbench';

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

/** Where a tab remembers that QA keeps a log of its calls. */
export const LOG_SESSION_KEY = 'socialconnect.mock-log';

function logKept(): boolean {
  try {
    return sessionStorage.getItem(LOG_SESSION_KEY) === 'on';
  } catch {
    return false;
  }
}

function keepLog(on: boolean): void {
  try {
    if (on) sessionStorage.setItem(LOG_SESSION_KEY, 'on');
    else sessionStorage.removeItem(LOG_SESSION_KEY);
  } catch {
    // Storage blocked: the choice lasts for this page only.
  }
}

/** Where a tab keeps the faults QA set, so that a reload keeps them. */
export const FAULTS_SESSION_KEY = 'socialconnect.mock-faults';

function keepFaults(rules: readonly FaultRule[]): void {
  try {
    if (rules.length > 0) sessionStorage.setItem(FAULTS_SESSION_KEY, JSON.stringify(rules));
    else sessionStorage.removeItem(FAULTS_SESSION_KEY);
  } catch {
    // Storage blocked: the faults last for this page only.
  }
}

/**
 * The faults asked for in the address (`?faults=`), else those the tab kept; a rule in the address
 * that does not hold is said, and none of the address's rules apply.
 */
function chooseFaults(search: string): { rules: FaultRule[]; warning?: string } {
  const asked = new URLSearchParams(search).get(FAULTS_PARAM);
  if (asked !== null) {
    try {
      return { rules: parseFaultRules(asked, 'The address\'s faults') };
    } catch (error) {
      if (!(error instanceof FaultRulesError)) throw error;
      return { rules: [], warning: `${error.message} No fault applies.` };
    }
  }
  try {
    const kept = sessionStorage.getItem(FAULTS_SESSION_KEY);
    return { rules: kept ? readFaultRules(JSON.parse(kept)) : [] };
  } catch {
    return { rules: [] };
  }
}

/**
 * Drops ?scenario= and ?faults= from the address bar once applied, so a reload keeps the store
 * instead of resetting it (the tab remembers both; the workbench's "Copy link" gives them back).
 */
function forgetWorkbenchParams(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has(SCENARIO_PARAM) && !url.searchParams.has(FAULTS_PARAM)) return;
  url.searchParams.delete(SCENARIO_PARAM);
  url.searchParams.delete(FAULTS_PARAM);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

export interface StartedStandIn {
  /** The scenario the stand-in answers as. */
  scenario: ScenarioName;
  /** Why the state is not the one asked for (an unknown scenario, faults that do not hold), if it is not. */
  warning?: string;
  /** What QA's workbench reads and changes. */
  workbench: StandInWorkbench;
}

export async function startMockWorker(options: StartMockWorkerOptions = {}): Promise<StartedStandIn> {
  const choice = chooseScenario({ search: window.location.search, remembered: rememberedScenario(), buildTime: options.scenario });
  const faults = chooseFaults(window.location.search);
  const warning = [choice.warning, faults.warning].filter(Boolean).join(' ') || undefined;
  if (warning) console.warn(`[mock backend] ${warning}`);
  rememberSession(choice.name);
  keepFaults(faults.rules);
  forgetWorkbenchParams();

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
  ctx.faults = new FaultState(faults.rules);
  // The log runs in QA's tabs only (a scenario or faults asked for, or the log turned on there before):
  // a member on the demo pays nothing for it.
  const log = new RequestLog(ctx.baseUrl);
  log.enabled = logKept() || choice.fromUrl || faults.rules.length > 0;
  ctx.log = log;
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

  // QA's faults come first: a fault on one call holds under any scenario.
  const worker = setupWorker(...faultHandlers(ctx), ...scenario.overrides(ctx), ...createHandlers(ctx));
  log.attach(worker);
  await worker.start({
    onUnhandledRequest: 'bypass',
    serviceWorker: { url: '/mockServiceWorker.js' },
    quiet: true,
  });
  const workbench = createWorkbench({
    ctx,
    scenario: scenario.name,
    keep: keepFaults,
    log,
    keepLog,
    // The store's load tells this tab's streams to reset (the app loads again); saved, the other tabs catch up.
    replaceStore: async (snapshot) => {
      await ctx.store.load(snapshot);
      await sharing.alone(save);
    },
    href: () => window.location.href,
    open: (url) => window.location.assign(url),
  });
  return { scenario: scenario.name, workbench, ...(warning ? { warning } : {}) };
}
