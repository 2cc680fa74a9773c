/**
 * A signal that comes again this soon after the first is the same one, passed on: npm runs the
 * server as its child (`exec` in package.json makes the server that child) and passes on the SIGINT
 * or SIGTERM it gets, which a terminal's Ctrl-C or a service manager also sends this process itself.
 */
export const SAME_SIGNAL_MS = 1_000;

/**
 * How `npm run server` and `npm run cluster` end: the first SIGINT or SIGTERM runs `stop` and the
 * process leaves with 0 once it is done, or 1 naming why it failed; a later signal (not the same one
 * passed on) calls `again`.
 */
export function stopOnSignal(what: string, stop: (signal: NodeJS.Signals) => Promise<void>, again?: () => void): void {
  let stopping: { signal: NodeJS.Signals; at: number } | undefined;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (stopping) {
      if (signal === stopping.signal && performance.now() - stopping.at < SAME_SIGNAL_MS) return;
      again?.();
      return;
    }
    stopping = { signal, at: performance.now() };
    stop(signal).then(() => {
      console.log(`${what} stopped.`);
      process.exit(0);
    }, (error: unknown) => {
      console.error(`${what} did not stop cleanly:`, error instanceof Error ? error.message : error);
      process.exit(1);
    });
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}
