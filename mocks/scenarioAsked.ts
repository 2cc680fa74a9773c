/** Where a tab remembers the scenario QA chose, so that a reload keeps it. */
export const SCENARIO_SESSION_KEY = 'socialconnect.mock-scenario';

/** The scenario this tab remembers, if any (storage may be blocked). */
export function rememberedScenario(): string | null {
  try {
    return sessionStorage.getItem(SCENARIO_SESSION_KEY);
  } catch {
    return null;
  }
}

/**
 * Whether a scenario or faults are asked for: in the address (?scenario=, ?faults=), remembered by
 * the tab, or set at build time. QA then sees its badge (and a reset store) at once, not on the
 * first call.
 */
export function scenarioAskedFor(search: string, buildTime: string): boolean {
  const params = new URLSearchParams(search);
  return params.has('scenario') || params.has('faults') || Boolean(rememberedScenario()) || buildTime.trim() !== '';
}
