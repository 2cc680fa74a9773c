import { useCallback, useState } from 'react';
import { v4 as uuidv4 } from 'uuid';
import { ERROR_CODES } from '../../contract/messages';
import { errorCode } from './apiError';

/** A new Idempotency-Key: one per draft, so the draft sent again is stored once. */
export function newIdempotencyKey(): string {
  return uuidv4();
}

/** The header a create carries its draft's key in. */
export function idempotencyHeaders(key: string | undefined): Record<string, string> {
  return key ? { 'Idempotency-Key': key } : {};
}

/**
 * Whether a failed create calls for a new key: after a success the next draft is a new one; after
 * the backend said the key already stands for other content (an earlier version of the draft that
 * may have been saved), the draft as it is now is sent as a call of its own. Any other failure keeps
 * the key: a resend is then stored once, whether or not the first was.
 */
export function keyIsSpent(error: unknown): boolean {
  return errorCode(error) === ERROR_CODES.idempotencyKeyReused;
}

/** A form's key for its current draft, and a way to start the next draft's. */
export function useIdempotencyKey(): [string, () => void] {
  const [key, setKey] = useState(newIdempotencyKey);
  const renew = useCallback(() => setKey(newIdempotencyKey()), []);
  return [key, renew];
}
