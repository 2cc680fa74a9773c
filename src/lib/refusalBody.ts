/**
 * A refusal's body, as both backends send it ({ errors: [message], code, retryAfter }) and RTK Query
 * wraps it ({ status, data }): the few readers the first pages need (a login refused, say), apart
 * from the rest of the app's failure handling (./apiError.ts), so /login carries them alone.
 */

/** What a failure says when the backend gave no words of its own. */
export const FALLBACK_MESSAGE = 'Something went wrong. Please try again.';

export function hasStatus(error: unknown): error is { status: unknown; data?: unknown } {
  return typeof error === 'object' && error !== null && 'status' in error;
}

/** What a refusal's body says, as the backends send it ({ errors: [message], code }); empty for anything else. */
export function refusalBody(error: unknown): { errors?: unknown; code?: unknown; retryAfter?: unknown } {
  const data = hasStatus(error) ? error.data : undefined;
  return data && typeof data === 'object' ? data : {};
}

/** The backend's first error message, or a plain-language fallback. Never an object dump. */
export function errorMessage(error: unknown, fallback: string = FALLBACK_MESSAGE): string {
  const { errors } = refusalBody(error);
  return Array.isArray(errors) && typeof errors[0] === 'string' && errors[0].trim() !== '' ? errors[0] : fallback;
}

/** The HTTP status of a refusal (4xx), or undefined for anything else (a network failure, a 5xx). */
export function refusalStatus(error: unknown): number | undefined {
  if (!hasStatus(error) || typeof error.status !== 'number') return undefined;
  return error.status >= 400 && error.status < 500 ? error.status : undefined;
}

/** A 429's wait in seconds, as its Retry-After said it (withRetryAfter keeps it with the refusal). */
export function retryAfterOf(error: unknown): number | undefined {
  const { retryAfter } = refusalBody(error);
  return typeof retryAfter === 'number' ? retryAfter : undefined;
}

/** The refusal's machine-readable code (contract/messages.ts), when the backend sends one. */
export function errorCode(error: unknown): string | undefined {
  const { code } = refusalBody(error);
  return typeof code === 'string' && code !== '' ? code : undefined;
}
