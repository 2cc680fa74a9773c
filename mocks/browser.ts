/**
 * Starts the stand-in backend in the browser (Mock Service Worker). The app calls
 * startMockWorker() as it starts, only when mocking is on (dynamic import); on a page built ahead
 * (/login, /signup) with no scenario asked for, when the form is first focused or a call needs it.
 */
import { setupWorker } from 'msw/browser';
import type { DbSnapshot } from '../contract/snapshot';
import { createMockContext, DEFAULT_DELAY_MS } from './context';
import { createHandlers } from './handlers';
import { createMemoryDb } from './memoryStore';
import { browserStores, createPersistence, storageKey, type Persistence } from './persistence';
import { chooseScenario, getScenario, type ScenarioName } from './scenarios';
import { browserLocks, createTabSharing, localStorageRevision, type TabSharing } from './tabSharing';
import { keptForTab, rememberedScenario, SCENARIO_SESSION_KEY } from './scenarioAsked';
import { ClockSettingError, parseAddressClock, readClock, type ClockSetting } from './clock';
import { FaultRulesError, FaultState, parseFaultRules, readFaultRules, type FaultRule } from './faultRules';
import { faultHandlers } from './faults';
import { RequestLog } from './requestLog';
import { ALIVE_HEADER, ALIVE_PATH, aliveHandler, WorkerKeeper } from './workerKeeper';
import { backendAskedFor, keepBackendForTab, type BackendAsked } from './backendChoice';
import { CLOCK_PARAM, createWorkbench, FAULTS_PARAM, SCENARIO_FILE_PARAM, type StandInWorkbench } from './workbench';
import { publishDuePosts } from '../contract/rules/scheduledPosts';

/** How often an open tab looks for scheduled posts that are due. */
const SCHEDULED_LOOK_MS = 5_000;

export { SCENARIO_SESSION_KEY };

/**
 * The stand-in's service worker: in a production build, the one that also keeps the app for when the
 * network is gone (src/offline/standInServiceWorker.ts, which imports MSW's); in development, MSW's
 * own, as `msw init` writes it into public/.
 */
const WORKER_URL = process.env.NODE_ENV === 'production' ? '/sw.js' : '/mockServiceWorker.js';

export interface StartMockWorkerOptions {
  /** The API base the app calls: '/api' (default) or an absolute URL. */
  baseUrl?: string;
  /** The build-time scenario (MOCK_SCENARIO), used when the URL and the tab name none. */
  scenario?: string;
  /** Wait before every answer; 400 ms by default (spec section 9). */
  delayMs?: number;
  /** The backend the tab asked for, as the app's start read it (backendChoice.ts); read here otherwise. */
  backend?: BackendAsked;
}

/** What the tab keeps for its reloads: the scenario, the faults, the clock, the log's being on. */
const kept = {
  scenario: keptForTab(SCENARIO_SESSION_KEY),
  faults: keptForTab('socialconnect.mock-faults'),
  clock: keptForTab('socialconnect.mock-clock'),
  log: keptForTab('socialconnect.mock-log'),
  scenarioFile: keptForTab('socialconnect.mock-scenario-file'),
};

const keepFaults = (rules: readonly FaultRule[]) => kept.faults.write(rules.length > 0 ? JSON.stringify(rules) : null);
const keepClock = (setting: ClockSetting | null) => kept.clock.write(setting ? JSON.stringify(setting) : null);

/**
 * What QA asked for in the address (`?faults=`, `?clock=`), else what the tab kept. What the address
 * asks that does not hold is said (`warning`), and none of it applies; what the tab kept and no longer
 * holds is dropped.
 */
function chooseFromAddress<T>(asked: string | null, read: (text: string) => T, keptText: string | null, readKept: (value: unknown) => T, none: T, refused: string): { value: T; warning?: string } {
  if (asked !== null) {
    try {
      return { value: read(asked) };
    } catch (error) {
      if (!(error instanceof FaultRulesError || error instanceof ClockSettingError)) throw error;
      return { value: none, warning: `${error.message} ${refused}` };
    }
  }
  try {
    return { value: keptText ? readKept(JSON.parse(keptText)) : none };
  } catch {
    return { value: none };
  }
}

/**
 * Whether this page is the tab's own page opened again (a reload, Back or Forward) rather than an
 * address entered or followed: its ?scenario= then keeps the store the tab has, instead of starting over.
 */
function openedAgain(): boolean {
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return entry?.type === 'reload' || entry?.type === 'back_forward';
}

/** Puts `url` in the address bar in place of the page's address: no reload, no entry in the history. */
function replaceAddress(url: string): void {
  const next = new URL(url);
  if (next.href === window.location.href) return;
  window.history.replaceState(window.history.state, '', `${next.pathname}${next.search}${next.hash}`);
}

