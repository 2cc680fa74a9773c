import { NOTIFICATION_EXCERPT_MAX } from './api';
import { excerptOf } from './present';

describe("a notification's excerpt", () => {
  it('is the whole text up to the limit, on one line', () => {
    expect(excerptOf('Two cups,\n\n  one long   conversation.\t')).toBe('Two cups, one long conversation.');
    const full = 'a'.repeat(NOTIFICATION_EXCERPT_MAX);
    expect(excerptOf(full)).toBe(full);
  });

  it('past the limit, stops there and says the text goes on; a space before the cut is not kept', () => {
    expect(excerptOf('a'.repeat(NOTIFICATION_EXCERPT_MAX + 1))).toBe(`${'a'.repeat(NOTIFICATION_EXCERPT_MAX)}…`);
    expect(excerptOf(`${'a'.repeat(NOTIFICATION_EXCERPT_MAX - 1)} and more`)).toBe(`${'a'.repeat(NOTIFICATION_EXCERPT_MAX - 1)}…`);
  });

  it('counts what a person sees as one character, and never cuts inside it', () => {
    const flags = '🇳🇴'.repeat(NOTIFICATION_EXCERPT_MAX + 5);
    expect(excerptOf(flags)).toBe(`${'🇳🇴'.repeat(NOTIFICATION_EXCERPT_MAX)}…`);
  });

  it('is null where there is nothing to quote: no text, or blank text', () => {
    expect(excerptOf(null)).toBeNull();
    expect(excerptOf('')).toBeNull();
    expect(excerptOf(' \n ')).toBeNull();
  });
});
