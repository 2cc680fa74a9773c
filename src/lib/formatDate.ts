import dayjs from 'dayjs';

/** How post times read everywhere (spec section 3). */
export const POST_TIME_FORMAT = 'MMM D, YYYY h:mm:ss A';

/**
 * 'Jan 5, 2024 3:04:05 PM' for a timestamp the backend sent, in English (and its pseudo-locale) as
 * the spec writes it; in another language, the date and time as that language writes them
 * ('5 sty 2024, 15:04:05' in Polish). An unreadable one comes back as-is.
 */
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

export function formatPostTime(value: string, language = 'en'): string {
  const time = dayjs(value);
  if (!time.isValid()) return value;
  if (language === 'en' || language.startsWith('en-')) return time.format(POST_TIME_FORMAT);
  // One formatter per language, made once: every card on screen formats its time with it.
  let format = dateTimeFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'medium' });
    dateTimeFormats.set(language, format);
  }
  return format.format(time.toDate());
}

/** The machine-readable form for <time dateTime>, or '' when the timestamp is unreadable. */
export function toDateTimeAttribute(value: string): string {
  const time = dayjs(value);
  return time.isValid() ? time.toISOString() : '';
}

const minuteFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * When a scheduled post publishes, to the minute, as the language writes a date and a time, in the
 * member's own time zone: 'Dec 2, 2026, 3:05 PM', '02.12.2026, 15:05'. An unreadable one comes back as-is.
 */
export function formatPublishTime(value: string, language = 'en'): string {
  const time = new Date(value);
  if (Number.isNaN(time.getTime())) return value;
  let format = minuteFormats.get(language);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    } catch {
      format = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
    }
    minuteFormats.set(language, format);
  }
  return format.format(time);
}
