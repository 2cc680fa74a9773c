import { paths } from '../../config/paths';

/** Screens a member is never sent back to after logging in. */
const NOT_A_DESTINATION: readonly string[] = [paths.login.pattern, paths.signup.pattern];

/**
 * Where to go after logging in: the location the guard kept in `state.from` (pathname, search and
 * hash), or home. Anything that is not an in-app path is ignored.
 */
export function redirectTargetFrom(state: unknown): string {
  const home = paths.home.href();
  if (!state || typeof state !== 'object' || !('from' in state)) return home;
  const from = (state as { from: unknown }).from;
  if (!from || typeof from !== 'object') return home;
  const { pathname, search, hash } = from as { pathname?: unknown; search?: unknown; hash?: unknown };
  if (typeof pathname !== 'string' || !pathname.startsWith('/') || pathname.startsWith('//')) return home;
  if (NOT_A_DESTINATION.includes(pathname)) return home;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return `${pathname}${text(search)}${text(hash)}`;
}
