import { TIMINGS } from '../../config/timings';
import { isTyping, shortcutReader } from '../keyboardShortcuts';

/**
 * Calls `opened` when the workbench's shortcut (`g` then `w`) is pressed outside a field; returns
 * how to stop listening. The workbench listens so once it is on the page; the app's start listens so
 * before (on a page built ahead the stand-in starts only when needed, and this press is a need).
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
