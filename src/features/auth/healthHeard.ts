import { absoluteApiBase } from '../../config/env';
import type { HealthResponse } from '../../types/api';

/** How long a health answer read by /login or /signup stands in for asking again as the member logs in. */
export const HEALTH_HEARD_FOR_MS = 60_000;

let heard: { base: string; answer: HealthResponse; at: number } | undefined;

/** What a plain GET of the API answers as JSON; undefined when it does not answer 200. */
export async function readApiJson<T>(path: string, signal: AbortSignal): Promise<Partial<T> | undefined> {
  const answer = await fetch(`${absoluteApiBase()}${path}`, { headers: { accept: 'application/json' }, signal });
  return answer.ok ? ((await answer.json()) as Partial<T> | null) ?? undefined : undefined;
}

/**
 * The backend's GET /health, read with a plain fetch (/login and /signup paint before the API's code
 * loads); undefined when it does not answer 200 with an object. A good answer is kept a minute, for
 * the login or signup that usually follows: the app then takes it in rather than asking again.
 * Another read meanwhile replaces it; while that is on its way, or when it is not good, nothing is kept.
 */
export async function readHealth(signal: AbortSignal): Promise<Partial<HealthResponse> | undefined> {
  const base = absoluteApiBase();
  // What stands is the last answer read: while one is on its way, or when it is not good, the next call asks.
  heard = undefined;
  const body = await readApiJson<HealthResponse>('/health', signal);
  if (typeof body !== 'object') return undefined;
  if (typeof body.status === 'string') heard = { base, answer: body as HealthResponse, at: Date.now() };
  return body;
}

/** The health answer read in the last minute from the backend the app now calls, if any. */
export function recentHealth(now = Date.now()): HealthResponse | undefined {
  if (!heard || heard.base !== absoluteApiBase() || now - heard.at > HEALTH_HEARD_FOR_MS) return undefined;
  return heard.answer;
}

/** Forgets the answer read (it lives as long as the page: a test's page ends with its test). */
export function forgetHealthRead(): void {
  heard = undefined;
}
