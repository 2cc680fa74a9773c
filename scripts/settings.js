// @ts-check
// Every setting SocialConnect reads from the environment, as one schema per reader: the server's,
// the app build's, and the port of the local tools (`npm start`, `npm run serve`). env-schema checks
// and coerces them; a bad value stops start-up with one line naming the setting and what it accepts.
// Plain CommonJS: webpack.config.js loads it as written, and the server compiles it in (allowJs).
'use strict';

const { isIP } = require('node:net');
const envSchema = require('env-schema');
const { Type } = require('@sinclair/typebox');

/**
 * The stand-in's scenarios (mocks/scenarios.ts, SCENARIO_NAMES). Listed here because the build reads
 * its settings before any TypeScript is compiled; a test keeps the two lists the same.
 */
const SCENARIO_NAMES = ['default', 'empty', 'new-member', 'busy', 'slow', 'server-error', 'offline', 'expired-session', 'read-only'];

class ConfigError extends Error {
  /** @override */
  name = 'ConfigError';
}

const SWITCH_VALUES = new Map([
  ['on', true], ['true', true], ['1', true], ['yes', true],
  ['off', false], ['false', false], ['0', false], ['no', false],
]);

/** Named address ranges that Fastify's trustProxy (proxy-addr) accepts beside addresses. */
const ADDRESS_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/** An address, a CIDR range (10.0.0.0/8, fd00::/8) or a named range, as proxy-addr reads it. */
function isProxyAddress(/** @type {string} */ text) {
  if (ADDRESS_RANGES.includes(text)) return true;
  const [address = '', prefix, ...rest] = text.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/**
 * TRUST_PROXY: off (false), the number of proxies in front (the hops of X-Forwarded-For believed,
 * counted from the server), or the proxies' addresses, comma-separated. Never "every hop": with
 * that, a client that sends its own header chooses its own address.
 * @param {string} text
 * @returns {false | number | string[] | undefined} undefined when not valid
 */
function parseTrustProxy(text) {
  const value = text.toLowerCase();
  if (value === 'off' || value === 'false' || value === 'no' || value === '0') return false;
  if (/^\d+$/.test(value)) return Number(value) <= 100 ? Number(value) : undefined;
  const addresses = value.split(',').map((part) => part.trim());
  return addresses.every(isProxyAddress) ? addresses : undefined;
}

/**
 * A keyword that reads its string in place as `read` says; `read` answering undefined refuses it.
 * @param {string} keyword
 * @param {(text: string) => unknown} read
 * @returns {{ keyword: string; type: 'string'; schemaType: 'boolean'; modifying: true; validate: (schema: boolean, data: string, parent: unknown, at?: { parentData: Record<string | number, unknown>; parentDataProperty: string | number }) => boolean }}
 */
function readingKeyword(keyword, read) {
  return {
    keyword,
    type: 'string',
    schemaType: 'boolean',
    modifying: true,
    validate: (_schema, data, _parent, at) => {
      const value = read(data);
      if (value === undefined || !at) return false;
      at.parentData[at.parentDataProperty] = value;
      return true;
    },
  };
}

/**
 * The schemas' own keywords: `onOff` turns on/off (true/false, 1/0, yes/no, in any case) into a
 * boolean; `url` accepts an absolute URL with one of the listed protocols; `trustProxy` reads
 * TRUST_PROXY (parseTrustProxy).
 * @type {import('env-schema').EnvSchemaOpt['ajv']}
 */
const KEYWORDS = {
  customOptions: (ajv) => ajv
    .addKeyword(readingKeyword('onOff', (text) => SWITCH_VALUES.get(text.toLowerCase())))
    .addKeyword(readingKeyword('trustProxy', parseTrustProxy))
    .addKeyword({
      keyword: 'url',
      type: 'string',
      schemaType: 'array',
      validate: (/** @type {string[]} */ protocols, /** @type {string} */ data) => URL.canParse(data) && protocols.includes(new URL(data).protocol),
    }),
};

/** A switch, written on or off in the environment and read as a boolean. */
const onOff = (/** @type {'on' | 'off'} */ fallback, description = '"on" or "off"') =>
  /** @type {ReturnType<typeof Type.Unsafe<boolean>>} */ (Type.Unsafe({ type: 'string', onOff: true, default: fallback, description }));

const PORT = { minimum: 0, maximum: 65535, description: 'a port number from 0 to 65535 (0 picks a free one)' };

const HTTP = ['http:', 'https:'];

/** One of a list of words, named in the message that refuses any other. */
const oneOf = (/** @type {string[]} */ values) => Type.String({ enum: values, description: `one of: ${values.join(', ')}` });

// writeOnly marks a value that no message repeats (it may hold a password).
const SERVER = Type.Object({
  PORT: Type.Integer({ ...PORT, default: 8080 }),
  HOST: Type.String({ pattern: '^[A-Za-z0-9.:_-]+$', default: '127.0.0.1', description: 'a host name or address, such as 127.0.0.1 or 0.0.0.0' }),
  DATABASE_URL: Type.Optional(Type.String({
    url: ['postgres:', 'postgresql:'],
    writeOnly: true,
    description: 'postgres://user:password@host:5432/database (or postgresql://), or leave it unset for the embedded PGlite',
  })),
  DATA_DIR: Type.String({ default: '.data' }),
  JWT_SECRET: Type.Optional(Type.String({ writeOnly: true })),
  RATE_LIMITS: onOff('on'),
  TRUST_PROXY: /** @type {ReturnType<typeof Type.Unsafe<false | number | string[]>>} */ (Type.Unsafe({
    type: 'string',
    trustProxy: true,
    default: 'off',
    description: 'the number of proxies in front of the server (TRUST_PROXY=1 behind one load balancer), or their addresses, comma-separated (TRUST_PROXY=10.0.0.5,10.0.1.0/24), or "off"; "on" would believe every hop of X-Forwarded-For, so it is not accepted',
  })),
  SEED: onOff('on'),
  DRAIN_SECONDS: Type.Number({ minimum: 0, maximum: 60, default: 5, description: 'the seconds from SIGTERM during which /api/health answers 503 before the server closes, from 0 to 60' }),
  NODE_ENV: Type.String({ default: 'development' }),
  STATIC_DIR: Type.String({ default: 'build/app' }),
  LOG_LEVEL: Type.String({ ...oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), default: 'info' }),
});

