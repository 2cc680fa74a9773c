import { TIMINGS } from '../../config/timings';
import { isTyping, shortcutReader } from '../keyboardShortcuts';

/**
 * Calls `opened` when the workbench's shortcut (`g` then `w`) is pressed outside a field; returns
 * how to stop listening. A workbench on its own (its tests, a page that mounts it alone) listens so.
 */
export function listenForWorkbenchShortcut(opened: () => void): () => void {
  const read = shortcutReader(TIMINGS.shortcutSecondKeyMs);
  const onKeyDown = (event: KeyboardEvent) => {
    if (isTyping(event) || document.querySelector('[aria-modal="true"]')) return;
    if (read(event.key, event.timeStamp) !== 'workbench') return;
    // Answered here, on every page: the app's own shortcuts never see the second key.
    event.preventDefault();
    event.stopPropagation();
    opened();
  };
  window.addEventListener('keydown', onKeyDown, true);
  return () => window.removeEventListener('keydown', onKeyDown, true);
}

/** Where the workbench hears its shortcut: `listen` gives it the presses, and returns how to stop. */
export interface WorkbenchShortcut {
  listen(opened: () => void): () => void;
}

/**
 * The workbench's shortcut heard from the app's first script for the page's life, by one listener:
 * a press before the workbench is on the page is kept, and calls what `whenPressedEarly` gave (the
 * stand-in may have to start; a press kept before that was given calls it as it is given), and the
 * workbench opens as soon as it listens. One listener throughout, so that no press falls between
 * the app's start and the workbench's (a `g` before it came and a `w` after are one shortcut still).
 */
export function heardFromTheStart(): WorkbenchShortcut & { whenPressedEarly(then: () => void): void; stop(): void } {
  let kept = false;
  let opener: (() => void) | null = null;
  let pressedEarly: (() => void) | null = null;
  const stop = listenForWorkbenchShortcut(() => {
    if (opener) {
      opener();
      return;
    }
    kept = true;
    pressedEarly?.();
  });
  return {
    stop,
    whenPressedEarly(then) {
      pressedEarly = then;
      if (kept) then();
    },
    listen(opened) {
      opener = opened;
      if (kept) {
        kept = false;
        opened();
      }
      return () => {
        if (opener === opened) opener = null;
      };
    },
  };
}
