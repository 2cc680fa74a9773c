/**
 * The server's settings, read from the environment and checked at start: a bad value stops the
 * server with a message naming the setting and what it accepts.
 */
import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';

/** The repository's folder, from the source (server/) or from the compiled build (build/server/server/). */
function findRepositoryRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return start;
  }
}

export const REPOSITORY_ROOT = findRepositoryRoot(__dirname);

export interface ServerConfig {
  port: number;
  host: string;
  /** PostgreSQL; undefined means the embedded PGlite in dataDir. */
  databaseUrl: string | undefined;
  /** PGlite's folder, the generated development secret and the lock of the server using them. */
  dataDir: string;
  /** From JWT_SECRET; undefined in development means one is generated and kept in dataDir. */
  jwtSecret: string | undefined;
  rateLimits: boolean;
  trustProxy: boolean;
  seed: boolean;
  production: boolean;
  /** The built app (API_MOCKING=off) that the server serves. */
  staticDir: string;
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

type Env = Readonly<Record<string, string | undefined>>;

function onOff(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = raw.trim().toLowerCase();
  if (['on', 'true', '1', 'yes'].includes(value)) return true;
  if (['off', 'false', '0', 'no'].includes(value)) return false;
  throw new ConfigError(`${name} "${raw}" is not valid. Use "on" or "off".`);
}

function readPort(env: Env): number {
  const raw = env.PORT?.trim();
  if (!raw) return 8080;
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port > 65_535) throw new ConfigError(`PORT "${env.PORT}" is not a port number (0 to 65535; 0 picks a free one).`);
  return port;
}

function readHost(env: Env): string {
  const host = env.HOST?.trim();
  if (!host) return '127.0.0.1';
  if (!/^[A-Za-z0-9.:_-]+$/.test(host)) throw new ConfigError(`HOST "${env.HOST}" is not a host name or address (for example 127.0.0.1 or 0.0.0.0).`);
  return host;
}

function readDatabaseUrl(env: Env): string | undefined {
  const raw = env.DATABASE_URL?.trim();
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('DATABASE_URL is not a URL. Use postgres://user:password@host:5432/database, or leave it unset for the embedded PGlite.');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new ConfigError(`DATABASE_URL must start with postgres:// or postgresql://, not ${url.protocol}//.`);
  }
  return raw;
}

function readDir(env: Env, name: string, fallback: string): string {
  const raw = env[name]?.trim();
  const value = raw || fallback;
  return isAbsolute(value) ? value : resolve(REPOSITORY_ROOT, value);
}

export function readConfig(env: Env = process.env): ServerConfig {
  return {
    port: readPort(env),
    host: readHost(env),
    databaseUrl: readDatabaseUrl(env),
    dataDir: readDir(env, 'DATA_DIR', '.data'),
    jwtSecret: env.JWT_SECRET === undefined || env.JWT_SECRET === '' ? undefined : env.JWT_SECRET,
    rateLimits: onOff(env, 'RATE_LIMITS', true),
    trustProxy: onOff(env, 'TRUST_PROXY', false),
    seed: onOff(env, 'SEED', true),
    production: env.NODE_ENV === 'production',
    staticDir: readDir(env, 'STATIC_DIR', 'build/app'),
  };
}

/** Where the store lives, in words, for the start-up line. */
export function describeStore(config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>): string {
  if (!config.databaseUrl) return `PGlite (embedded PostgreSQL) in ${config.dataDir}`;
  const url = new URL(config.databaseUrl);
  return `PostgreSQL at ${url.hostname}:${url.port || '5432'}${url.pathname}`;
}
