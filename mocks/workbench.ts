/**
 * What QA's workbench (src/app/workbench) can see and change of the stand-in running in this
 * tab: its scenario, the faults per call, and the link that opens the same state elsewhere. The
 * panel holds no stand-in code of its own: it reads and acts through this object, which the stand-in's
 * start hands to the app.
 */
import { authenticatorCode } from '../contract/rules/twoFactor';
import { issueToken } from '../contract/rules/sessions';
import { presentMember } from '../contract/present';
import type { LoginResponse } from '../contract/api';
import { MESSAGES } from '../contract/messages';
import { BACKEND_PARAM } from './backendChoice';
import { compareBackends, serverBackend, type Difference } from './compare';
import type { MockContext } from './context';
import { clockText, readClock, type ClockSetting } from './clock';
import { describeFault, FAULT_ROUTES, FAULT_STATUSES, FaultState, readFaultRules, type FaultRoute, type FaultRule } from './faultRules';
import type { DbSnapshot, KeptMail } from '../contract/snapshot';
import { asCurl, asFixture, type LogEntry, type RequestLog } from './requestLog';
import { readScenarioFile, type QaScenario } from './scenarioFile';
import { readStoreFile, storeFileText } from './storeFile';
import type { WorkerKeeper, WorkerState } from './workerKeeper';
import { SCENARIO_NAMES, SCENARIOS, type ScenarioName } from './scenarios';

/** The address parameters the workbench reads and writes. */
export const SCENARIO_PARAM = 'scenario';
export const FAULTS_PARAM = 'faults';
export const CLOCK_PARAM = 'clock';
export const SCENARIO_FILE_PARAM = 'scenarioFile';