/** One scenario's saved store, which every tab on that scenario answers from (tabSharing.ts). */
interface ScenarioStore {
  key: string;
  persistence: Persistence;
  sharing: TabSharing;
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
  const params = new URLSearchParams(window.location.search);
  const faults = chooseFromAddress(params.get(FAULTS_PARAM), (text) => parseFaultRules(text, 'The address\'s faults'), kept.faults.read(), readFaultRules, [] as FaultRule[], 'No fault applies.');
  const clock = chooseFromAddress<ClockSetting | null>(params.get(CLOCK_PARAM), parseAddressClock, kept.clock.read(), readClock, null, 'The clock keeps the real time.');
  const backend = options.backend ?? backendAskedFor(window.location.search);
  const warning = [choice.warning, faults.warning, clock.warning, backend.refusal].filter(Boolean).join(' ') || undefined;
  if (warning) console.warn(`[mock backend] ${warning}`);
  // The address keeps the scenario (and the faults), so that it can be copied back from the address
  // bar; only an address entered or followed starts the scenario over, not the tab's own reload.
  const startOver = choice.fromUrl && !(openedAgain() && rememberedScenario() === choice.name);
  // A tab QA works in: a scenario or faults asked for, now or before. A member's plain demo keeps its address.
  let qaTab = choice.fromUrl || rememberedScenario() !== null || faults.value.length > 0 || clock.value !== null || backend.realServer !== null;
  if (qaTab) kept.scenario.write(choice.name);
  keepFaults(faults.value);
  keepClock(clock.value);

  let scenario = getScenario(choice.name);
  const storeOf = (name: ScenarioName): ScenarioStore => {
    const key = storageKey(name);
    const persistence = createPersistence({ scenario: name, stores: browserStores() });
    // Every tab of the browser answers from one saved store: writes go one at a time and start from the
    // latest saved state (tabSharing.ts).
    const sharing = createTabSharing({
      name: key,
      locks: browserLocks(),
      revision: localStorageRevision(`${key}.revision`),
      loadSaved: () => persistence.load(),
      // Another tab's writes come with their events: this tab's streams hear them too.
      apply: (snapshot) => {
        ctx.db.load(snapshot);
        ctx.hub.publish();
      },
    });
    return { key, persistence, sharing };
  };
  let current = storeOf(scenario.name);
  if (startOver) await current.persistence.clear();
  const saved = startOver ? null : await current.persistence.load();
  const db = createMemoryDb(saved ?? scenario.buildSeed());

  const ctx = createMockContext({
    baseUrl: options.baseUrl ?? '/api',
    delayMs: options.delayMs ?? DEFAULT_DELAY_MS,
    db,
    // The scenario's store of the moment: a switch in the workbench changes it.
    sharing: {
      catchUp: () => current.sharing.catchUp(),
      alone: (work) => current.sharing.alone(work),
    },
  });
  ctx.faults = new FaultState(faults.value);
  ctx.clock.set(clock.value);
  // The log runs in QA's tabs only (a scenario or faults asked for, or the log turned on there before):
  // a member on the demo pays nothing for it.
  const log = new RequestLog(ctx.baseUrl);
  log.enabled = kept.log.read() === 'on' || qaTab;
  ctx.log = log;
  // Each write is saved before its answer leaves, so a reload right after a change keeps it, and the
  // other tabs find it.
  const save = async (): Promise<void> => {
    const { persistence, sharing } = current;
    persistence.scheduleSave(() => ctx.db.snapshot());
    await persistence.flush();
    sharing.saved();
  };
  ctx.onWrite = save;
  // A scenario started over starts over for every tab on it.
  if (startOver) await current.sharing.alone(save);
  window.addEventListener('pagehide', () => void current.persistence.flush());
  // Another tab saved a write: catch up now (a read does), so this tab's open streams hear of it at once.
  window.addEventListener('storage', (event) => {
    if (event.key === `${current.key}.revision`) void ctx.store.read(async () => undefined);
  });

  // MSW asks the browser to refresh an already registered worker and does not wait for the answer;
  // a refresh cut short by leaving the page is no failure of the app, so it is not reported as one.
  window.addEventListener('unhandledrejection', (event) => {
    const message = (event.reason as { message?: unknown } | null)?.message;
    if (typeof message === 'string' && message.startsWith('Failed to update a ServiceWorker')) event.preventDefault();
  });

