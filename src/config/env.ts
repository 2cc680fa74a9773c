/**
 * The build's settings the app reads (main.tsx reads API_MOCKING itself, so that webpack can drop the
 * mock code). webpack's DefinePlugin writes them in at build time, once scripts/settings.js has checked
 * them; under jest they come from the environment.
 */
export const env = {
  /** Base of every API call: a path such as /api or an absolute URL. */
  apiBaseUrl: (process.env.API_BASE_URL || '/api').replace(/\/+$/, ''),
  /** Scenario chosen at build time (MOCK_SCENARIO), or empty for the URL/tab choice. */
  mockScenario: process.env.MOCK_SCENARIO || '',
  /**
   * What the app keeps of what a member has seen, for when the network is gone (OFFLINE_KEPT_PAGES,
   * OFFLINE_KEPT_MB): the most answers (0: none) and their most bytes, which the build writes in as
   * OFFLINE_KEPT_BYTES from the megabytes scripts/settings.js checked.
   */
  offlineKept: { pages: Number(process.env.OFFLINE_KEPT_PAGES || 80), bytes: Number(process.env.OFFLINE_KEPT_BYTES || 4_000_000) },
};

/**
 * Whether the stand-in answers the calls (API_MOCKING is not off): its network is always the demo
 * network. Read where it is asked: webpack writes the build's value in (the app and the pages built
 * ahead alike); under jest it is the environment's, unset meaning the stand-in the tests run on.
 */
export function standInBuild(): boolean {
  return process.env.API_MOCKING !== 'off';
}

/**
 * A real server chosen at run time in a stand-in build (QA's workbench, or `?backend=`): its origin
 * (http://127.0.0.1:8080), whose /api answers in the stand-in's place; undefined for the build's backend.
 */
let realServerOrigin: string | undefined;

/** Points the app's calls at the real server at `origin` (undefined: back to the build's backend). */
export function chooseRealServer(origin: string | undefined): void {
  realServerOrigin = origin;
}

/** The real server chosen at run time, if one is. */
export function chosenRealServer(): string | undefined {
  return realServerOrigin;
}

/** Base of every API call now: the real server chosen at run time, else the build's. */
export function apiBase(): string {
  return realServerOrigin ? `${realServerOrigin}/api` : env.apiBaseUrl;
}

/**
 * The absolute base URL of the API. fetch under Node needs an absolute URL, so a relative base is
 * resolved against the page's origin.
 */
export function absoluteApiBase(base: string = apiBase()): string {
  if (/^https?:\/\//i.test(base)) return base;
  const origin = typeof window !== 'undefined' ? window.location.origin : 'http://localhost';
  return `${origin}${base.startsWith('/') ? '' : '/'}${base}`;
}

/**
 * Where a file the backend stored is (an uploaded image, /media/...): on the backend's origin. That is
 * the page's own unless the API is elsewhere. Anything else (the app's own /images, a full URL, data:)
 * is as given.
 */
export function backendFileUrl(src: string): string {
  const base = apiBase();
  if (!/^https?:\/\//i.test(base) || !src.startsWith('/media/')) return src;
  return new URL(src, base).toString();
}
