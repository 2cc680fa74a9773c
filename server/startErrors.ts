/**
 * Why a server could not start, in one line that names the setting and says what to do, in place of
 * a stack trace and the driver's fields: an address it cannot listen on (PORT, HOST), a database it
 * cannot reach or enter (DATABASE_URL, never repeated whole: it may hold a password), a data folder
 * it cannot write (DATA_DIR). What is not recognised here is a fault of the server, and is printed
 * whole.
 */
import { createServer } from 'node:net';
import { resolve, sep } from 'node:path';
import type { ServerConfig } from './config';
import { MediaUnreachable } from './mediaFiles';

/** A start that failed for a reason the operator can fix: its message is the one line to print. */
export class StartError extends Error {
  override name = 'StartError';
}

type Failure = Error & { code?: unknown; syscall?: unknown; path?: unknown; errors?: unknown };

/** The error's code, or the first of an AggregateError's (a name with several addresses tried in turn). */
function codeOf(error: unknown): string {
  if (typeof error !== 'object' || error === null) return '';
  const failure = error as Failure;
  if (typeof failure.code === 'string') return failure.code;
  if (Array.isArray(failure.errors)) return codeOf(failure.errors[0]);
  return '';
}

/** Where a server listens, as a person writes it. */
function hostPort(host: string, port: number): string {
  return `${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** What stops a server from listening on host:port, or undefined when the error is not about that. */
/** The settings a listener's address comes from: the public server's, or the metrics port's. */
export interface ListenSettings {
  host: 'HOST' | 'METRICS_HOST';
  port: 'PORT' | 'METRICS_PORT';
}

export const PUBLIC_LISTEN: ListenSettings = { host: 'HOST', port: 'PORT' };
export const METRICS_LISTEN: ListenSettings = { host: 'METRICS_HOST', port: 'METRICS_PORT' };

export function listenFailure(error: unknown, host: string, port: number, command = 'npm run server', names: ListenSettings = PUBLIC_LISTEN): string | undefined {
  const listenHint = 'Use one of this machine\'s own addresses: 127.0.0.1 (this machine only) or 0.0.0.0 (every network interface).';
  switch (codeOf(error)) {
    case 'EADDRINUSE': {
      const other = port >= 65535 ? port - 1 : port + 1;
      return `${names.port} ${port} is already in use on ${host} (another SocialConnect server or another program). Stop it, or choose another port: ${names.port}=${other} ${command}`;
    }
    case 'EADDRNOTAVAIL':
      return `${names.host} "${host}" is not an address of this machine, so nothing can listen on ${hostPort(host, port)}. ${listenHint}`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME':
      return `${names.host} "${host}" is not a known host name. ${listenHint}`;
    case 'EACCES':
      return `${names.port} ${port} needs privileges this process does not have (ports below 1024 do). Use a port from 1024 up, such as ${names.port}=8080, with a proxy on the low port in front.`;
    default:
      return undefined;
  }
}

/**
 * Binds host:port and lets it go at once, before the store opens: a port in use or a HOST that is not
 * this machine's stops the start in a moment, with nothing opened, seeded or left in the data folder.
 * (Another program may still take the port before the server listens; that is said in one line too.)
 */
export function checkListen(host: string, port: number, command?: string, names?: ListenSettings): Promise<void> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', (error) => fail(new StartError(listenFailure(error, host, port, command, names) ?? `Cannot listen on ${hostPort(host, port)}: ${error.message}`)));
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => done()));
  });
}

/** The database DATABASE_URL names, in words that never include its password. */
function databaseOf(databaseUrl: string): { where: string; user: string; database: string } {
  const url = new URL(databaseUrl);
  return {
    where: `${url.hostname}:${url.port || '5432'}`,
    user: decodeURIComponent(url.username) || '(none given)',
    database: decodeURIComponent(url.pathname.slice(1)) || decodeURIComponent(url.username),
  };
}

/** Why PostgreSQL could not be reached or entered, or undefined when the error is about something else. */
export function databaseFailure(error: unknown, databaseUrl: string): string | undefined {
  const { where, user, database } = databaseOf(databaseUrl);
  const message = error instanceof Error ? error.message : String(error);
  switch (codeOf(error)) {
    case '28P01':
      return `DATABASE_URL: PostgreSQL at ${where} refused the password of user "${user}". Correct the user or the password in DATABASE_URL.`;
    case '28000':
      return `DATABASE_URL: PostgreSQL at ${where} does not let user "${user}" in (${message}). Correct the user in DATABASE_URL, or allow it in PostgreSQL's pg_hba.conf.`;
    case '3D000':
      return `DATABASE_URL: there is no database "${database}" at ${where}. Create it (createdb ${database}) or name an existing one in DATABASE_URL.`;
    case '57P03':
      return `DATABASE_URL: PostgreSQL at ${where} is starting up or shutting down. Start the server again once it accepts connections.`;
    case '53300':
      return `DATABASE_URL: PostgreSQL at ${where} has no connection left for this server. Stop some of its clients or raise its max_connections.`;
    case 'ECONNREFUSED':
      return `DATABASE_URL: nothing accepts connections at ${where}. Start PostgreSQL there, or correct the host and port in DATABASE_URL.`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME':
      return `DATABASE_URL: the host "${where.slice(0, where.lastIndexOf(':'))}" is not known. Correct the host in DATABASE_URL.`;
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `DATABASE_URL: ${where} cannot be reached (${codeOf(error)}). Check that PostgreSQL runs there and that this machine may connect to it.`;
    default:
      if (/timeout exceeded when trying to connect|Connection terminated due to connection timeout/i.test(message)) {
        return `DATABASE_URL: ${where} did not answer in time. Check that PostgreSQL runs there and that this machine may connect to it.`;
      }
      return undefined;
  }
}

const FILE_PROBLEMS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'not permitted',
  EROFS: 'a read-only file system',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'over the disk quota',
  ENOTDIR: 'a part of the path is a file, not a folder',
  EISDIR: 'a folder where a file belongs',
};

/** Why the data folder cannot be used, or undefined when the error is not about a file in it. */
export function dataDirFailure(error: unknown, dataDir: string): string | undefined {
  const problem = FILE_PROBLEMS[codeOf(error)];
  const path = typeof error === 'object' && error !== null ? (error as Failure).path : undefined;
  if (!problem || typeof path !== 'string') return undefined;
  const folder = resolve(dataDir);
  const file = resolve(path);
  // The folder itself, a file in it, or a folder above it that had to be made.
  if (!(file === folder || file.startsWith(`${folder}${sep}`) || folder.startsWith(`${file}${sep}`))) return undefined;
  return `DATA_DIR "${dataDir}" cannot be used (${problem}: ${path}). Give the server's user write access to it, or choose another folder with DATA_DIR.`;
}

/** The one line for a start that failed, as a StartError, or the error itself when it is not the settings'. */
export function startFailure(error: unknown, config: Pick<ServerConfig, 'host' | 'port' | 'databaseUrl' | 'dataDir'>): unknown {
  if (error instanceof StartError) return error;
  if (error instanceof MediaUnreachable) return new StartError(error.message);
  const syscall = typeof error === 'object' && error !== null ? (error as Failure).syscall : undefined;
  const line = (syscall === 'listen' ? listenFailure(error, config.host, config.port) : undefined)
    ?? dataDirFailure(error, config.dataDir)
    ?? (config.databaseUrl ? databaseFailure(error, config.databaseUrl) : undefined);
  return line ? new StartError(line) : error;
}