export interface StandInWorkbench {
  /** The scenario the stand-in answers as now. */
  scenario(): ScenarioName;
  scenarios: ReadonlyArray<{ name: ScenarioName; description: string }>;
  /** Every route of the contract's table, in its order. */
  routes: readonly FaultRoute[];
  /** The statuses a fault can answer, each with the message of its error body. */
  statuses: ReadonlyArray<{ status: number; message: string }>;
  faults(): readonly FaultRule[];
  /** Replaces the rules in force; a rule that does not hold throws a FaultRulesError, naming its field. */
  setFaults(rules: unknown): readonly FaultRule[];
  describe(rule: FaultRule): string;
  /** QA's clock: null for the real time. */
  clock(): ClockSetting | null;
  /** Sets the clock (null: the real time again); a setting that does not hold throws a ClockSettingError. */
  setClock(setting: unknown): ClockSetting | null;
  /** The address of this page with the scenario and the faults: opened elsewhere, it shows the same. */
  link(): string;
  /**
   * The real server answering in the stand-in's place (its origin), or null: the stand-in answers.
   * While one does, the stand-in runs on beside it, its store untouched, for the way back.
   */
  realServer(): string | null;
  /** Records which backend answers (null: the stand-in), for the tab and in the link; the app switches itself. */
  setRealServer(origin: string | null): void;
  /** The contract's sample calls on a fresh stand-in and on the real server in use: every difference. */
  compare(): Promise<{ calls: number; differences: Difference[] }>;
  /** Puts the link in the address bar again, after the app went to another page (in a tab QA works in). */
  keepInAddress(): void;
  /**
   * Answers as `name` from now on, from its seed, without a reload: its own answers, faults kept. The
   * app then starts over from what it shows (its cache emptied).
   */
  switchScenario(name: ScenarioName): Promise<void>;
  /** The current scenario's seed in place of its store, for every tab, without a reload. */
  resetData(): Promise<void>;
  /**
   * Loads a QA scenario file (scenarioFile.ts) in place, without a reload: its base's answers, its
   * seed (or the base's), its faults and its clock. A file that does not hold throws a
   * StoreFileError saying what and where, and nothing changes.
   */
  loadScenarioFile(text: string, from?: string): Promise<QaScenario>;
  /** The name of the QA scenario file loaded, until another scenario is chosen; null for none. */
  scenarioFile(): string | null;
  /**
   * Names the file in force without loading it again (a reload of a tab that had loaded it from
   * `from`, whose store is the tab's).
   */
  keepScenarioFile(name: string, from: string): void;
  /** Called after every change of the rules or of the scenario. */
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
  /** Whether the stand-in still answers this tab, and what was done when it did not (workerKeeper.ts). */
  worker: {
    state(): WorkerState;
    subscribe(listener: () => void): () => void;
    check(): Promise<WorkerState>;
  };
  /** The mail the stand-in sent (a forgotten password's link), oldest first, kept with its store. */
  inbox: {
    mails(): readonly KeptMail[];
    subscribe(listener: () => void): () => void;
  };
  /** The stand-in's members, in joining order: whom QA may log in as. */
  members(): Promise<Array<{ id: string; username: string; name: string }>>;
  /**
   * A new session of the member on the stand-in, answered as its login answers, without their
   * password or code: QA tries the app as any member. Listed among the member's devices as this
   * browser.
   */
  logInAs(memberId: string): Promise<LoginResponse>;
  /** The code each member with two-factor sign-in on would read in their authenticator app now. */
  authenticatorCodes(): Promise<Array<{ username: string; code: string }>>;
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
  /** Where the clock is kept for the tab. */
  keepClock(setting: ClockSetting | null): void;
  log: RequestLog;
  /** Where the log's being on is kept for the tab. */
  keepLog(on: boolean): void;
  /** Loads a store in place of the current one and saves it for every tab. */
  replaceStore(snapshot: DbSnapshot): Promise<void>;
  /** Makes the stand-in answer as `name`, from its seed, for this tab. */
  switchTo(name: ScenarioName): Promise<void>;
  /** The page's address (window.location.href). */
  href(): string;
  /** Puts the state's link in the address bar in place of the page's address (no reload, no history entry). */
  showInAddress(url: string): void;
  /** What keeps the stand-in's worker answering this tab. */
  worker: WorkerKeeper;
  /** The real server the tab uses at the start (backendChoice.ts), or null. */
  realServer?: string | null;
  /** Where the tab keeps the backend it uses. */
  keepRealServer?(origin: string | null): void;
}

/** What a link carries of the stand-in's state. */
export interface LinkedState {
  scenario: ScenarioName;
  /** The address a QA scenario file in force was loaded from, if it was. */
  scenarioFile?: string | null;
  faults: readonly FaultRule[];
  clock: ClockSetting | null;
  /** A real server answering in the stand-in's place (its origin). */
  realServer?: string | null;
}

/** `href` with the workbench's parameters set: the scenario, and the faults, the clock and a real server when set. */
export function workbenchLink(href: string, { scenario, scenarioFile, faults, clock, realServer }: LinkedState): string {
  const url = new URL(href);
  url.searchParams.set(SCENARIO_PARAM, scenario);
  if (scenarioFile) url.searchParams.set(SCENARIO_FILE_PARAM, scenarioFile);
  else url.searchParams.delete(SCENARIO_FILE_PARAM);
  if (faults.length > 0) url.searchParams.set(FAULTS_PARAM, JSON.stringify(faults));
  else url.searchParams.delete(FAULTS_PARAM);
  if (clock) url.searchParams.set(CLOCK_PARAM, clockText(clock));
  else url.searchParams.delete(CLOCK_PARAM);
  if (realServer) url.searchParams.set(BACKEND_PARAM, realServer);
  else url.searchParams.delete(BACKEND_PARAM);
  return url.toString();
}

