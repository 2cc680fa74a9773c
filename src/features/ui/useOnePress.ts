import { useCallback, useRef } from 'react';

/**
 * One press at a time for a button whose press sends a call: a press while the last one is still
 * out is let go, and the next is taken as soon as the last has settled. Judged by the press itself,
 * not by the last render: a toast that says the call is done may reach the screen before the button
 * re-renders, and a press made on seeing it must not be lost.
 */
export function useOnePress(): (press: () => Promise<void>) => Promise<void> {
  const out = useRef(false);
  return useCallback(async (press) => {
    if (out.current) return;
    out.current = true;
    try {
      await press();
    } finally {
      out.current = false;
    }
  }, []);
}
