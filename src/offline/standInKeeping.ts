/**
 * What a page of a build with the stand-in tells its service worker (standInServiceWorker.ts): the
 * scripts and styles it loaded, from its start (before the worker was in charge) on, for the worker
 * to keep with the pages, so that the demo opens with the network gone where it was used.
 */
export const KEEP_LOADED = 'socialconnect/keep-loaded';

export interface KeepLoaded {
  type: typeof KEEP_LOADED;
  /** Absolute URLs of scripts and styles the page loaded. */
  urls: string[];
}

/** How the page loaded a file the worker keeps: a script (lazy chunks too) or a stylesheet. */
const KEPT_KINDS = new Set(['script', 'link', 'css']);

/**
 * Names to `worker` every script and stylesheet the page has loaded and loads from now on. Nothing
 * where there is no worker in charge or no resource timing.
 */
export function keepWhatLoads(worker: Pick<ServiceWorker, 'postMessage'> | null | undefined = navigator.serviceWorker?.controller): void {
  if (!worker || typeof PerformanceObserver === 'undefined') return;
  new PerformanceObserver((list) => {
    const urls = list.getEntries()
      .filter((entry) => KEPT_KINDS.has((entry as PerformanceResourceTiming).initiatorType))
      .map((entry) => entry.name);
    if (urls.length > 0) worker.postMessage({ type: KEEP_LOADED, urls } satisfies KeepLoaded);
  }).observe({ type: 'resource', buffered: true });
}
