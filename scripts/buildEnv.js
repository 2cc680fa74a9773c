// Reads and validates the build-time settings of the mock/real switch.
// Used by webpack.config.js (build and dev server); a bad value stops start-up with a clear message.
'use strict';

const MOCKING_VALUES = ['on', 'off'];

/**
 * The stand-in's scenarios (mocks/scenarios.ts, SCENARIO_NAMES). Listed here because the build reads
 * its settings before any TypeScript is compiled; a test keeps the two lists the same.
 */
const SCENARIO_NAMES = ['default', 'empty', 'new-member', 'busy', 'slow', 'server-error', 'offline', 'expired-session'];

function fail(message) {
  const error = new Error(`SocialConnect configuration error: ${message}`);
  error.name = 'ConfigurationError';
  throw error;
}

function readApiBaseUrl(raw) {
  const value = (raw ?? '/api').trim();
  if (value === '') fail('API_BASE_URL is empty. Use a path such as /api or an absolute http(s) URL.');
  if (value.startsWith('/')) return value.replace(/\/+$/, '') || '/';
  let url;
  try {
    url = new URL(value);
  } catch {
    fail(`API_BASE_URL "${value}" is neither a path starting with "/" nor an absolute URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    fail(`API_BASE_URL "${value}" must use http or https.`);
  }
  return value.replace(/\/+$/, '');
}

function readApiMocking(raw) {
  const value = (raw ?? 'on').trim().toLowerCase();
  if (!MOCKING_VALUES.includes(value)) {
    fail(`API_MOCKING "${raw}" is not valid. Use "on" (mock backend in the browser) or "off" (real server).`);
  }
  return value;
}

function readApiProxy(raw) {
  if (raw === undefined || raw.trim() === '') return undefined;
  let url;
  try {
    url = new URL(raw.trim());
  } catch {
    fail(`API_PROXY "${raw}" is not an absolute URL such as http://localhost:8080.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') fail(`API_PROXY "${raw}" must use http or https.`);
  return url.origin + url.pathname.replace(/\/+$/, '');
}

function readScenario(raw) {
  if (raw === undefined || raw.trim() === '') return '';
  const value = raw.trim();
  if (!SCENARIO_NAMES.includes(value)) fail(`MOCK_SCENARIO "${raw}" is not a scenario. Use one of: ${SCENARIO_NAMES.join(', ')}.`);
  return value;
}

/** Where the build goes, inside the repository: dist/ unless BUILD_DIR says otherwise (the server's build/app). */
function readBuildDir(raw) {
  if (raw === undefined || raw.trim() === '') return 'dist';
  const value = raw.trim().replace(/\/+$/, '');
  if (!/^[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)*$/.test(value) || value.split('/').includes('..')) {
    fail(`BUILD_DIR "${raw}" must be a folder inside the repository, such as dist or build/app.`);
  }
  return value;
}

function readBuildEnv(env = process.env) {
  return {
    buildDir: readBuildDir(env.BUILD_DIR),
    apiBaseUrl: readApiBaseUrl(env.API_BASE_URL),
    apiMocking: readApiMocking(env.API_MOCKING),
    apiProxy: readApiProxy(env.API_PROXY),
    mockScenario: readScenario(env.MOCK_SCENARIO),
  };
}

/**
 * The settings, or the end of the process: a bad value prints its one-line message (no stack trace,
 * it is the developer's setting, not a bug) and stops `npm start` or `npm run build`.
 */
function readBuildEnvOrExit(env = process.env) {
  try {
    return readBuildEnv(env);
  } catch (error) {
    if (!error || error.name !== 'ConfigurationError') throw error;
    console.error(error.message);
    process.exit(1);
  }
}

module.exports = { readBuildEnv, readBuildEnvOrExit, SCENARIO_NAMES };
