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

interface FakeBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Lays the page out as a browser `viewport` big would, for what measures itself (jsdom lays nothing
 * out): each element `boxOf` gives a box to has it as its getBoundingClientRect, every other one an
 * empty box at the origin; the window's inner size is the viewport's. Returns the undo.
 */
export function emulateLayout(viewport: { width: number; height: number }, boxOf: (element: Element) => FakeBox | undefined): () => void {
  const measure = jest.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function measured(this: Element) {
    const { left, top, width, height } = boxOf(this) ?? { left: 0, top: 0, width: 0, height: 0 };
    return { left, top, width, height, x: left, y: top, right: left + width, bottom: top + height, toJSON: () => ({}) } as DOMRect;
  });
  const width = jest.replaceProperty(window, 'innerWidth', viewport.width);
  const height = jest.replaceProperty(window, 'innerHeight', viewport.height);
  return () => {
    measure.mockRestore();
    width.restore();
    height.restore();
  };
}
