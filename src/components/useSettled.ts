import { useEffect, useState } from 'react';

/**
 * `value` once it has stayed the same for `delayMs`: what a member typed, once they pause. The first
 * value is settled at once; each change starts the wait again.
 */
export function useSettled<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (Object.is(value, settled)) return undefined;
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, settled, delayMs]);
  return settled;
}
