import { formatPostTime, POST_TIME_FORMAT, toDateTimeAttribute } from './formatDate';
import dayjs from 'dayjs';

describe('formatPostTime', () => {
  it("reads like 'MMM D, YYYY h:mm:ss A'", () => {
    const iso = '2025-05-12T09:45:07.000Z';
    expect(POST_TIME_FORMAT).toBe('MMM D, YYYY h:mm:ss A');
    expect(formatPostTime(iso)).toBe(dayjs(iso).format('MMM D, YYYY h:mm:ss A'));
    expect(formatPostTime(iso)).toMatch(/^May 1[12], 2025 \d{1,2}:\d{2}:07 (AM|PM)$/);
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