  // QA's faults come first: a fault on one call holds under any scenario.
  const handlersOf = (name: ScenarioName) => [aliveHandler(), ...faultHandlers(ctx), ...getScenario(name).overrides(ctx), ...createHandlers(ctx)];
  const worker = setupWorker(...handlersOf(scenario.name));
  log.attach(worker);
  const startOptions = {
    onUnhandledRequest: 'bypass',
    serviceWorker: { url: WORKER_URL },
    quiet: true,
  } as const;
  await worker.start(startOptions);
  // Scheduled posts go out at their time while a tab is open, not only at the next call, so a live
  // stream shows them as the server's would (the tabs take turns: each is published once).
  window.setInterval(() => {
    void publishDuePosts(ctx).catch(() => undefined);
  }, SCHEDULED_LOOK_MS);
  const keeper = new WorkerKeeper({
    probe: async () => {
      try {
        const answer = await fetch(ALIVE_PATH, { cache: 'no-store' });
        return answer.headers.get(ALIVE_HEADER) === 'alive';
      } catch {
        return false;
      }
    },
    // The worker's own message for a tab it answers (public/mockServiceWorker.js), which a worker
    // started again has forgotten.
    activate: async () => {
      const controller = navigator.serviceWorker.controller;
      if (!controller) throw new Error('No worker controls this page.');
      controller.postMessage('MOCK_ACTIVATE');
    },
    register: async () => {
      worker.stop();
      await worker.start(startOptions);
    },
  });
  // The worker is told at once that this tab is its client (a worker that still knows it takes that
  // as it is), before the app's own calls on coming back: this listener runs in the capture phase on
  // the window, ahead of the app's (a page's lists load again when it is shown). Then it is checked.
  const comeBack = () => {
    navigator.serviceWorker.controller?.postMessage('MOCK_ACTIVATE');
    void keeper.check();
  };
  window.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') comeBack();
  }, { capture: true });
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) comeBack();
  }, { capture: true });
  window.addEventListener('online', comeBack, { capture: true });
  // The store's load tells this tab's streams to reset (the app loads again); saved, the other tabs catch up.
  const replaceStore = async (snapshot: DbSnapshot): Promise<void> => {
    await ctx.store.load(snapshot);
    await current.sharing.alone(save);
  };
  const workbench = createWorkbench({
    ctx,
    scenario: scenario.name,
    keep: keepFaults,
    keepClock,
    log,
    keepLog: (on) => kept.log.write(on ? 'on' : null),
    replaceStore,
    // Another scenario, in place: its handlers, and its seed in a store of its own, started over (the
    // seed's save takes the place of whatever that store held).
    switchTo: async (name) => {
      await current.persistence.flush();
      current = storeOf(name);
      scenario = getScenario(name);
      qaTab = true;
      kept.scenario.write(name);
      worker.resetHandlers(...handlersOf(name));
      await replaceStore(scenario.buildSeed());
    },
    href: () => window.location.href,
    showInAddress: (url) => {
      if (qaTab) replaceAddress(url);
    },
    worker: keeper,
    realServer: backend.realServer,
    // A tab pointed at a real server is one QA works in: its address carries the scenario too, and
    // its reload keeps the stand-in's store (the tab remembers the scenario, as after a switch).
    keepRealServer: (origin) => {
      keepBackendForTab(origin);
      if (!origin) return;
      qaTab = true;
      kept.scenario.write(scenario.name);
    },
  });
  // QA's own scenario file named in the address (?scenarioFile=, relative to the page or absolute):
  // loaded as the panel loads one; the tab's own reload keeps the store it made, and its name.
  let fileWarning: string | undefined;
  const fileAsked = params.get(SCENARIO_FILE_PARAM);
  if (fileAsked !== null) {
    const keptFile = ((): { from?: unknown; name?: unknown } | null => {
      try {
        return JSON.parse(kept.scenarioFile.read() ?? 'null') as { from?: unknown; name?: unknown } | null;
      } catch {
        return null;
      }
    })();
    if (openedAgain() && keptFile?.from === fileAsked && typeof keptFile.name === 'string') {
      workbench.keepScenarioFile(keptFile.name, fileAsked);
    } else {
      try {
        const answer = await fetch(new URL(fileAsked, window.location.href), { cache: 'no-store' });
        if (!answer.ok) throw new Error(`it answered ${answer.status}`);
        const loaded = await workbench.loadScenarioFile(await answer.text(), fileAsked);
        kept.scenarioFile.write(JSON.stringify({ from: fileAsked, name: loaded.name }));
        qaTab = true;
      } catch (error) {
        fileWarning = `The scenario file ${fileAsked} was not loaded: ${error instanceof Error ? error.message : String(error)}`;
        console.warn(`[mock backend] ${fileWarning}`);
      }
    }
  }
  if (qaTab) replaceAddress(workbench.link());
  const said = [warning, fileWarning].filter(Boolean).join(' ') || undefined;
  return { scenario: scenario.name, workbench, ...(said ? { warning: said } : {}) };
}
