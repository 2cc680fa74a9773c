import { useSyncExternalStore } from 'react';

/** Phones get the bottom navigation instead of the side navigation (kept in step with the CSS). */
export const PHONE_QUERY = '(max-width: 768px)';

function query(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(PHONE_QUERY) : null;
}

function subscribe(onChange: () => void): () => void {
  const list = query();
  if (!list) return () => undefined;
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

const isPhoneNow = (): boolean => query()?.matches ?? false;

/** Whether the viewport is phone-sized now; follows resizes and rotations. */
export function useIsPhone(): boolean {
  return useSyncExternalStore(subscribe, isPhoneNow, () => false);
}
