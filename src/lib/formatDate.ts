import dayjs from 'dayjs';

/** How post times read everywhere (spec section 3). */
export const POST_TIME_FORMAT = 'MMM D, YYYY h:mm:ss A';

/**
 * 'Jan 5, 2024 3:04:05 PM' for a timestamp the backend sent, in English (and its pseudo-locale) as
 * the spec writes it; in another language, the date and time as that language writes them
 * ('5 sty 2024, 15:04:05' in Polish). An unreadable one comes back as-is.
 */
export function formatPostTime(value: string, language = 'en'): string {
  const time = dayjs(value);
  if (!time.isValid()) return value;
  if (language === 'en' || language.startsWith('en-')) return time.format(POST_TIME_FORMAT);
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'medium' }).format(time.toDate());
}

/** The machine-readable form for <time dateTime>, or '' when the timestamp is unreadable. */
export function toDateTimeAttribute(value: string): string {
  const time = dayjs(value);
  return time.isValid() ? time.toISOString() : '';
}
