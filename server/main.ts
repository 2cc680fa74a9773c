/**
 * `node build/server/server/main.js`: reads the settings, starts the server, and shuts it down
 * cleanly on SIGINT or SIGTERM (exit 0 within 10 s). A bad setting stops it with one line naming
 * the setting, not a stack trace.
 */
import { ConfigError, readConfig } from './config';
import { DataDirLockedError } from './dataDirLock';
import { startServer } from './start';

/** The longest a shut-down may take before the process leaves anyway. */
const SHUTDOWN_LIMIT_MS = 10_000;

async function main(): Promise<void> {
  const config = readConfig();
  const server = await startServer(config, { logger: { level: config.logLevel } });
  console.log(server.summary);

  const stop = (signal: NodeJS.Signals): void => {
    console.log(`${signal}: finishing requests in flight, then closing the database.`);
    const limit = setTimeout(() => {
      console.error(`The shut-down took longer than ${SHUTDOWN_LIMIT_MS / 1000} s; leaving now.`);
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS);
    limit.unref();
    server.close().then(() => {
      console.log('SocialConnect server stopped.');
      process.exit(0);
    }, (error: unknown) => {
      console.error('The shut-down failed:', error instanceof Error ? error.message : error);
      process.exit(1);
    });
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(`SocialConnect server: ${error.message}`);
  } else if (error instanceof Error && 'code' in error && error.code === 'EADDRINUSE') {
    console.error(`SocialConnect server: the port is already in use. Stop what uses it, or choose another port: PORT=8081 npm run server`);
  } else {
    console.error('SocialConnect server could not start:', error);
  }
  process.exit(1);
});
