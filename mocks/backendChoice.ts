/**
 * The developers' switch: in a stand-in build (and `npm start`), a real server answers in the
 * stand-in's place, chosen at run time from QA's workbench or with `?backend=` in the address, with
 * no rebuild. The choice is kept for the tab (its reloads); `?backend=stand-in` goes back. The
 * stand-in keeps running meanwhile, its store untouched, for the way back.
 *
 * Small and free of the stand-in's code: the app's start reads it before the stand-in loads.
 */
import { keptForTab } from './scenarioAsked';

/** The address parameter: a real server's origin, or STAND_IN. */
export const BACKEND_PARAM = 'backend';
/** `?backend=stand-in`: the stand-in answers again. */
export const STAND_IN = 'stand-in';
/** Where a tab keeps the real server it uses. */
export const BACKEND_SESSION_KEY = 'socialconnect.backend';

/** A server address that cannot be used, with what would be accepted. */
export class BackendChoiceError extends Error {
  override name = 'BackendChoiceError';
}

/**
 * The origin of a real server as typed or linked: `http(s)://host[:port]`, with or without a trailing
 * `/` or `/api` (the API is always at /api). Throws a BackendChoiceError saying what does not hold.
 */
export function readServerOrigin(text: string): string {
  const typed = text.trim();
  const expected = 'an http:// or https:// address such as http://127.0.0.1:8080';
  if (typed === '') throw new BackendChoiceError(`The server's address is empty: give ${expected}.`);
  // A host and port alone, as often typed: the scheme is missing.
  if (/^[\w.-]+(:\d+)?\/?$/.test(typed)) throw new BackendChoiceError(`"${typed}" has no http:// or https://: did you mean http://${typed.replace(/\/$/, '')}?`);
  let url: URL;
  try {
    url = new URL(typed);
  } catch {
    throw new BackendChoiceError(`"${typed}" is not an address: give ${expected}.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new BackendChoiceError(`"${typed}" is not http or https: give ${expected}.`);
  if (url.username || url.password || url.search || url.hash || !/^\/(api\/?)?$/.test(url.pathname)) {
    throw new BackendChoiceError(`"${typed}" has more than a server's address (a path, a query or a login): give ${expected}.`);
  }
  return url.origin;
}

/** What the address and the tab ask for: a real server's origin, or null for the stand-in. */
export interface BackendAsked {
  realServer: string | null;
  /** Why the address's `?backend=` was not followed (the tab's choice, or the stand-in, stays). */
  refusal?: string;
}

/**
 * The backend this tab uses: the address's `?backend=` (kept for the tab from then on), else the
 * tab's own choice, else the stand-in. An address that does not hold is refused, and said.
 */
export function backendAskedFor(search: string): BackendAsked {
  const kept = keptForTab(BACKEND_SESSION_KEY);
  const asked = new URLSearchParams(search).get(BACKEND_PARAM);
  if (asked === null) return { realServer: kept.read() };
  if (asked === STAND_IN) {
    kept.write(null);
    return { realServer: null };
  }
  try {
    const origin = readServerOrigin(asked);
    kept.write(origin);
    return { realServer: origin };
  } catch (error) {
    return { realServer: kept.read(), refusal: `?${BACKEND_PARAM}= was not followed. ${(error as Error).message}` };
  }
}

/** Keeps the tab's choice (null: the stand-in). */
export function keepBackendForTab(realServer: string | null): void {
  keptForTab(BACKEND_SESSION_KEY).write(realServer);
}

/**
 * Whether the real server at `origin` answers this page: its health, read across origins. Throws a
 * BackendChoiceError saying why not: not running, or not accepting this page's origin (DEV_ORIGINS).
 */
export async function checkRealServer(origin: string, pageOrigin: string, fetchImpl: typeof fetch = fetch): Promise<{ extensions: string[] }> {
  let response: Response;
  try {
    response = await fetchImpl(`${origin}/api/health`, { cache: 'no-store', signal: AbortSignal.timeout(8_000) });
  } catch {
    throw new BackendChoiceError(`${origin} did not answer from this page. Is the server running there, and does it accept this page's origin? Start it with DEV_ORIGINS=${pageOrigin}.`);
  }
  if (!response.ok) throw new BackendChoiceError(`${origin}/api/health answered ${response.status}: the server is not ready (or is not SocialConnect's).`);
  const body = await response.json().catch(() => undefined) as { extensions?: unknown } | undefined;
  const extensions = Array.isArray(body?.extensions) ? body.extensions.filter((name): name is string => typeof name === 'string') : [];
  return { extensions };
}
