// Reads and validates the build-time settings of the mock/real switch.
// Used by webpack.config.js (build and dev server); a bad value stops start-up with a clear message.
'use strict';

const MOCKING_VALUES = ['on', 'off'];

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
  if (!/^[a-z][a-z-]*$/.test(value)) fail(`MOCK_SCENARIO "${raw}" is not a scenario name (lower-case words joined by "-").`);
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

module.exports = { readBuildEnv };
