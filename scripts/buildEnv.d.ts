export interface BuildEnv {
  /** Where the build goes, relative to the repository: dist, or build/app for the server. */
  buildDir: string;
  apiBaseUrl: string;
  apiMocking: 'on' | 'off';
  apiProxy: string | undefined;
  mockScenario: string;
}

export function readBuildEnv(env?: Record<string, string | undefined>): BuildEnv;
