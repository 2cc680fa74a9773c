/**
 * A day as the language spoken writes it in full ('December 16, 2026', '16. Dezember 2026'), for a
 * timestamp the backend sent; an unreadable one comes back as-is. Intl alone, so a first page can
 * use it without the date library the member's pages bring.
 */
export function formatDay(value: string, language: string): string {
  const time = new Date(value);
  if (Number.isNaN(time.getTime())) return value;
  try {
    return new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(time);
  } catch {
    return new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(time);
  }
}
