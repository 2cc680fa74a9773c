import { absoluteApiBase } from '../../config/env';
import type { HealthResponse } from '../../types/api';

/** How long a health answer read by /login or /signup stands in for asking again as the member logs in. */
export const HEALTH_HEARD_FOR_MS = 60_000;

let heard: { base: string; answer: HealthResponse; at: number } | undefined;

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
  const answer = await fetch(`${base}/health`, { headers: { accept: 'application/json' }, signal });
  if (!answer.ok) return undefined;
  const body = (await answer.json()) as Partial<HealthResponse> | null;
  if (typeof body !== 'object' || body === null) return undefined;
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
