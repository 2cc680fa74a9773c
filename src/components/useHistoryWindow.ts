import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, type Location } from 'react-router-dom';

/** Where a history entry says which window it opened. */
const WINDOW_KEY = 'window';

function stateOf(location: Location): Record<string, unknown> {
  const { state } = location as { state: unknown };
  return state !== null && typeof state === 'object' ? (state as Record<string, unknown>) : {};
}

export interface HistoryWindow {
  isOpen: boolean;
  open: () => void;
  /** Closes the window when it is open; does nothing when it is not (Back closed it already). */
  close: () => void;
}

/**
 * A window (dialog) of the page whose being open is an entry of the browser's history, on the same
 * address: Back closes it and stays on the page, as Escape does, and Forward opens it again. Closing
 * it otherwise goes back over its entry, so no stray entries remain. `name` tells the page's
 * windows apart (one post's edit window from another's).
 */
export function useHistoryWindow(name: string): HistoryWindow {
  const location = useLocation();
  const navigate = useNavigate();
  // The window closes at once; its entry is left as soon as the browser goes back.
  const [closedAt, setClosedAt] = useState<Location | null>(null);
  const isOpen = stateOf(location)[WINDOW_KEY] === name && closedAt !== location;
  // Read when a close is asked for after an answer arrives: the window may have closed meanwhile.
  const openNow = useRef(isOpen);
  const here = useRef(location);
  useEffect(() => {
    openNow.current = isOpen;
    here.current = location;
    return () => {
      openNow.current = false;
    };
  }, [isOpen, location]);

  const open = useCallback(() => {
    const { pathname, search, hash } = here.current;
    void navigate({ pathname, search, hash }, { state: { ...stateOf(here.current), [WINDOW_KEY]: name }, flushSync: true });
  }, [navigate, name]);

  const close = useCallback(() => {
    if (!openNow.current) return;
    openNow.current = false;
    setClosedAt(here.current);
    void navigate(-1);
  }, [navigate]);

  return { isOpen, open, close };
}
