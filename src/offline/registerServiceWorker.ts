/**
 * Builds for a real server keep the app in a service worker (serviceWorker.ts, served as /sw.js),
 * registered once the page has loaded so that it never competes with the first paint. Builds with
 * the stand-in have the stand-in's own worker on the same scope, and register none of this.
 */
export const SERVICE_WORKER_URL = '/sw.js';

export function registerServiceWorker(container: Pick<ServiceWorkerContainer, 'register'> | undefined = navigator.serviceWorker): void {
  if (!container) return;
  const register = () => {
    container.register(SERVICE_WORKER_URL, { scope: '/' }).catch(() => undefined);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
