/**
 * Reading the backend's refusals. Every refusal has the shape { errors: [message] }; RTK Query wraps
 * it as { status, data }. Network failures come as { status: 'FETCH_ERROR' }.
 */
export type ApiFailureKind = 'network' | 'server' | 'unauthorized' | 'client';

export interface ApiFailure {
  kind: ApiFailureKind;
  status: number | string;
  message: string;
}

const FALLBACK_MESSAGE = 'Something went wrong. Please try again.';

function hasStatus(error: unknown): error is { status: unknown; data?: unknown } {
  return typeof error === 'object' && error !== null && 'status' in error;
}

/** The backend's first error message, or a plain-language fallback. Never an object dump. */
export function errorMessage(error: unknown, fallback: string = FALLBACK_MESSAGE): string {
  if (hasStatus(error)) {
    const data = error.data;
    if (data && typeof data === 'object' && 'errors' in data) {
      const errors = (data as { errors: unknown }).errors;
      if (Array.isArray(errors) && typeof errors[0] === 'string' && errors[0].trim() !== '') return errors[0];
    }
  }
  return fallback;
}

/** Message the backend sends when a token names a member it does not know. */
export const UNKNOWN_MEMBER_MESSAGE_START = 'The username you entered is not Registered';

/**
 * Message the backend sends for a wrong password. On an authenticated call (a profile edit with a
 * wrong current password) it refuses the input, not the session.
 */
export const WRONG_CREDENTIALS_MESSAGE_START = 'The credentials you entered are invalid';

/** Sorts a failed call into what the app does about it (design card: errors). */
export function classifyFailure(error: unknown, sentToken: boolean): ApiFailure {
  if (!hasStatus(error)) return { kind: 'network', status: 'UNKNOWN', message: FALLBACK_MESSAGE };
  const { status } = error;
  const message = errorMessage(error);
  if (typeof status !== 'number') {
    // FETCH_ERROR, TIMEOUT_ERROR, PARSING_ERROR, CUSTOM_ERROR
    return { kind: status === 'PARSING_ERROR' ? 'server' : 'network', status: String(status), message };
  }
  if (status >= 500) return { kind: 'server', status, message };
  if (status === 401 && message.startsWith(WRONG_CREDENTIALS_MESSAGE_START)) return { kind: 'client', status, message };
  if (sentToken && (status === 401 || (status === 404 && message.startsWith(UNKNOWN_MEMBER_MESSAGE_START)))) {
    return { kind: 'unauthorized', status, message };
  }
  return { kind: 'client', status, message };
}
