/**
 * What QA's workbench (src/features/workbench) can see and change of the stand-in running in this
 * tab: its scenario, the faults per call, and the link that opens the same state elsewhere. The
 * panel holds no stand-in code of its own: it reads and acts through this object, which the stand-in's
 * start hands to the app.
 */
import { MESSAGES } from '../contract/messages';
import type { MockContext } from './context';
import { describeFault, FAULT_ROUTES, FAULT_STATUSES, FaultState, readFaultRules, type FaultRoute, type FaultRule } from './faults';
import type { DbSnapshot } from '../contract/snapshot';
import { asCurl, asFixture, type LogEntry, type RequestLog } from './requestLog';
import { readStoreFile, storeFileText } from './storeFile';
import { SCENARIO_NAMES, SCENARIOS, type ScenarioName } from './scenarios';

/** The address parameters the workbench reads and writes. */
export const SCENARIO_PARAM = 'scenario';
export const FAULTS_PARAM = 'faults';

export interface StandInWorkbench {
  scenario: ScenarioName;
  scenarios: ReadonlyArray<{ name: ScenarioName; description: string }>;
  /** Every route of the contract's table, in its order. */
  routes: readonly FaultRoute[];
  /** The statuses a fault can answer, each with the message of its error body. */
  statuses: ReadonlyArray<{ status: number; message: string }>;
  faults(): readonly FaultRule[];
  /** Replaces the rules in force; a rule that does not hold throws a FaultRulesError, naming its field. */
  setFaults(rules: unknown): readonly FaultRule[];
  describe(rule: FaultRule): string;
  /** The address of this page with the scenario and the faults: opened elsewhere, it shows the same. */
  link(): string;
  /** Opens this page again on `name`'s seed, faults kept. */
  switchScenario(name: ScenarioName): void;
  /** The current scenario's seed in place of its store, for every tab, without a reload. */
  resetData(): Promise<void>;
  /** Called after every change of the rules. */
  subscribe(listener: () => void): () => void;
  /** The whole store as a file's text (storeFile.ts). */
  exportStore(): string;
  /**
   * Loads a file's store in place of this one, for every tab, without a reload; refuses (a
   * StoreFileError, saying what does not hold) a file that is not a store.
   */
  importStore(text: string): Promise<void>;
  /** The live stream's faults: drop it now, hold it, answer the next reconnect with `reset`. */
  stream: {
    openCount(): number;
    held(): boolean;
    resetPending(): boolean;
    subscribe(listener: () => void): () => void;
    drop(): void;
    setHeld(held: boolean): void;
    setResetNext(reset: boolean): void;
  };
  /** The calls the stand-in answered, while the log is on. */
  log: {
    entries(): readonly LogEntry[];
    subscribe(listener: () => void): () => void;
    enabled(): boolean;
    /** Turns the log on or off, for the tab (its reloads too). */
    setEnabled(on: boolean): void;
    clear(): void;
    asCurl(entry: LogEntry): string;
    asFixture(entry: LogEntry): string;
  };
}

export interface WorkbenchOptions {
  ctx: MockContext;
  scenario: ScenarioName;
  /** Where the rules are kept for the tab, so that a reload keeps them. */
  keep(rules: readonly FaultRule[]): void;
  log: RequestLog;
  /** Where the log's being on is kept for the tab. */
  keepLog(on: boolean): void;
  /** Loads a store in place of the current one and saves it for every tab. */
  replaceStore(snapshot: DbSnapshot): Promise<void>;
  /** The page's address (window.location.href), and how to open another. */
  href(): string;
  open(url: string): void;
}

/** `href` with the workbench's parameters set: the scenario, and the faults when there are any. */
export function workbenchLink(href: string, scenario: ScenarioName, rules: readonly FaultRule[]): string {
  const url = new URL(href);
  url.searchParams.set(SCENARIO_PARAM, scenario);
  if (rules.length > 0) url.searchParams.set(FAULTS_PARAM, JSON.stringify(rules));
  else url.searchParams.delete(FAULTS_PARAM);
  return url.toString();
}

export function createWorkbench({ ctx, scenario, keep, log, keepLog, replaceStore, href, open }: WorkbenchOptions): StandInWorkbench {
  const apiBase = () => new URL(ctx.baseUrl, href()).toString();
  const listeners = new Set<() => void>();
  return {
    scenario,
    scenarios: SCENARIO_NAMES.map((name) => ({ name, description: SCENARIOS[name].description })),
    routes: FAULT_ROUTES,
    statuses: Object.entries(FAULT_STATUSES).map(([status, key]) => ({ status: Number(status), message: MESSAGES[key] })),
    faults: () => ctx.faults.rules,
    setFaults(rules) {
      const read = readFaultRules(rules);
      ctx.faults = new FaultState(read);
      keep(read);
      for (const listener of listeners) listener();
      return read;
    },
    describe: describeFault,
    link: () => workbenchLink(href(), scenario, ctx.faults.rules),
    switchScenario: (name) => open(workbenchLink(href(), name, ctx.faults.rules)),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    exportStore: () => storeFileText(ctx.db.snapshot()),
    importStore: (text) => replaceStore(readStoreFile(text)),
    resetData: () => replaceStore(SCENARIOS[scenario].buildSeed()),
    stream: {
      openCount: ctx.streamFaults.openCount,
      held: ctx.streamFaults.held,
      resetPending: ctx.streamFaults.resetPending,
      subscribe: ctx.streamFaults.subscribe,
      drop: () => ctx.streamFaults.dropAll(),
      setHeld: (held) => ctx.streamFaults.setHeld(held),
      setResetNext: (reset) => ctx.streamFaults.setResetNext(reset),
    },
    log: {
      entries: log.entries,
      subscribe: log.subscribe,
      enabled: () => log.enabled,
      setEnabled(on) {
        log.setEnabled(on);
        keepLog(on);
      },
      clear: () => log.clear(),
      asCurl: (entry) => asCurl(entry, apiBase()),
      asFixture,
    },
  };
}
