/**
 * Makes `(max-width: Npx)` media queries answer as a viewport `width` wide would (jsdom has no
 * matchMedia); returns the undo.
 */
export function emulateViewportWidth(width: number): () => void {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    matches: Number(/max-width:\s*(\d+)px/.exec(query)?.[1] ?? -1) >= width,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  return () => {
    if (original) window.matchMedia = original;
    else delete (window as { matchMedia?: unknown }).matchMedia;
  };
}

/** A phone-sized viewport (390 px, inside PHONE_QUERY). */
export function emulatePhone(): () => void {
  return emulateViewportWidth(390);
}
