// @ts-check
// Every setting the server reads from the environment, as one schema per reader (the server's, and
// `npm run cluster`'s), and the reader every schema of the project goes through: env-schema checks and
// coerces them; a bad value stops start-up with one line naming the setting and what it accepts.
// Plain CommonJS: the server compiles it in (allowJs), and the tools' own settings
// (scripts/settings.js, which webpack.config.js loads as written) are read by the same reader.
'use strict';

const { isIP } = require('node:net');
const envSchema = require('env-schema');
const { Type } = require('@sinclair/typebox');

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

/** Why a reader refused its value, said in the refusal's message before what the setting accepts. */
class Refusal {
  /** @param {string} why a sentence without its full stop, such as `"http://x/" ends with a slash` */
  constructor(why) {
    this.why = why;
  }
}

/**
 * DEV_ORIGINS: the origins whose pages may call the API from the browser, comma-separated, each
 * scheme://host[:port] with http or https and nothing after it. Each is kept as a browser writes its
 * Origin header (the host in lower case, no default port), so that the two compare exactly.
 * @param {string} text
 * @returns {string[] | Refusal}
 */
function parseDevOrigins(text) {
  if (text.trim() === '') return [];
  /** @type {string[]} */
  const origins = [];
  for (const entry of text.split(',').map((part) => part.trim())) {
    const why = originProblem(entry);
    if (why) return new Refusal(why);
    const origin = new URL(entry).origin;
    if (!origins.includes(origin)) origins.push(origin);
  }
  return origins;
}

