/**
 * Calls wait for the backend to be ready before they go out: with mocking on, for the stand-in's
 * worker to start. The app renders at once meanwhile, so the first screen never waits for it.
 */
let ready: Promise<unknown> = Promise.resolve();

/** A start kept for when it is needed (startBackendWhenNeeded), not yet begun. */
let pendingStart: (() => Promise<unknown>) | null = null;

/** From now on, calls go out once `until` settles (fulfilled or not: a failed start shows itself). */
export function waitForBackend(until: Promise<unknown>): void {
  pendingStart = null;
  ready = until.catch(() => undefined);
}

/**
 * The backend starts when it is first needed: the first call, or earlier when startBackend() is
 * called (main.tsx: a member focusing the form). A visitor who only looks at /login costs the page
 * no start-up.
 */
export function startBackendWhenNeeded(start: () => Promise<unknown>): void {
  pendingStart = start;
}

/** Begins a start kept for later, if there is one: a call is likely soon. */
export function startBackend(): void {
  const start = pendingStart;
  if (start) waitForBackend(start());
}

export function backendReady(): Promise<unknown> {
  startBackend();
  return ready;
}
