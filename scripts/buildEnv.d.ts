export interface BuildEnv {
  apiBaseUrl: string;
  apiMocking: 'on' | 'off';
  apiProxy: string | undefined;
  mockScenario: string;
}

export function readBuildEnv(env?: Record<string, string | undefined>): BuildEnv;
