/**
 * `node build/server/server/main.js`: reads the settings, starts the server, and shuts it down
 * cleanly on SIGINT or SIGTERM: /api/health answers 503 for DRAIN_SECONDS so balancers stop
 * sending, then it stops accepting, closes idle connections, finishes the calls in flight and exits
 * 0 (within 10 s of the drain's end). A second signal ends the drain at once. A bad setting, an
 * address it cannot listen on, a database it cannot reach or a data folder it cannot write stops it
 * with one line naming the setting and what to do, not a stack trace.
 */
import { ConfigError, readConfig } from './config';
import { DataDirLockedError } from './dataDirLock';
import { stopOnSignal } from './signals';
import { startServer, type RunningServer } from './start';
import { StartError } from './startErrors';

/** The longest a shut-down may take before the process leaves anyway. */
const SHUTDOWN_LIMIT_MS = 10_000;

async function main(): Promise<void> {
  const config = readConfig();
  const started = startServer(config, { logger: { level: config.logLevel } });
  // Heard from before the start: a Ctrl-C that comes as the line saying where it listens is printed
  // (or while the store opens) waits for the start to finish, then drains, rather than ending the
  // process at once by the signal's default.
  let drain: ReturnType<RunningServer['drain']> | undefined;
  stopOnSignal('SocialConnect server', async (signal) => {
    const server = await started;
    console.log(`${signal}: /api/health answers 503 for ${config.drainMs / 1000} s so load balancers stop sending; then finishing requests in flight, then closing the database.`);
    const limitMs = config.drainMs + SHUTDOWN_LIMIT_MS;
    const limit = setTimeout(() => {
      console.error(`The shut-down took longer than ${limitMs / 1000} s; leaving now.`);
      process.exit(1);
    }, limitMs);
    limit.unref();
    drain = server.drain(config.drainMs);
    await drain.done;
    await server.close();
  }, () => drain?.skip());

  const server = await started;
  console.log(server.summary);
  for (const warning of server.warnings) console.warn(warning);
}

main().catch((error: unknown) => {
  // A setting to correct is one line naming it (server/startErrors.ts); anything else is a fault, printed whole.
  if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof StartError) {
    console.error(`SocialConnect server: ${error.message}`);
  } else {
    console.error('SocialConnect server could not start:', error);
  }
  process.exit(1);
});
