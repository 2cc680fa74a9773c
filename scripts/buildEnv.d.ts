export interface BuildEnv {
  /** Where the build goes, relative to the repository: dist, or build/app for the server. */
  buildDir: string;
  apiBaseUrl: string;
  apiMocking: 'on' | 'off';
  apiProxy: string | undefined;
  mockScenario: string;
}

export function readBuildEnv(env?: Record<string, string | undefined>): BuildEnv;

/** readBuildEnv, or the process ends with the setting's message (exit code 1, no stack trace). */
export function readBuildEnvOrExit(env?: Record<string, string | undefined>): BuildEnv;

/** The stand-in's scenario names, as the build accepts them in MOCK_SCENARIO. */
export const SCENARIO_NAMES: readonly string[];
