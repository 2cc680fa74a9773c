// @ts-check
'use strict';

const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const reactHooks = require('eslint-plugin-react-hooks');
const globals = require('globals');

/** Import patterns for the layers above a module's own: none at run time, their types only for app/store. */
function layerPatterns(above) {
  return above.map((layer) => ({
    group: [`**/${layer}`, `**/${layer}/*`, `**/${layer}/**`],
    message: `A lower layer does not import ${layer}/ (layers: types, config, lib, i18n -> components -> features -> pages -> app).`,
    ...(layer === 'app' ? { allowTypeImports: true } : {}),
  }));
}

const FEATURES = require('node:fs').readdirSync(require('node:path').join(__dirname, 'src/features'));

/** Features that do not import each other at all, with the reason lint gives. */
const SEPARATE_FEATURES = {
  bookmarks: [['posts', 'Bookmarks do not import the posts feature.']],
  posts: [['bookmarks', 'Posts do not import the bookmarks feature; pages compose them.']],
};

/** Product code (the app, the stand-in, the server, the contract) imports nothing of the tools. */
const TOOLS_PATTERN = { regex: '^(\\.\\.?/)+(\\.\\./)*scripts(/|$)', message: 'Product code imports no tooling: scripts/ imports from the product, never the other way.' };

/** What the app and the stand-in never import: the server (share code through contract/), and the tools. */
const PRODUCT_PATTERNS = [
  // The project's server/ folder, by a relative path; react-dom/server (the build-time render) is not it.
  { regex: '^(\\.\\.?/)+(\\.\\./)*server(/|$)', message: 'The app and the stand-in never import the server; share code through contract/.' },
  TOOLS_PATTERN,
];

/**
 * A screen asks what the backend offers through the capability map; how the app speaks to the
 * backend (pages, changed-only answers, counts) is settled by the calls, and no screen asks.
 */
const ASKS_BACKEND_PATTERN = {
  regex: '/api/api$',
  importNames: ['backendHas', 'useBackendHas'],
  message: 'Ask the capability map (lib/api/capabilities: hasCapability, useCapability) what the backend offers.',
};

const { LITERAL_TEXT } = require('./scripts/literalText.cjs');

function layerRules(layers) {
  return layers.map(({ layer, above }) => ({
    files: [`${layer}/**/*.{ts,tsx}`],
    ignores: ['**/*.test.{ts,tsx}', 'src/test/**'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: layerPatterns(above) }] },
  }));
}

module.exports = tseslint.config(
  { ignores: ['dist/**', 'build/**', '.data/**', 'coverage/**', 'node_modules/**', 'public/mockServiceWorker.js', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // The dependency direction: contract/ is pure TypeScript that every side may use; the app and the
  // stand-in never reach into the server, and the contract reaches into nothing.
  {
    files: ['contract/**/*.ts'],
    ignores: ['contract/tests/**', 'contract/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['msw', 'msw/*', '@mswjs/*'], message: 'contract/ is shared by both backends: no MSW here.' },
          { group: ['pg', 'pg/*', '@electric-sql/*', 'fastify', 'fastify/*', '@fastify/*'], message: 'contract/ is shared by both backends: no database or HTTP server here.' },
          { group: ['react', 'react/*', 'react-dom', 'react-dom/*', '@reduxjs/*', 'react-redux'], message: 'contract/ is shared with the backends: no React or Redux here.' },
          { group: ['node:*'], message: 'contract/ also runs in the browser (the stand-in): no Node built-ins.' },
          { group: ['**/src/*', '**/src', '**/mocks/*', '**/mocks', '**/server/*', '**/server', '**/scripts/*', '**/scripts'], message: 'contract/ depends on nothing of the app, the stand-in, the server or the tools.' },
        ],
      }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'mocks/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...PRODUCT_PATTERNS, ASKS_BACKEND_PATTERN] }] },
  },
  // Tests set up either backend, and check what the app asked of it.
  {
    files: ['src/**/*.test.{ts,tsx}', 'src/test/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: PRODUCT_PATTERNS }] },
  },
  // The server is product code too: the tools (scripts/) import from it, never the other way.
  {
    files: ['server/**/*.{ts,js}'],
    ignores: ['server/**/*.test.ts', 'server/tests/**', 'server/testing/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [TOOLS_PATTERN] }] },
  },
  // The app's layers, lowest first: types, config, lib, i18n -> components -> features -> pages -> app. A
  // module imports only from its own layer or lower ones; the store's types (app/store) reach every
  // layer as types alone. Tests compose every layer and are left out.
  ...layerRules([
    { layer: 'src/{types,config,lib,i18n}', above: ['components', 'features', 'pages', 'app'] },
    { layer: 'src/components', above: ['features', 'pages', 'app'] },
    { layer: 'src/features', above: ['pages', 'app'] },
    { layer: 'src/pages', above: ['app'] },
  ]),
  // A feature uses another through its public hooks, selectors and functions: it reads another
  // feature's slice through that slice's selectors and never dispatches its actions. Posts and
  // bookmarks do not import each other at all: bookmarks find posts' copies through the cache tags,
  // and the pages hand post cards their bookmark toggle (PostCardExtras).
  ...FEATURES.map((feature) => ({
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: [
          ...layerPatterns(['pages', 'app']),
          ...FEATURES.filter((other) => other !== feature).map((other) => ({
            group: [`**/features/${other}/*Slice`, `../${other}/*Slice`, `../../${other}/*Slice`],
            allowImportNamePattern: '^select',
            allowTypeImports: true,
            message: `A feature reads the ${other} feature's slice through its selectors and does not dispatch its actions (use that feature's public functions).`,
          })),
          ...(SEPARATE_FEATURES[feature] ?? []).map(([other, message]) => ({ group: [`**/${other}`, `**/${other}/*`], message })),
        ],
      }],
    },
  })),
  // Every word the app shows comes from a catalogue. QA's workbench, beside the stand-in, speaks
  // English, as the stand-in's scenarios and logs do.
  {
    files: ['src/**/*.tsx'],
    ignores: ['src/**/*.test.tsx', 'src/test/**', 'src/app/workbench/**'],
    rules: { 'no-restricted-syntax': ['error', ...LITERAL_TEXT] },
  },
  {
    files: ['scripts/**/*.{ts,mjs}', 'e2e/**/*.ts', '*.config.ts'],
    languageOptions: { globals: { ...globals.node } },
  },
);