export function createWorkbench({ ctx, scenario: first, keep, keepClock, log, keepLog, replaceStore, switchTo, href, showInAddress, worker, realServer: firstServer = null, keepRealServer = () => undefined }: WorkbenchOptions): StandInWorkbench {
  const apiBase = () => new URL(ctx.baseUrl, href()).toString();
  const listeners = new Set<() => void>();
  const inboxListeners = new Set<() => void>();
  ctx.onMail = () => inboxListeners.forEach((listener) => listener());
  let scenario = first;
  let fileName: string | null = null;
  // Where that file came from, when from an address: the link then carries it.
  let fileFrom: string | null = null;
  let realServer = firstServer;
  const link = () => workbenchLink(href(), { scenario, scenarioFile: fileFrom, faults: ctx.faults.rules, clock: ctx.clock.setting, realServer });
  // Rules and a clock already read: put in force, and kept for the tab's reloads.
  const applyFaults = (rules: FaultRule[]) => {
    ctx.faults = new FaultState(rules);
    keep(rules);
  };
  const applyClock = (setting: ClockSetting | null) => {
    ctx.clock.set(setting);
    keepClock(setting);
  };
  // The address bar always reads as the link: copied from there, it opens the same state.
  const changed = () => {
    showInAddress(link());
    for (const listener of listeners) listener();
  };
  return {
    scenario: () => scenario,
    scenarios: SCENARIO_NAMES.map((name) => ({ name, description: SCENARIOS[name].description })),
    routes: FAULT_ROUTES,
    statuses: Object.entries(FAULT_STATUSES).map(([status, key]) => ({ status: Number(status), message: MESSAGES[key] })),
    faults: () => ctx.faults.rules,
    setFaults(rules) {
      const read = readFaultRules(rules);
      applyFaults(read);
      changed();
      return read;
    },
    describe: describeFault,
    clock: () => ctx.clock.setting,
    setClock(setting) {
      const read = setting === null ? null : readClock(setting);
      applyClock(read);
      changed();
      return read;
    },
    link,
    keepInAddress: () => showInAddress(link()),
    realServer: () => realServer,
    setRealServer(origin) {
      realServer = origin;
      keepRealServer(origin);
      changed();
    },
    compare() {
      if (!realServer) return Promise.reject(new Error('No real server is in use: choose one first.'));
      return compareBackends(serverBackend(realServer));
    },
    async switchScenario(name) {
      await switchTo(name);
      scenario = name;
      fileName = null;
      fileFrom = null;
      changed();
    },
    async loadScenarioFile(text, from) {
      const file = readScenarioFile(text);
      await switchTo(file.base);
      scenario = file.base;
      if (file.seed) await replaceStore(file.seed);
      applyFaults(file.faults);
      applyClock(file.clock);
      fileName = file.name;
      fileFrom = from ?? null;
      changed();
      return file;
    },
    scenarioFile: () => fileName,
    keepScenarioFile(name, from) {
      fileName = name;
      fileFrom = from;
      changed();
    },
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
    inbox: {
      mails: () => ctx.db.inbox,
      subscribe(listener) {
        inboxListeners.add(listener);
        return () => inboxListeners.delete(listener);
      },
    },
    members: async () => (await ctx.store.read((reader) => reader.members())).map(({ id, username, firstName, lastName }) => ({ id, username, name: `${firstName} ${lastName}` })),
    async logInAs(memberId) {
      const member = await ctx.store.read((reader) => reader.memberById(memberId));
      if (!member) throw new Error('That member is no longer in the stand-in: choose another.');
      const foundUser = await ctx.store.read((reader) => presentMember(reader, member, member.id));
      return { foundUser, encodedToken: await issueToken(ctx, member, { userAgent: globalThis.navigator?.userAgent }) };
    },
    authenticatorCodes: () => Promise.all([...ctx.db.users.values()].flatMap((user) => (
      user.twoFactor ? [authenticatorCode(user.twoFactor.secret, new Date()).then((code) => ({ username: user.username, code }))] : []
    ))),
    worker: {
      state: worker.state,
      subscribe: worker.subscribe,
      check: () => worker.check(),
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
