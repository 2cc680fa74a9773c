import { keptLocation, paths } from '../../config/paths';

/** Screens a member is never sent back to after logging in. */
const NOT_A_DESTINATION: readonly string[] = [paths.login.pattern, paths.signup.pattern];

/**
 * Where to go after logging in: the location the guard (or the end of the session) kept in
 * `state.from`, with its search and hash, or home.
 */
export function redirectTargetFrom(state: unknown): string {
  const kept = keptLocation(state);
  return kept === null || NOT_A_DESTINATION.includes(kept.pathname) ? paths.home.href() : kept.href;
}
