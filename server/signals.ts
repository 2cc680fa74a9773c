/**
 * How `npm run server` and `npm run cluster` end: the first SIGINT or SIGTERM runs `stop` and the
 * process leaves with 0 once it is done, or 1 naming why it failed; a later signal calls `again`.
 */
export function stopOnSignal(what: string, stop: (signal: NodeJS.Signals) => Promise<void>, again?: () => void): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (stopping) {
      again?.();
      return;
    }
    stopping = true;
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
