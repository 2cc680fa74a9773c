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
 * The absolute base URL of the API. fetch under Node needs an absolute URL, so a relative base is
 * resolved against the page's origin.
 */
export function absoluteApiBase(base: string = env.apiBaseUrl): string {
  if (/^https?:\/\//i.test(base)) return base;
  const origin = typeof window !== 'undefined' ? window.location.origin : 'http://localhost';
  return `${origin}${base.startsWith('/') ? '' : '/'}${base}`;
}
