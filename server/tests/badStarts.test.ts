/**
 * A server that cannot start says why in one line on stderr, naming the setting and what to do, and
 * exits 1: a port in use and a HOST that is not this machine's (both found before the store opens,
 * so no data folder is made), a database that refuses the password or has no such database, a
 * closed port and an unknown host in DATABASE_URL, a data folder it may not write. Each is the
 * compiled server in a process of its own, all started together.
 */
import { chmodSync, existsSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { REPOSITORY_ROOT } from '../config';
import { compiledEntry } from '../testing/compiledServer';
import { refusedPort } from '../testing/refusedPort';
import { childServerEnv, runToEnd } from '../testing/childServer';
import { scratchFolders } from '../testing/scratch';

const SECRET = 'bad-starts-test-secret-0123456789-abcdefghijklmn';
const folders = scratchFolders();

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Root may write anywhere: started as root, the server runs under `setpriv` without the two
 * capabilities that pass over a folder's permissions, so the folder's mode holds for it as for any
 * user. (Another user would do, but for a clone in a private folder, which only root may read.)
 */
const OWN_PERMISSIONS = process.getuid?.() === 0 ? ['/usr/bin/setpriv', '--bounding-set=-dac_override,-dac_read_search', '--'] : [];

/**
 * Starts the server with these settings (and no others of this process); held to the folders'
 * permissions even as root when `ownPermissions` says so.
 */
async function start(env: Record<string, string>, ownPermissions = false): Promise<Outcome> {
  const [command = '', ...args] = [...(ownPermissions ? OWN_PERMISSIONS : []), process.execPath, '-r', join(REPOSITORY_ROOT, 'server', 'testing', 'unknownHosts.cjs'), compiledEntry('main')];
  // A start that does not fail would run on: it is ended, and the test sees what it printed.
  const { code, stdout, stderr } = await runToEnd(command, args, { ...childServerEnv(), JWT_SECRET: SECRET, SEED: 'off', ...env }, 60_000);
  return { code, stdout, stderr };
}

/** What a refused start looks like: this one line on stderr, nothing on stdout, exit code 1. */
function refused(line: string): Outcome {
  return { code: 1, stdout: '', stderr: `SocialConnect server: ${line}\n` };
}

/** A field of a PostgreSQL ErrorResponse: its type byte and its text, ended by a zero byte. */
function field(type: string, text: string): Buffer {
  return Buffer.concat([Buffer.from(type, 'ascii'), Buffer.from(text, 'utf8'), Buffer.from([0])]);
}

/** A PostgreSQL stand-in on loopback that answers each connection's start-up with this error. */
async function refusingPostgres(code: string, message: string): Promise<{ port: number; server: Server }> {
  const fields = Buffer.concat([field('S', 'FATAL'), field('V', 'FATAL'), field('C', code), field('M', message), Buffer.from([0])]);
  const head = Buffer.alloc(5);
  head.write('E', 0, 'ascii');
  head.writeInt32BE(fields.length + 4, 1);
  const server = createServer((socket) => {
    socket.on('error', () => undefined);
    socket.once('data', () => socket.end(Buffer.concat([head, fields])));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as { port: number }).port, server };
}

const servers: Server[] = [];
afterAll(() => servers.forEach((server) => server.close()));

/** Each bad start, begun together before the first test; each test reads its own. */
let starts: Record<'portInUse' | 'foreignHost' | 'wrongPassword' | 'noDatabase' | 'closedPort' | 'unknownHost' | 'readOnlyDataDir' | 'unreachableStore' | 'metricsPortInUse', Promise<Outcome>>;
let busyPort: number;
let closedPort: number;
/** The ports of the PostgreSQL stand-ins. */
let refusing: { password: number; database: number };
const dataDirs: Record<string, string> = {};

beforeAll(async () => {
  const blocker = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  servers.push(blocker);
  busyPort = (blocker.address() as { port: number }).port;
  closedPort = await refusedPort();
  const wrongPassword = await refusingPostgres('28P01', 'password authentication failed for user "socialconnect"');
  const noDatabase = await refusingPostgres('3D000', 'database "nowhere" does not exist');
  servers.push(wrongPassword.server, noDatabase.server);
  refusing = { password: wrongPassword.port, database: noDatabase.port };

  // Folders a start must not make: the two address checks come before the store.
  dataDirs.portInUse = join(folders.make('socialconnect-bad-start-'), 'data');
  dataDirs.foreignHost = join(folders.make('socialconnect-bad-start-'), 'data');
  // A folder the server may not write into: its own owner may not once it is read-only.
  const readOnly = folders.make('socialconnect-read-only-');
  chmodSync(readOnly, 0o555);
  dataDirs.readOnly = join(readOnly, 'data');

  starts = {
    portInUse: start({ PORT: String(busyPort), DATA_DIR: dataDirs.portInUse }),
    // 192.0.2.1 is kept for documentation (RFC 5737): no machine has it.
    foreignHost: start({ HOST: '192.0.2.1', DATA_DIR: dataDirs.foreignHost }),
    wrongPassword: start({ DATABASE_URL: `postgres://socialconnect:not-the-password@127.0.0.1:${wrongPassword.port}/socialconnect`, DATA_DIR: folders.make('socialconnect-bad-start-') }),
    noDatabase: start({ DATABASE_URL: `postgres://socialconnect:secret@127.0.0.1:${noDatabase.port}/nowhere`, DATA_DIR: folders.make('socialconnect-bad-start-') }),
    closedPort: start({ DATABASE_URL: `postgres://socialconnect:secret@127.0.0.1:${closedPort}/socialconnect`, DATA_DIR: folders.make('socialconnect-bad-start-') }),
    unknownHost: start({ DATABASE_URL: 'postgres://socialconnect:secret@db.invalid:5432/socialconnect', DATA_DIR: folders.make('socialconnect-bad-start-') }),
    readOnlyDataDir: start({ DATA_DIR: dataDirs.readOnly, JWT_SECRET: '' }, true),
    metricsPortInUse: start({ METRICS_PORT: String(busyPort), DATA_DIR: folders.make('socialconnect-bad-start-') }),
    unreachableStore: start({ DATA_DIR: folders.make('socialconnect-bad-start-'), MEDIA_S3_URL: `http://127.0.0.1:${closedPort}`, MEDIA_S3_BUCKET: 'media', MEDIA_S3_ACCESS_KEY_ID: 'id', MEDIA_S3_SECRET_ACCESS_KEY: 'secret' }),
  };
  // Settled here, so a failure of one start is reported by its own test.
  await Promise.all(Object.values(starts));
}, 120_000);

describe('a server that cannot start says why in one line and exits 1', () => {
  it('a port in use: says which and how to choose another, before making the data folder', async () => {
    expect(await starts.portInUse).toEqual(refused(`PORT ${busyPort} is already in use on 127.0.0.1 (another SocialConnect server or another program). Stop it, or choose another port: PORT=${busyPort + 1} npm run server`));
    expect(existsSync(dataDirs.portInUse ?? '')).toBe(false);
  });

  it('a HOST that is not an address of this machine: names it and the addresses to use, before making the data folder', async () => {
    expect(await starts.foreignHost).toEqual(refused('HOST "192.0.2.1" is not an address of this machine, so nothing can listen on 192.0.2.1:0. Use one of this machine\'s own addresses: 127.0.0.1 (this machine only) or 0.0.0.0 (every network interface).'));
    expect(existsSync(dataDirs.foreignHost ?? '')).toBe(false);
  });

  it('a metrics port in use: names METRICS_PORT, not the public port', async () => {
    expect(await starts.metricsPortInUse).toEqual(refused(`METRICS_PORT ${busyPort} is already in use on 127.0.0.1 (another SocialConnect server or another program). Stop it, or choose another port: METRICS_PORT=${busyPort + 1} npm run server`));
  });

  it('an object store that cannot be reached: names the bucket and the setting, never a key', async () => {
    expect(await starts.unreachableStore).toEqual(refused(`The bucket media at http://127.0.0.1:${closedPort} could not be reached (ECONNREFUSED). Check MEDIA_S3_URL and that the store is running.`));
  });

  it('a wrong database password: names DATABASE_URL and the user, never the password', async () => {
    expect(await starts.wrongPassword).toEqual(refused(`DATABASE_URL: PostgreSQL at 127.0.0.1:${refusing.password} refused the password of user "socialconnect". Correct the user or the password in DATABASE_URL.`));
  });

  it('a database that does not exist: names it and how to create it', async () => {
    expect(await starts.noDatabase).toEqual(refused(`DATABASE_URL: there is no database "nowhere" at 127.0.0.1:${refusing.database}. Create it (createdb nowhere) or name an existing one in DATABASE_URL.`));
  });

  it('a port where no PostgreSQL listens: says nothing accepts connections there', async () => {
    expect(await starts.closedPort).toEqual(refused(`DATABASE_URL: nothing accepts connections at 127.0.0.1:${closedPort}. Start PostgreSQL there, or correct the host and port in DATABASE_URL.`));
  });

  it('an unknown database host: names the host', async () => {
    expect(await starts.unknownHost).toEqual(refused('DATABASE_URL: the host "db.invalid" is not known. Correct the host in DATABASE_URL.'));
  });

  it('a data folder it may not write: names DATA_DIR and what to do', async () => {
    expect(await starts.readOnlyDataDir).toEqual(refused(`DATA_DIR "${dataDirs.readOnly}" cannot be used (permission denied: ${dataDirs.readOnly}). Give the server's user write access to it, or choose another folder with DATA_DIR.`));
  });
});
