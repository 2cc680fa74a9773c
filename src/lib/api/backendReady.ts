/**
 * Calls wait for the backend to be ready before they go out: with mocking on, for the stand-in's
 * worker to start. The app renders at once meanwhile, so the first screen never waits for it.
 */
let ready: Promise<unknown> = Promise.resolve();

/** From now on, calls go out once `until` settles (fulfilled or not: a failed start shows itself). */
export function waitForBackend(until: Promise<unknown>): void {
  ready = until.catch(() => undefined);
}

export function backendReady(): Promise<unknown> {
  return ready;
}
