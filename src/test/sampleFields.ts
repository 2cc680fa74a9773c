/**
 * What a "Fill Test Credentials" button writes on itself (for a press made before the app has taken
 * a page built ahead over, src/main.tsx) and what its form's fields of those names show: after the
 * app's own fill, the two must be the same.
 */
export function sampleAndShown(button: HTMLElement): { sample: Record<string, string | boolean>; shown: Record<string, string | boolean | undefined> } {
  const sample = JSON.parse(button.dataset.fills ?? '{}') as Record<string, string | boolean>;
  const form = button.closest('form');
  const shown = Object.fromEntries(Object.entries(sample).map(([name, value]) => {
    const field = form?.elements.namedItem(name);
    if (!(field instanceof HTMLInputElement)) return [name, undefined];
    return [name, typeof value === 'boolean' ? field.checked : field.value];
  }));
  return { sample, shown };
}
