import { useCallback, useSyncExternalStore } from 'react';

function mediaList(query: string): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(query) : null;
}

/** Whether a CSS media query matches now; follows resizes and rotations. False where there is no matchMedia. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = mediaList(query);
      if (!list) return () => undefined;
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => mediaList(query)?.matches ?? false, () => false);
}

/** Phones get the bottom navigation instead of the side navigation (kept in step with the CSS). */
export const PHONE_QUERY = '(max-width: 768px)';

/** Below this width the side panel has no room; its 'Who to follow?' list moves into Explore. */
export const NO_SIDE_PANEL_QUERY = '(max-width: 899px)';

/** Touch screens: no pointer that can rest over something. */
export const NO_HOVER_QUERY = '(hover: none)';
