/** The words an element shows on screen, in order: its text without what is there for screen readers alone. */
export function shownText(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  copy.querySelectorAll('.visually-hidden').forEach((hidden) => hidden.remove());
  return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** A text's words (letters and digits), as axe's label-in-name rule reads them: punctuation and spacing aside. */
function wordsOf(text: string): string[] {
  return text.normalize('NFKD').split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/**
 * Label in name (WCAG 2.5.3): the element's accessible name begins with the words it shows, in their
 * order, so a voice-control user who says what they see presses it.
 */
export function expectNameToStartWithShownText(element: Element): void {
  const words = wordsOf(shownText(element));
  expect(words).not.toEqual([]);
  const escaped = words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  expect(element).toHaveAccessibleName(new RegExp(`^[^\\p{L}\\p{N}]*${escaped.join('[^\\p{L}\\p{N}]*')}`, 'iu'));
}
