/** The kinds of field a visitor can type into before the app has started. */
const TEXT_FIELDS = 'input:not([type]), input[type="text"], input[type="password"], input[type="email"], input[type="search"], input[type="url"], textarea';

function setNativeValue(field: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
}

/**
 * What a visitor typed into a page built ahead before the app took it over stays on screen, but
 * React's state still holds the built value (empty). Once the app has taken over, each such field
 * is told its text again as if typed, so that the form's state holds what the field shows and a
 * submit sends it. Returns how many fields were brought in step.
 */
export function keepTypedBeforeStart(container: HTMLElement): number {
  let kept = 0;
  for (const field of container.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(TEXT_FIELDS)) {
    const built = field instanceof HTMLTextAreaElement ? field.defaultValue : (field.getAttribute('value') ?? '');
    const shown = field.value;
    if (shown === built) continue;
    // The value React last saw is set back first, so the typed text reads as a change (an input event).
    setNativeValue(field, built);
    field.dispatchEvent(new Event('input', { bubbles: true }));
    setNativeValue(field, shown);
    field.dispatchEvent(new Event('input', { bubbles: true }));
    kept += 1;
  }
  return kept;
}
