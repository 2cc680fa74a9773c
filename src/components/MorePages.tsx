import { useCallback, useEffect, useRef, type RefObject } from 'react';

interface MoreButtonProps {
  /** What the button says, and what it says while its page loads. */
  label: string;
  busyLabel: string;
  busy: boolean;
  onPress: () => void;
}

/**
 * A list's "Show more" (or "Show earlier") button: says so while its page loads, and a press then
 * does nothing (it stays focusable, so focus is not lost).
 */
export function MoreButton({ label, busyLabel, busy, onPress }: MoreButtonProps) {
  return (
    <div className="post-list__more">
      <button type="button" className="pill-button" aria-disabled={busy || undefined} onClick={busy ? undefined : onPress}>
        {busy ? busyLabel : label}
      </button>
    </div>
  );
}

/**
 * Focus for a list that grows a page at a time: `focusAfterGrowth(index)` before asking for a page,
 * and once the list holds more than it did and the page has loaded, the item at `index` (of those
 * `selector` finds in `list`) takes focus: the first new one after "Show more", the first of all
 * after "Show earlier".
 */
export function useFocusAfterGrowth(list: RefObject<HTMLElement | null>, selector: string, length: number, loading: boolean): (index: number) => void {
  const wanted = useRef<{ beyond: number; index: number } | null>(null);
  useEffect(() => {
    const want = wanted.current;
    if (want === null || loading || length <= want.beyond) return;
    wanted.current = null;
    list.current?.querySelectorAll<HTMLElement>(selector)[want.index]?.focus();
  }, [list, selector, length, loading]);
  return useCallback((index: number) => {
    wanted.current = { beyond: length, index };
  }, [length]);
}
