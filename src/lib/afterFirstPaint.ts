/** What a member does first on a page: any of these starts the app at once, painted or not. */
const FIRST_ACTIONS = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;

/**
 * Runs `then` once the browser has shown the page's first content (its first contentful paint,
 * which the Paint Timing API reports once the frame is on screen), or at once when that cannot come
 * or should not be waited for: the browser has no paint timing, the page is hidden (a tab opened in
 * the background paints only when shown), or the member acts first (a key, a tap, a focus).
 *
 * A page built ahead (/login, /signup) is whole before any script runs; loading the app's chunks
 * only after that first frame keeps their download and start-up from holding it back.
 */
export function afterFirstPaint(then: () => void, doc: Document = document): void {
  const paintTiming = typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint');
  if (!paintTiming || doc.visibilityState === 'hidden') {
    then();
    return;
  }
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    for (const type of FIRST_ACTIONS) doc.removeEventListener(type, run, true);
    doc.removeEventListener('visibilitychange', onHidden);
    then();
  };
  const onHidden = () => {
    if (doc.visibilityState === 'hidden') run();
  };
  for (const type of FIRST_ACTIONS) doc.addEventListener(type, run, { capture: true, passive: true });
  doc.addEventListener('visibilitychange', onHidden);
  const observer = new PerformanceObserver((list) => {
    if (list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) run();
  });
  // buffered: the paint may have come before this script ran.
  observer.observe({ type: 'paint', buffered: true });
}
