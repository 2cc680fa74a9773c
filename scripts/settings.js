// @ts-check
// The tools' settings: the app build's and the port of the local tools (`npm start`, `npm run serve`),
// read by the server's reader (server/settings.js), so every setting of the project is refused the
// same way. Plain CommonJS: webpack.config.js loads it as written.
'use strict';

const { Type } = require('@sinclair/typebox');
const { ConfigError, SERVER, PORT, HTTP, onOff, oneOf, readSettings } = require('../server/settings');

/**
 * The stand-in's scenarios (mocks/scenarios.ts, SCENARIO_NAMES). Listed here because the build reads
 * its settings before any TypeScript is compiled; a test keeps the two lists the same.
 */
const SCENARIO_NAMES = ['default', 'empty', 'new-member', 'busy', 'slow', 'server-error', 'offline', 'expired-session', 'read-only', 'spec-only', 'two-factor', 'reposts', 'moderation'];

const BUILD = Type.Object({
  // A folder inside the repository: relative, no ".." segment.
  BUILD_DIR: Type.String({ pattern: '^(?!(.*/)?\\.\\.(/|$))[\\w.-]+(/[\\w.-]+)*/*$', default: 'dist', description: 'a folder inside the repository, such as dist or build/app' }),
  API_BASE_URL: Type.Union([Type.String({ pattern: '^/' }), Type.String({ url: HTTP })], { default: '/api', description: 'a path such as /api or an absolute http(s) URL' }),
  API_MOCKING: onOff('on', '"on" (mock backend in the browser) or "off" (real server)'),
  API_PROXY: Type.Optional(Type.String({ url: HTTP, description: 'an absolute http(s) URL such as http://localhost:8080' })),
  MOCK_SCENARIO: Type.Optional(oneOf(SCENARIO_NAMES)),
  // What the app keeps of what a member has seen, for when the network is gone (src/offline/keptReads.ts).
  OFFLINE_KEPT_PAGES: Type.Integer({ minimum: 0, maximum: 1000, default: 80, description: 'the most answers the app keeps for reading offline, from 0 (none) to 1000' }),
  OFFLINE_KEPT_MB: Type.Integer({ minimum: 1, maximum: 200, default: 4, description: 'the most megabytes those answers may weigh, from 1 to 200' }),
});

/** The app build's settings, normalised as webpack.config.js writes them into the app. */
function readBuildSettings(env = process.env) {
  const settings = readSettings(BUILD, env);
  const proxy = settings.API_PROXY === undefined ? undefined : new URL(settings.API_PROXY);
  return {
    /** Where the build goes, relative to the repository: dist, or build/app for the server. */
    buildDir: settings.BUILD_DIR.replace(/\/+$/, ''),
    apiBaseUrl: settings.API_BASE_URL.replace(/(.)\/+$/, '$1'),
    apiMocking: settings.API_MOCKING,
    apiProxy: proxy && proxy.origin + proxy.pathname.replace(/\/+$/, ''),
    mockScenario: settings.MOCK_SCENARIO ?? '',
    offlineKept: { pages: settings.OFFLINE_KEPT_PAGES, bytes: settings.OFFLINE_KEPT_MB * 1_000_000 },
  };
}

/**
 * The port a local tool listens on: the `--port` option when given, else the PORT variable, else
 * `fallback`.
 * @param {string | undefined} option
 * @param {Readonly<Record<string, string | undefined>>} env
 * @param {number} fallback
 */
function readPort(option, env, fallback) {
  const schema = Type.Object({ '--port': Type.Optional(Type.Integer(PORT)), PORT: Type.Integer({ ...PORT, default: fallback }) });
  // Given the option, PORT is not read at all: a stale one in the environment does not get in the way.
  const settings = readSettings(schema, option === undefined ? { PORT: env.PORT } : { '--port': option });
  return settings['--port'] ?? settings.PORT;
}

/**
 * Where `npm start` listens: HOST (as the server reads it), else loopback alone, so the dev server
 * is open to this machine only unless asked (HOST=0.0.0.0 opens it to every network interface).
 * @param {Readonly<Record<string, string | undefined>>} env
 */
function readHost(env) {
  return readSettings(Type.Object({ HOST: SERVER.properties.HOST }), { HOST: env.HOST }).HOST;
}

/** Which port is taken, and the two ways to pick another for `command` ("npm start", "npm run serve"). */
function busyPortMessage(/** @type {number} */ port, /** @type {string} */ command) {
  const other = port >= 65535 ? port - 1 : port + 1;
  return (
    `Port ${port} is already in use (another "${command}" or another program).\n` +
    `Choose another port: PORT=${other} ${command}   or   ${command} -- --port ${other}`
  );
}

module.exports = { ConfigError, SCENARIO_NAMES, readBuildSettings, readPort, readHost, busyPortMessage };
