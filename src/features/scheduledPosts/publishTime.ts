import { LIMITS } from '../../../contract/limits';
import type { MessageId } from '../../i18n/catalogues/en';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

function pad(value: number, length = 2): string {
  return String(Math.abs(value)).padStart(length, '0');
}

/** An instant as a `datetime-local` field writes it, in the member's own time zone: '2026-12-02T14:05'. */
export function toLocalInput(instant: Date | string | number): string {
  const time = new Date(instant);
  return `${pad(time.getFullYear(), 4)}-${pad(time.getMonth() + 1)}-${pad(time.getDate())}T${pad(time.getHours())}:${pad(time.getMinutes())}`;
}

/** The instant a `datetime-local` value names in the member's time zone, or null for none. */
export function fromLocalInput(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) return null;
  const [, year, month, day, hours, minutes, seconds] = match.map(Number) as [number, number, number, number, number, number, number];
  const time = new Date(year, month - 1, day, hours, minutes, Number.isNaN(seconds) ? 0 : seconds);
  return Number.isNaN(time.getTime()) ? null : time;
}

/** An instant as ISO 8601 with the member's own offset: '2026-12-02T14:05:00+01:00'. */
export function toOffsetIso(time: Date): string {
  const offset = -time.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  return `${toLocalInput(time)}:${pad(time.getSeconds())}${sign}${pad(Math.trunc(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
}

/** The earliest a post may be scheduled for, as its field's `min`: the next whole minute a minute from now. */
export function earliestLocalInput(now = Date.now()): string {
  return toLocalInput(Math.ceil((now + LIMITS.scheduleLeadSeconds * 1000) / MINUTE_MS) * MINUTE_MS);
}

/** The latest a post may be scheduled for, as its field's `max`. */
export function latestLocalInput(now = Date.now()): string {
  return toLocalInput(now + LIMITS.scheduleDaysMax * DAY_MS - MINUTE_MS);
}

/** What is wrong with a publish time as typed, or null when the backend would take it now. */
export function publishTimeProblem(value: string, now = Date.now()): MessageId | null {
  const time = fromLocalInput(value);
  if (!time) return value.trim() === '' ? 'schedule.timeMissing' : 'schedule.timeUnreadable';
  if (time.getTime() < now + LIMITS.scheduleLeadSeconds * 1000) return 'schedule.timeTooSoon';
  if (time.getTime() > now + LIMITS.scheduleDaysMax * DAY_MS) return 'schedule.timeTooFar';
  return null;
}

/** The member's time zone, as the browser names it ('Europe/Berlin'), or '' when it does not say. */
export function ownTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
  } catch {
    return '';
  }
}
