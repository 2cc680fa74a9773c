import { formatPostTime, POST_TIME_FORMAT, toDateTimeAttribute } from './formatDate';
import dayjs from 'dayjs';

describe('formatPostTime', () => {
  it("reads like 'MMM D, YYYY h:mm:ss A'", () => {
    const iso = '2025-05-12T09:45:07.000Z';
    expect(POST_TIME_FORMAT).toBe('MMM D, YYYY h:mm:ss A');
    expect(formatPostTime(iso)).toBe(dayjs(iso).format('MMM D, YYYY h:mm:ss A'));
    expect(formatPostTime(iso)).toMatch(/^May 1[12], 2025 \d{1,2}:\d{2}:07 (AM|PM)$/);
  });

  it("in another language, as that language writes a date and a time; the spec's form in English and its pseudo-locale", () => {
    const iso = '2025-05-12T09:45:07.000Z';
    const local = new Date(iso);
    expect(formatPostTime(iso, 'pl')).toBe(new Intl.DateTimeFormat('pl', { dateStyle: 'medium', timeStyle: 'medium' }).format(local));
    expect(formatPostTime(iso, 'pl')).toMatch(/^1[12] maj 2025, \d{2}:\d{2}:07$/);
    expect(formatPostTime(iso, 'de')).toMatch(/^1[12]\.05\.2025, \d{2}:\d{2}:07$/);
    expect(formatPostTime(iso, 'ar')).toBe(new Intl.DateTimeFormat('ar', { dateStyle: 'medium', timeStyle: 'medium' }).format(local));
    expect(formatPostTime(iso, 'en-XA')).toBe(formatPostTime(iso));
    expect(formatPostTime('not a date', 'ar')).toBe('not a date');
  });

  it('gives back an unreadable timestamp as it came', () => {
    expect(formatPostTime('not a date')).toBe('not a date');
  });
});

describe('toDateTimeAttribute', () => {
  it('is the ISO form for <time dateTime>', () => {
    expect(toDateTimeAttribute('2025-05-12T09:45:07.000Z')).toBe('2025-05-12T09:45:07.000Z');
  });

  it("is '' for an unreadable timestamp", () => {
    expect(toDateTimeAttribute('nope')).toBe('');
  });
});