/** What keeps one entry of DEV_ORIGINS from being an origin, or undefined when it is one. */
function originProblem(/** @type {string} */ entry) {
  if (entry === '') return 'One of its entries is empty';
  if (entry === '*') return '"*" (any origin) is not accepted: list the origins';
  if (entry.includes('*')) return `"${entry}" has a "*", and patterns are not accepted: list the origins`;
  const written = /^https?:\/\/([^/?#]*)(.*)$/i.exec(entry);
  if (!written || !URL.canParse(entry)) return `"${entry}" is not an http:// or https:// origin`;
  const [, authority = '', rest = ''] = written;
  if (authority.includes('@')) return `"${entry}" has a user name or password`;
  if (rest.includes('?')) return `"${entry}" has a query`;
  if (rest.includes('#')) return `"${entry}" has a fragment`;
  if (rest === '/') return `"${entry}" ends with a slash`;
  if (rest !== '') return `"${entry}" has a path`;
  return undefined;
}

/**
 * A keyword that reads its string in place as `read` says; `read` answering undefined refuses it, and
 * answering a Refusal refuses it saying why.
 * @param {string} keyword
 * @param {(text: string) => unknown} read
 */
function readingKeyword(keyword, read) {
  /**
   * @type {((schema: boolean, data: string, parent: unknown, at?: { parentData: Record<string | number, unknown>; parentDataProperty: string | number }) => boolean)
   *   & { errors?: { keyword: string; message: string; params: { why: string } }[] }}
   */
  const validate = (_schema, data, _parent, at) => {
    const value = read(data);
    if (value instanceof Refusal) validate.errors = [{ keyword, message: value.why, params: { why: value.why } }];
    if (value === undefined || value instanceof Refusal || !at) return false;
    at.parentData[at.parentDataProperty] = value;
    return true;
  };
  return { keyword, type: /** @type {const} */ ('string'), schemaType: /** @type {const} */ ('boolean'), modifying: /** @type {const} */ (true), validate };
}

/**
 * The schemas' own keywords: `onOff` turns on/off (true/false, 1/0, yes/no, in any case) into a
 * boolean; `url` accepts an absolute URL with one of the listed protocols; `trustProxy` reads
 * TRUST_PROXY (parseTrustProxy); `origins` reads DEV_ORIGINS (parseDevOrigins).
 * @type {import('env-schema').EnvSchemaOpt['ajv']}
 */
const KEYWORDS = {
  customOptions: (ajv) => ajv
    .addKeyword(readingKeyword('onOff', (text) => SWITCH_VALUES.get(text.toLowerCase())))
    .addKeyword(readingKeyword('trustProxy', parseTrustProxy))
    .addKeyword(readingKeyword('origins', parseDevOrigins))
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

/** A switch whose default is its reader's to decide (undefined when not given). */
const optionalOnOff = (description = '"on" or "off"') =>
  Type.Optional(/** @type {ReturnType<typeof Type.Unsafe<boolean>>} */ (Type.Unsafe({ type: 'string', onOff: true, description })));

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
  // Streaming replicas of DATABASE_URL that answer reads (server/readReplicas.ts); none by default.
  DATABASE_REPLICA_URLS: Type.Optional(Type.String({
    pattern: '^\\s*postgres(ql)?://[^,\\s]+(\\s*,\\s*postgres(ql)?://[^,\\s]+)*\\s*$',
    writeOnly: true,
    description: 'the addresses of PostgreSQL streaming replicas of DATABASE_URL, comma-separated, each postgres://user:password@host:5432/database, or leave it unset for none',
  })),
  // The store's statements kept prepared on each PostgreSQL connection (server/db/database.ts); off
  // behind a pooler in transaction mode that cannot keep them (PgBouncer before 1.21, or without
  // max_prepared_statements).
  DATABASE_PREPARED_STATEMENTS: onOff('on'),
  REPLICA_LAG_MAX_MS: Type.Integer({ minimum: 10, maximum: 600_000, default: 1_000, description: 'the milliseconds a read replica may be behind the network before reads leave it until it catches up, from 10 to 600000' }),
  // What a read promises (server/answerCache.ts): each member's own writes and no going back (session), or every write answered (strict).
  READ_CONSISTENCY: Type.String({ ...oneOf(['session', 'strict']), default: 'session' }),
  DATA_DIR: Type.String({ default: '.data' }),
  // Images' files: a folder (by default DATA_DIR/media), or a bucket of an S3-compatible store (server/mediaFiles.ts).
  MEDIA_DIR: Type.Optional(Type.String()),
  MEDIA_S3_URL: Type.Optional(Type.String({ url: HTTP, description: 'the object store\'s endpoint, http:// or https:// (https://s3.eu-west-1.amazonaws.com, or http://127.0.0.1:9000), or leave it unset to keep images in MEDIA_DIR' })),
  MEDIA_S3_BUCKET: Type.Optional(Type.String({ pattern: '^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$', description: 'a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens, beginning and ending with a letter or digit' })),
  MEDIA_S3_REGION: Type.String({ pattern: '^[a-z0-9-]+$', default: 'us-east-1', description: 'a region name such as eu-west-1' }),
  MEDIA_S3_ACCESS_KEY_ID: Type.Optional(Type.String({ writeOnly: true })),
  MEDIA_S3_SECRET_ACCESS_KEY: Type.Optional(Type.String({ writeOnly: true })),
  JWT_SECRET: Type.Optional(Type.String({ writeOnly: true })),
  RATE_LIMITS: onOff('on'),
  TRUST_PROXY: /** @type {ReturnType<typeof Type.Unsafe<false | number | string[]>>} */ (Type.Unsafe({
    type: 'string',
    trustProxy: true,
    default: 'off',
    description: 'the number of proxies in front of the server (TRUST_PROXY=1 behind one load balancer), or their addresses, comma-separated (TRUST_PROXY=10.0.0.5,10.0.1.0/24), or "off"; "on" would believe every hop of X-Forwarded-For, so it is not accepted',
  })),
  // Off (none) by default: no other origin's page may call the API from the browser (server/devOrigins.ts).
  DEV_ORIGINS: /** @type {ReturnType<typeof Type.Unsafe<string[]>>} */ (Type.Unsafe({
    type: 'string',
    origins: true,
    default: '',
    description: 'the origins, comma-separated, of development copies of the app allowed to call this server from the browser: each http:// or https://, '
      + 'a host and an optional port, with no path, query or trailing slash (DEV_ORIGINS=http://localhost:3000,http://127.0.0.1:5077); or leave it unset for none',
  })),
  // Mail to members (server/mail.ts): by SMTP when given, else to the log and DATA_DIR/mail.
  SMTP_URL: Type.Optional(Type.String({ url: ['smtp:', 'smtps:'], writeOnly: true, description: 'smtp://user:password@host:587 or smtps://user:password@host:465, or leave it unset to write mail to the log and to DATA_DIR/mail' })),
  MAIL_FROM: Type.String({ minLength: 3, default: 'SocialConnect <no-reply@localhost>', description: 'the sender of mail to members, such as "SocialConnect <no-reply@social.example>"' }),
  // The links in mail open here; never read from a request's Host, which a caller chooses.
  PUBLIC_URL: Type.Optional(Type.String({ url: HTTP, description: 'the address members open the app at, such as https://social.example (no path), or leave it unset for http://localhost:PORT' })),
  // On by default in development; off in production unless given (server/config.ts).
  SEED: optionalOnOff(),
  // contract/stream.ts STREAMS_PER_SESSION_DEFAULT (a test keeps the two the same).
  STREAMS_PER_SESSION: Type.Integer({ minimum: 1, maximum: 1000, default: 8, description: 'the number of live streams one session (one login) may hold open at once in each server process, from 1 to 1000' }),
  // contract/limits.ts LIMITS.imagePixelsMax is the default. The least is what the app fits a large
  // photo to (src/lib/fitImage.ts: 2048 on its long side), so a photo it fitted is never refused.
  IMAGE_PIXELS_MAX: Type.Integer({ minimum: 4_194_304, maximum: 268_435_456, default: 16_777_216, description: 'the number of pixels an uploaded image may have at most, from 4194304 (2048 x 2048) to 268435456 (16384 x 16384)' }),
  // contract/limits.ts LIMITS.postImagesMax is the default, postImagesMaxMost the most.
  POST_IMAGES_MAX: Type.Integer({ minimum: 1, maximum: 16, default: 4, description: 'the number of images a post may have at most, from 1 to 16' }),
  // contract/limits.ts LIMITS.deletionGraceDays is the default, deletionGraceDaysMax the most.
  ACCOUNT_DELETION_DAYS: Type.Integer({ minimum: 0, maximum: 365, default: 14, description: 'the days a deleted account stays hidden, and can be kept by logging in, before it goes for good, from 0 to 365' }),
  // Off unless given: the numbers are for the operator, on a port of their own (server/metrics.ts).
  METRICS_PORT: Type.Optional(Type.Integer({ minimum: 1, maximum: 65535, description: 'a port number from 1 to 65535 for /metrics (Prometheus), or leave it unset for none' })),
  METRICS_HOST: Type.String({ pattern: '^[A-Za-z0-9.:_-]+$', default: '127.0.0.1', description: 'a host name or address for /metrics, such as 127.0.0.1 (the default: this machine alone) or 0.0.0.0' }),
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
    /** @type {{ instancePath: string; params?: { why?: unknown } }[] | undefined} */
    const errors = /** @type {any} */ (error).errors;
    const name = errors?.[0]?.instancePath.split('/')[1];
    const setting = name ? schema.properties[name] : undefined;
    if (!name || !setting) throw error;
    const value = setting.writeOnly ? '' : ` "${env[name]}"`;
    // A reader's reason names the part that is wrong (one entry of a list); never for a secret.
    const why = setting.writeOnly ? undefined : errors?.[0]?.params?.why;
    throw new ConfigError(`${name}${value} is not valid.${typeof why === 'string' ? ` ${why}.` : ''} Use ${setting.description}.`);
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

module.exports = { ConfigError, SERVER, PORT, HTTP, onOff, oneOf, readSettings, readServerSettings, readClusterSettings };
