import type { Config } from 'jest';

/**
 * ESM-only packages that msw and the app pull in; jest must transform them to CommonJS.
 */
const esmPackages = ['msw', '@mswjs', 'rettime', 'until-async', 'outvariant', 'strict-event-emitter', 'headers-polyfill', 'uuid', 'is-node-process', '@open-draft', 'tough-cookie', 'type-fest'];

const config: Config = {
  testEnvironment: 'jest-fixed-jsdom',
  testEnvironmentOptions: {
    customExportConditions: [''],
    url: 'http://localhost/',
  },
  roots: ['<rootDir>/contract', '<rootDir>/src', '<rootDir>/mocks', '<rootDir>/scripts'],
  setupFilesAfterEnv: ['<rootDir>/src/test/setupTests.ts'],
  transform: {
    '^.+\\.(ts|tsx|js|jsx|mjs)$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.test.json', diagnostics: false }],
  },
  transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
  moduleNameMapper: {
    '\\.(css)$': '<rootDir>/src/test/styleStub.ts',
    '\\.(png|jpe?g|webp|gif|svg)$': '<rootDir>/src/test/fileStub.ts',
  },
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  // Integration tests render whole routes (lazy chunks, the real mock backend): give a cold first
  // render on a busy 2-core machine room, so a slow machine never fails a correct test.
  testTimeout: 20_000,
  collectCoverageFrom: ['contract/**/*.ts', 'src/**/*.{ts,tsx}', 'mocks/**/*.ts', '!**/*.test.{ts,tsx}', '!src/test/**', '!src/main.tsx', '!mocks/browser.ts', '!**/*.d.ts'],
  coverageReporters: ['text-summary', 'lcov'],
  coverageThreshold: {
    global: {},
    './mocks/': { lines: 90 },
    './src/': { lines: 85 },
  },
};

export default config;
