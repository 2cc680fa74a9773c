/**
 * @jest-config-loader-options {"transpileOnly": true}
 */
// jest reads this file through ts-node, which type-checked it at every start (about 2 s of a core);
// `npm run typecheck` checks it with the rest, so jest only strips its types.
import { availableParallelism } from 'node:os';
import type { Config } from 'jest';

/**
 * ESM-only packages that msw, the app and the server pull in; jest must transform them to CommonJS.
 */
const esmPackages = ['msw', '@mswjs', 'rettime', 'until-async', 'outvariant', 'strict-event-emitter', 'headers-polyfill', 'uuid', 'is-node-process', '@open-draft', 'tough-cookie', 'type-fest', 'jose', 'content-disposition', '@lingui', '@messageformat', '@scure', '@noble', 'otplib', '@otplib'];

/**
 * SWC turns TypeScript and those packages into CommonJS with no type check (tsc does that, once, in
 * `npm run typecheck`). A clean clone transforms every module cold, in each jest worker: SWC
 * transpiles the project's 314 TypeScript files in 0.4 s where TypeScript's own transpiler took 6.5 s.
 */
function swc(parser: Record<string, unknown>): [string, Record<string, unknown>] {
  return ['@swc/jest', {
    jsc: { parser, target: 'es2022', transform: { react: { runtime: 'automatic' } } },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  }];
}

const shared = {
  transform: {
    // `.ts` without JSX, as tsc reads it: `<Type>value` stays a type assertion there.
    '^.+\\.ts$': swc({ syntax: 'typescript' }),
    '^.+\\.tsx$': swc({ syntax: 'typescript', tsx: true }),
    '^.+\\.(js|jsx|mjs|cjs)$': swc({ syntax: 'ecmascript', jsx: true }),
  },
  // Everything under node_modules is left alone, but for those packages (at any depth).
  transformIgnorePatterns: [`^(?!.*/node_modules/(${esmPackages.join('|')})/).*/node_modules/`],
} satisfies Config;

/** A runner of the contract suite: one file per backend, the suite imported after its target. */
const TARGET_RUNNER = '\\.target\\.test\\.ts$';
/** Tests of the repository's tooling that run in Node rather than in the app's jsdom. */
const NODE_TOOL_TEST = '\\.node\\.test\\.ts$';
/** The app's tests against real server processes, which they kill and start again. */
const ON_SERVER_TEST = '\\.onServer\\.test\\.tsx?$';

/** The app in jsdom, as its tests see it. */
const inJsdom = {
  ...shared,
  testEnvironment: 'jest-fixed-jsdom',
  testEnvironmentOptions: {
    customExportConditions: [''],
    url: 'http://localhost/',
  },
  setupFiles: ['<rootDir>/src/test/installRenderHook.ts', '<rootDir>/src/test/browserCrypto.ts'],
  setupFilesAfterEnv: ['<rootDir>/src/test/setupTests.ts'],
  moduleNameMapper: {
    '\\.(css)$': '<rootDir>/src/test/styleStub.ts',
    '\\.(png|jpe?g|webp|gif|svg)$': '<rootDir>/src/test/fileStub.ts',
  },
} satisfies Config;

const config: Config = {
  projects: [
    {
      ...inJsdom,
      displayName: 'app',
      roots: ['<rootDir>/contract', '<rootDir>/src', '<rootDir>/mocks', '<rootDir>/scripts'],
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      testPathIgnorePatterns: ['/node_modules/', TARGET_RUNNER, NODE_TOOL_TEST, ON_SERVER_TEST],
    },
    {
      ...inJsdom,
      displayName: 'app on a real server',
      roots: ['<rootDir>/src'],
      testMatch: ['**/*.onServer.test.ts', '**/*.onServer.test.tsx'],
      globalSetup: '<rootDir>/server/testing/jestServerKeeper.ts',
      globalTeardown: '<rootDir>/server/testing/jestServerKeeperTeardown.ts',
    },
    {
      ...shared,
      displayName: 'tools',
      testEnvironment: 'node',
      roots: ['<rootDir>/scripts'],
      testMatch: ['**/*.node.test.ts'],
    },
    {
      ...shared,
      displayName: 'contract: stand-in',
      testEnvironment: 'node',
      roots: ['<rootDir>/mocks'],
      testMatch: ['**/msw.target.test.ts'],
    },
    {
      ...shared,
      displayName: 'contract: server on PGlite',
      testEnvironment: 'node',
      roots: ['<rootDir>/server'],
      testMatch: ['**/pglite.target.test.ts'],
    },
    {
      ...shared,
      displayName: 'contract: server on PostgreSQL',
      testEnvironment: 'node',
      roots: ['<rootDir>/server'],
      // Twice: the one-statement writes on (the server as it runs), and off (through the rules).
      testMatch: ['**/postgres.target.test.ts', '**/postgresRules.target.test.ts'],
      globalSetup: '<rootDir>/server/testing/jestPostgres.ts',
      globalTeardown: '<rootDir>/server/testing/jestPostgresTeardown.ts',
    },
    {
      ...shared,
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/server'],
      testMatch: ['**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', TARGET_RUNNER],
      globalSetup: '<rootDir>/server/testing/jestServer.ts',
      globalTeardown: '<rootDir>/server/testing/jestServerTeardown.ts',
    },
  ],
  // Integration tests render whole routes (lazy chunks, the real mock backend) or start a server on
  // a fresh database: give a cold start on a busy 2-core machine room, so a slow machine never
  // fails a correct test.
  testTimeout: 30_000,
  // A worker per core and one more: the tests wait on timers, child processes and PostgreSQL about a
  // quarter of the time. On 2 cores, three workers ran the whole suite in 370 s against 422 s with two.
  maxWorkers: availableParallelism() + 1,
  // How long a worker told to stop may take before jest kills it and says it "failed to exit
  // gracefully". Handing a large heap back takes time: workers that had grown to about 2 GB (before
  // the limit below) reached jest 415-450 ms after their exit began on an idle 2-core machine,
  // against jest's default of 500 ms, so a busier or slower machine crossed it with no test holding
  // anything open (each worker held only its stdio). A worker that really hangs is still killed, and
  // said, after this.
  workerGracefulExitTimeout: 5_000,
  // A worker that has grown past 1 GB after a file is replaced by a fresh one before the next. The
  // app's files with coverage, two pairs run in turn on 2 cores: 4.8 % less CPU and 4.3 % less time,
  // and the largest process at 1.3 GiB rather than 2.4 GiB (docs/performance.md).
  workerIdleMemoryLimit: '1GB',
  // Long files first, also on a clean clone with no timings (see the sequencer).
  testSequencer: '<rootDir>/scripts/testing/jestSequencer.cjs',
  collectCoverageFrom: ['contract/**/*.ts', 'src/**/*.{ts,tsx}', 'mocks/**/*.ts', 'server/**/*.ts', '!**/*.test.{ts,tsx}', '!src/test/**', '!src/main.tsx', '!src/offline/serviceWorker.ts', '!src/offline/standInServiceWorker.ts', '!mocks/browser.ts', '!mocks/testing/**', '!server/main.ts', '!server/clusterMain.ts', '!server/backupMain.ts', '!server/adminMain.ts', '!server/testing/**', '!**/*.d.ts'],
  coverageReporters: ['text-summary', 'lcov'],
  coverageThreshold: {
    global: {},
    './contract/': { lines: 90 },
    './mocks/': { lines: 90 },
    './src/': { lines: 85 },
    './server/': { lines: 85 },
  },
};

export default config;
