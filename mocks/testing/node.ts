/**
 * The stand-in backend for tests (msw/node), with the same handlers the browser uses, no delay and
 * a fresh default store. The app's jest setup does:
 *   beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
 *   afterEach(() => { server.resetHandlers(); resetMockBackend(); });
 *   afterAll(() => server.close());
 * and a test picks a scenario with one line: useScenario('server-error').
 */
import { setupServer } from 'msw/node';
import { buildDefaultSeed } from '../../contract/seed/default';
import type { DbSnapshot, UserRecord } from '../../contract/snapshot';
import { createMockContext, SLOW_DELAY_MS, type MockContext } from '../context';
import { createStandInHub } from '../events';
import { FaultState, readFaultRules, type FaultRule } from '../faultRules';
import { faultHandlers } from '../faults';
import { createHandlers } from '../handlers';
import type { MemoryDb } from '../memoryStore';
import { RequestLog } from '../requestLog';
import { getScenario, type ScenarioName } from '../scenarios';
import { createWorkbench, type StandInWorkbench, type WorkbenchOptions } from '../workbench';
import { WorkerKeeper } from '../workerKeeper';

/** The base the app calls under jest (jsdom's origin is http://localhost). */
export const TEST_API_BASE = 'http://localhost/api';

const context: MockContext = createMockContext({
  baseUrl: TEST_API_BASE,
  delayMs: 0,
  seed: buildDefaultSeed(),
});

export const server = setupServer(...createHandlers(context));

/**
 * A test's store, loaded afresh, with its own hub: streams opened in the test hear its writes as
 * events, not as the reset a store loaded under open streams is.
 */
function loadFresh(seed: DbSnapshot): void {
  context.db.load(seed);
  context.hub = createStandInHub(context.db);
}

/** Starts every test from the default seed with the default delay of 0. */
export function resetMockBackend(): void {
  loadFresh(buildDefaultSeed());
  context.delayMs = 0;
  context.slowDelayMs = SLOW_DELAY_MS;
  context.faults = new FaultState();
  context.clock.set(null);
  context.streamFaults.setHeld(false);
  context.streamFaults.setResetNext(false);
}

/**
 * Resets the store to the scenario's seed and installs its overrides until the next
 * server.resetHandlers(). `slowDelayMs` shortens the `slow` scenario for tests.
 */
export function useScenario(name: ScenarioName, options: { slowDelayMs?: number } = {}): void {
  installScenario(name, options);
}

function installScenario(name: ScenarioName, options: { slowDelayMs?: number } = {}): void {
  const scenario = getScenario(name);
  loadFresh(scenario.buildSeed());
  context.slowDelayMs = options.slowDelayMs ?? SLOW_DELAY_MS;
  const overrides = scenario.overrides(context);
  if (overrides.length > 0) server.use(...overrides);
}

/**
 * Faults per call until the end of the test, the same rules as the workbench panel and `?faults=`
 * (mocks/faults.ts), placed before a scenario's overrides: `withFaults([{ route: 'POST
 * /posts/like/:postId', answer: 503 }])`. A rule that does not hold throws, naming its field.
 */
export function withFaults(rules: readonly FaultRule[]): void {
  context.faults = new FaultState(readFaultRules(rules));
  server.use(...faultHandlers(context));
}

/**
 * QA's workbench over the tests' stand-in, as the browser's start makes one: a store it imports is
 * loaded here, a scenario switched to is installed as `useScenario` installs it; what it would keep for the tab, or put in
 * the address, goes to the `overrides` given.
 */
export function workbenchFor(overrides: Partial<WorkbenchOptions> = {}): StandInWorkbench {
  return createWorkbench({
    ctx: context,
    scenario: 'default',
    keep: () => undefined,
    keepClock: () => undefined,
    log: context.log ?? new RequestLog(context.baseUrl),
    keepLog: () => undefined,
    replaceStore: async (snapshot) => loadFresh(snapshot),
    switchTo: async (name) => installScenario(name),
    href: () => 'http://localhost/',
    showInAddress: () => undefined,
    // Under jest the stand-in is msw's server in this process: it always answers.
    worker: new WorkerKeeper({ probe: async () => true, activate: async () => undefined, register: async () => undefined }),
    ...overrides,
  });
}

/** The live store, to arrange or inspect in a test. */
export function getMockDb(): MemoryDb {
  return context.db;
}

export function getMockContext(): MockContext {
  return context;
}

/** A valid token for a member of the store (by id or username), as login would give it. */
export async function tokenFor(idOrUsername: string): Promise<string> {
  const member: UserRecord | undefined = context.db.users.get(idOrUsername) ?? context.db.findUserByUsername(idOrUsername);
  if (!member) throw new Error(`tokenFor: no member "${idOrUsername}" in the mock store`);
  return context.tokens.sign({ id: member.id, username: member.username, sessionVersion: member.sessionVersion ?? 0 });
}
