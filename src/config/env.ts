/**
 * Runtime view of the mock/real switch. webpack's DefinePlugin writes the values in at build time
 * (validated by scripts/settings.js); under jest they come from the environment.
 */
export interface AppEnv {
  /** Base of every API call: a path such as /api or an absolute URL. */
  apiBaseUrl: string;
  /** Whether the in-browser mock backend answers the calls. */
  apiMocking: boolean;
  /** Scenario chosen at build time (MOCK_SCENARIO), or empty for the URL/tab choice. */
  mockScenario: string;
}

export function readEnv(): AppEnv {
  const base = process.env.API_BASE_URL || '/api';
  const mocking = (process.env.API_MOCKING || 'on').toLowerCase();
  if (mocking !== 'on' && mocking !== 'off') {
    throw new Error(`API_MOCKING must be "on" or "off", not "${mocking}".`);
  }
  return {
    apiBaseUrl: base.replace(/\/+$/, ''),
    apiMocking: mocking === 'on',
    mockScenario: process.env.MOCK_SCENARIO || '',
  };
}

export const env: AppEnv = readEnv();

/**
 * The absolute base URL of the API. fetch under Node needs an absolute URL, so a relative base is
 * resolved against the page's origin.
 */
export function absoluteApiBase(base: string = env.apiBaseUrl): string {
  if (/^https?:\/\//i.test(base)) return base;
  const origin = typeof window !== 'undefined' ? window.location.origin : 'http://localhost';
  return `${origin}${base.startsWith('/') ? '' : '/'}${base}`;
}
