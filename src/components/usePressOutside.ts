import { useEffect, useRef, type RefObject } from 'react';

/**
 * While `active`, calls `onOutside` when the member presses (mouse, touch or pen) anywhere outside
 * the given elements: how menus and panels close on a click or tap elsewhere.
 */
export function usePressOutside(active: boolean, inside: ReadonlyArray<RefObject<HTMLElement | null>>, onOutside: () => void): void {
  const latest = useRef({ inside, onOutside });
  useEffect(() => {
    latest.current = { inside, onOutside };
  });
  useEffect(() => {
    if (!active) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!latest.current.inside.some((ref) => ref.current?.contains(target))) latest.current.onOutside();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [active]);
}
