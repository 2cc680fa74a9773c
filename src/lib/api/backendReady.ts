/**
 * Calls wait for the backend to be ready before they go out: with mocking on, for the stand-in's
 * worker to start. The app renders at once meanwhile, so the first screen never waits for it.
 */

/** Why the backend could not start, or undefined once it is ready. */
export type BackendStart = Error | undefined;

let ready: Promise<BackendStart> = Promise.resolve(undefined);

/** A start kept for when it is needed (startBackendWhenNeeded), not yet begun. */
let pendingStart: (() => Promise<unknown>) | null = null;

function asError(reason: unknown): Error {
  return reason instanceof Error ? reason : new Error(String(reason));
}

/**
 * From now on, calls wait for `until`. Once it has settled they go out, or, if the backend could
 * not start, each is answered with that failure without going out (api.ts).
 */
export function waitForBackend(until: Promise<unknown>): void {
  pendingStart = null;
  ready = until.then(() => undefined, asError);
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

/** Resolves once the backend's start has settled: with why it failed, or undefined when it is ready. */
export function backendReady(): Promise<BackendStart> {
  startBackend();
  return ready;
}

/** How to bring back a backend whose answers stopped reaching the app; true once it answers again. */
let bringBack: (() => Promise<boolean>) | null = null;

/**
 * Names how to bring the backend back when a call's answer did not come from it (the stand-in's
 * worker, stopped by the browser, let a call through to the network, which has no such API).
 */
export function whenBackendLost(recover: (() => Promise<boolean>) | null): void {
  bringBack = recover;
}

/** Whether the backend was brought back, so that the call can go again; false when nothing can. */
export function backendBroughtBack(): Promise<boolean> {
  return bringBack ? bringBack() : Promise.resolve(false);
}
