/**
 * What a tab keeps for QA (sessionStorage: the tab and its reloads, not the other tabs), and whether
 * QA asked for anything. Small, so that the app's start can read it before the stand-in loads.
 */

/** A value kept for the tab; where storage is blocked, nothing is kept and it lasts for the page only. */
export interface KeptForTab {
  read(): string | null;
  /** null forgets it. */
  write(value: string | null): void;
}

export function keptForTab(key: string): KeptForTab {
  return {
    read() {
      try {
        return sessionStorage.getItem(key);
      } catch {
        return null;
      }
    },
    write(value) {
      try {
        if (value === null) sessionStorage.removeItem(key);
        else sessionStorage.setItem(key, value);
      } catch {
        // Storage blocked: it lasts for this page only.
      }
    },
  };
}

/** Where a tab remembers the scenario QA chose, so that a reload keeps it. */
export const SCENARIO_SESSION_KEY = 'socialconnect.mock-scenario';

/** The scenario this tab remembers, if any. */
export function rememberedScenario(): string | null {
  return keptForTab(SCENARIO_SESSION_KEY).read();
}

/**
 * Whether a scenario, faults, a clock or a scenario file are asked for: in the address (?scenario=,
 * ?faults=, ?clock=, ?scenarioFile=), remembered by the tab, or set at build time. QA then sees its badge (and a reset store)
 * at once, not on the first call.
 */
export function scenarioAskedFor(search: string, buildTime: string): boolean {
  const params = new URLSearchParams(search);
  return ['scenario', 'faults', 'clock', 'scenarioFile'].some((name) => params.has(name)) || Boolean(rememberedScenario()) || buildTime.trim() !== '';
}
