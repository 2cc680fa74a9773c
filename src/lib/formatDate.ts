import dayjs from 'dayjs';

/** How post times read everywhere (spec section 3). */
export const POST_TIME_FORMAT = 'MMM D, YYYY h:mm:ss A';

/** 'Jan 5, 2024 3:04:05 PM' for a timestamp the backend sent; an unreadable one comes back as-is. */
export function formatPostTime(value: string): string {
  const time = dayjs(value);
  return time.isValid() ? time.format(POST_TIME_FORMAT) : value;
}

/** The machine-readable form for <time dateTime>, or '' when the timestamp is unreadable. */
export function toDateTimeAttribute(value: string): string {
  const time = dayjs(value);
  return time.isValid() ? time.toISOString() : '';
}
