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
import { stopOnSignal } from './signals';
import { checkListen, StartError } from './startErrors';
import { resolveJwtSecret } from './tokens';

async function main(): Promise<void> {
  const settings = readClusterSettings();
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
  });

  const cluster = await started;
  console.log([
    `SocialConnect cluster listening on ${cluster.url} (HAProxy, ${haproxyBin})`,
    `  ${cluster.servers.length} server processes: ${cluster.servers.map((server) => `${server.name} ${server.url}`).join(', ')}`,
    `  store: ${describeStore({ databaseUrl: settings.DATABASE_URL, dataDir: settings.DATA_DIR })}`,
  ].join('\n'));

  // HAProxy that keeps dying is not started again forever: a service manager sees the cluster fail.
  void cluster.failed.then(async (error) => {
    console.error(`SocialConnect cluster: ${error.message}`);
    await cluster.close();
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
