/**
 * `npm run cluster`: CLUSTER_PROCESSES server processes (build/server/server/main.js) on one
 * DATABASE_URL, and HAProxy in front of them on HOST:PORT (server/cluster.ts). Every other setting
 * is the server's, given to every process. SIGINT or SIGTERM drains the processes together while
 * HAProxy keeps sending them calls, then HAProxy stops accepting and the processes finish. HAProxy
 * that dies is started again, and the cluster exits 1 when it keeps dying.
 */
import { join } from 'node:path';
import { ConfigError, readClusterSettings } from './settings';
import { findHaproxy, freePort, HAPROXY_INSTALL_HINT, startServerCluster } from './cluster';
import { describeStore, readConfig } from './config';
import { postgresBin, startLocalReplicas, type LocalReplicas } from './localReplicas';
import { stopOnSignal } from './signals';
import { checkListen, StartError } from './startErrors';
import { resolveJwtSecret } from './tokens';

/** `--replicas N` on the command line: how many local streaming replicas to start (0: none). */
function replicasAsked(argv: readonly string[]): number {
  const at = argv.findIndex((arg) => arg === '--replicas' || arg.startsWith('--replicas='));
  if (at === -1) return 0;
  const arg = argv[at] ?? '';
  const text = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[at + 1];
  if (text === undefined || !/^\d+$/.test(text) || Number(text) > 8) throw new ConfigError(`--replicas takes a number of read replicas from 0 to 8 (npm run cluster -- --replicas 2); it was given ${text === undefined ? 'none' : `"${text}"`}.`);
  return Number(text);
}

async function main(): Promise<void> {
  const settings = readClusterSettings();
  const replicaCount = replicasAsked(process.argv.slice(2));
  if (!settings.DATABASE_URL) {
    throw new ConfigError('npm run cluster needs DATABASE_URL: its processes share one PostgreSQL (the embedded PGlite serves one process).');
  }
  const haproxyBin = findHaproxy(settings.HAPROXY_BIN);
  if (!haproxyBin) {
    throw new ConfigError(settings.HAPROXY_BIN ? `HAPROXY_BIN "${settings.HAPROXY_BIN}" is not valid: there is no such file. ${HAPROXY_INSTALL_HINT}` : HAPROXY_INSTALL_HINT);
  }
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) if (value !== undefined) env[name] = value;
  // One secret for every process (in development, the one kept in DATA_DIR, made here once, before
  // the processes start together and could each make their own).
  env.JWT_SECRET = resolveJwtSecret(readConfig());
  // Streaming replicas of DATABASE_URL on this machine (pg_basebackup -R), for every process's reads.
  let replicas: LocalReplicas | undefined;
  if (replicaCount > 0) {
    if (settings.DATABASE_REPLICA_URLS) throw new ConfigError('--replicas starts replicas of its own, and DATABASE_REPLICA_URLS names others: give one or the other.');
    const binDir = postgresBin();
    if (!binDir) throw new ConfigError('--replicas needs PostgreSQL\'s pg_basebackup and pg_ctl: install PostgreSQL (sudo apt-get install -y postgresql), or set PG_BIN to the folder that holds them.');
    replicas = await startLocalReplicas(settings.DATABASE_URL, replicaCount, binDir);
    env.DATABASE_REPLICA_URLS = replicas.urls.join(',');
    const started = replicas;
    process.once('exit', () => started.stop());
  }
  const port = settings.PORT === 0 ? await freePort(settings.HOST) : settings.PORT;
  // HAProxy's address first: a port in use or a HOST not on this machine is said before any process starts.
  await checkListen(settings.HOST, port, 'npm run cluster');
  const started = startServerCluster({
    command: process.execPath,
    args: [join(__dirname, 'main.js')],
    env,
    processes: settings.CLUSTER_PROCESSES,
    host: settings.HOST,
    port,
    proxiesInFront: settings.TRUST_PROXY === false ? 0 : settings.TRUST_PROXY,
    haproxyBin,
    drainMs: settings.DRAIN_SECONDS * 1_000,
    onOutput: (name, line) => console.log(name === 'haproxy' || name === 'cluster' ? `${name}: ${line}` : line),
  });
  // Heard from before the start: a Ctrl-C while the processes start (or as the line saying where
  // the cluster listens is printed) waits for the start to finish, then drains them all, rather than
  // ending this process at once and leaving them running.
  stopOnSignal('SocialConnect cluster', async (signal) => {
    const cluster = await started;
    console.log(`${signal}: the server processes drain for ${settings.DRAIN_SECONDS} s while HAProxy goes on sending them calls; then HAProxy stops accepting, and the processes finish what they hold.`);
    await cluster.close();
    replicas?.stop();
  });

  const cluster = await started;
  console.log([
    `SocialConnect cluster listening on ${cluster.url} (HAProxy, ${haproxyBin})`,
    `  ${cluster.servers.length} server processes: ${cluster.servers.map((server) => `${server.name} ${server.url}`).join(', ')}`,
    `  store: ${describeStore({ databaseUrl: settings.DATABASE_URL, dataDir: settings.DATA_DIR })}`,
    ...(replicas ? [`  read replicas (pg_basebackup -R, stopped with the cluster): ${replicas.urls.map((url) => new URL(url).host).join(', ')}`] : []),
  ].join('\n'));

  // HAProxy that keeps dying is not started again forever: a service manager sees the cluster fail.
  void cluster.failed.then(async (error) => {
    console.error(`SocialConnect cluster: ${error.message}`);
    await cluster.close();
    replicas?.stop();
    process.exit(1);
  });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof StartError) {
    console.error(`SocialConnect cluster: ${error.message}`);
  } else {
    console.error('SocialConnect cluster could not start:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