// `npm run cluster`: the server's settings for every process, plus the cluster's own.
const CLUSTER = Type.Object({
  ...SERVER.properties,
  CLUSTER_PROCESSES: Type.Integer({ minimum: 1, maximum: 32, default: 2, description: 'the number of server processes, from 1 to 32' }),
  HAPROXY_BIN: Type.Optional(Type.String({ description: "the path of HAProxy's binary" })),
});

const BUILD = Type.Object({
  // A folder inside the repository: relative, no ".." segment.
  BUILD_DIR: Type.String({ pattern: '^(?!(.*/)?\\.\\.(/|$))[\\w.-]+(/[\\w.-]+)*/*$', default: 'dist', description: 'a folder inside the repository, such as dist or build/app' }),
  API_BASE_URL: Type.Union([Type.String({ pattern: '^/' }), Type.String({ url: HTTP })], { default: '/api', description: 'a path such as /api or an absolute http(s) URL' }),
  API_MOCKING: onOff('on', '"on" (mock backend in the browser) or "off" (real server)'),
  API_PROXY: Type.Optional(Type.String({ url: HTTP, description: 'an absolute http(s) URL such as http://localhost:8080' })),
  MOCK_SCENARIO: Type.Optional(oneOf(SCENARIO_NAMES)),
});

/**
 * The settings `schema` names, read from `env` (each trimmed; a blank one is unset, so it takes its
 * default), checked and coerced by the schema.
 * @template {ReturnType<typeof Type.Object>} S
 * @param {S} schema
 * @param {Readonly<Record<string, string | undefined>>} env
 * @returns {S['static']}
 */
function readSettings(schema, env) {
  /** @type {Record<string, string>} */
  const given = {};
  for (const name of Object.keys(schema.properties)) {
    const value = env[name]?.trim();
    if (value) given[name] = value;
  }
  try {
    return envSchema({ schema, data: given, env: false, ajv: KEYWORDS });
  } catch (error) {
    /** @type {{ instancePath: string }[] | undefined} */
    const errors = /** @type {any} */ (error).errors;
    const name = errors?.[0]?.instancePath.split('/')[1];
    const setting = name ? schema.properties[name] : undefined;
    if (!name || !setting) throw error;
    const value = setting.writeOnly ? '' : ` "${env[name]}"`;
    throw new ConfigError(`${name}${value} is not valid. Use ${setting.description}.`);
  }
}

/** The server's settings (server/config.ts gives them their names and resolves the folders). */
function readServerSettings(env = process.env) {
  return readSettings(SERVER, env);
}

/** `npm run cluster`'s settings: the server's, the number of processes, and HAProxy's binary. */
function readClusterSettings(env = process.env) {
  return readSettings(CLUSTER, env);
}

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

module.exports = { ConfigError, SCENARIO_NAMES, readServerSettings, readClusterSettings, readBuildSettings, readPort, readHost, busyPortMessage };
