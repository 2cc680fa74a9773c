import { absoluteApiBase } from '../config/env';
import { TIMINGS } from '../config/timings';

/** Whether `url` is answered, by anything but a server error. */
async function answered(url: string, signal: AbortSignal): Promise<boolean> {
  try {
    const response = await fetch(url, { cache: 'no-store', signal });
    return response.status < 500;
  } catch {
    return false;
  }
}

/** Whether the API answers its health check now (within the server check's time), by anything but a server error. */
export async function backendAnswers(signal?: AbortSignal): Promise<boolean> {
  const check = new AbortController();
  const stop = () => check.abort();
  const timer = setTimeout(stop, TIMINGS.serverCheckMs);
  signal?.addEventListener('abort', stop);
  try {
    return await answered(`${absoluteApiBase()}/health`, check.signal);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', stop);
  }
}

/**
 * Whether the page at `href` would load now: the server sends it and the API answers its health
 * check. Loading it while either is down would leave the member on the browser's own error page, or
 * back on the app's.
 */
export async function pageWouldLoad(href: string): Promise<boolean> {
  const signal = AbortSignal.timeout(TIMINGS.serverCheckMs);
  const checks = [answered(new URL(href, window.location.href).href, signal), answered(`${absoluteApiBase()}/health`, signal)];
  return (await Promise.all(checks)).every(Boolean);
}

/** Loads `href` as a new document: the app starts afresh, with the code the server has now. */
export function loadPage(href: string): void {
  window.location.assign(href);
}
