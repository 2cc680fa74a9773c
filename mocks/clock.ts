/**
 * QA's clock for the stand-in: its time as it is, frozen at one instant, or shifted by a span. Every
 * time the stand-in writes (a post's, an edit's, a reply's, a notification's, a member's joining)
 * reads it, so a screenshot taken on a frozen clock is the same tomorrow. The session tokens keep
 * the real time: the app judges a session by its own clock.
 */

/** Frozen at an instant (ISO 8601), or shifted from the real time by a number of milliseconds. */
export type ClockSetting = { frozenAt: string } | { shiftMs: number };

export class ClockSettingError extends Error {
  override name = 'ClockSettingError';
}

const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
/** Ten years either way: beyond that a shift is a typing slip. */
const MAX_SHIFT_MS = 10 * 365 * UNIT_MS.d;
const SHIFT = /^([+-])(\d{1,6})([smhd])$/;
/** A full instant with its zone, as `toISOString` writes it, or with an offset. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

function accepts(what: string): string {
  return `${what}; it accepts an instant to freeze at (2025-06-01T12:00:00Z) or a shift from now (+2d, -3h, +45m, -30s)`;
}

/** Reads a clock as QA writes it in an address (`?clock=`): an instant, or a shift such as `+2d`. */
export function parseClock(text: string, where = 'The clock'): ClockSetting {
  const value = text.trim();
  const shift = SHIFT.exec(value);
  if (shift) {
    const [, sign, amount, unit] = shift as unknown as [string, '+' | '-', string, keyof typeof UNIT_MS];
    const shiftMs = (sign === '-' ? -1 : 1) * Number(amount) * UNIT_MS[unit];
    return readClock({ shiftMs }, where);
  }
  if (INSTANT.test(value)) return readClock({ frozenAt: value }, where);
  throw new ClockSettingError(`${accepts(`${where} is ${JSON.stringify(text)}`)}.`);
}

/**
 * Reads the address's `?clock=` as QA types it: a `+` there reaches the page as a space (the form
 * encoding of a query), so `?clock=+2d` is read as `+2d`, as it reads.
 */
export function parseAddressClock(text: string): ClockSetting {
  return parseClock(text.replace(/^ (?=\d)/, '+'), 'The address\'s clock');
}

/** Checks a setting from anywhere (the panel, the tab's storage); throws a ClockSettingError naming what does not hold. */
export function readClock(value: unknown, where = 'The clock'): ClockSetting {
  if (typeof value === 'object' && value !== null && 'frozenAt' in value) {
    const { frozenAt } = value as { frozenAt: unknown };
    const time = typeof frozenAt === 'string' && INSTANT.test(frozenAt) ? Date.parse(frozenAt) : Number.NaN;
    if (Number.isNaN(time)) throw new ClockSettingError(`${accepts(`${where}'s frozenAt is ${JSON.stringify(frozenAt)}`)}.`);
    return { frozenAt: new Date(time).toISOString() };
  }
  if (typeof value === 'object' && value !== null && 'shiftMs' in value) {
    const { shiftMs } = value as { shiftMs: unknown };
    if (typeof shiftMs !== 'number' || !Number.isInteger(shiftMs) || shiftMs === 0 || Math.abs(shiftMs) > MAX_SHIFT_MS) {
      throw new ClockSettingError(`${where}'s shiftMs is ${JSON.stringify(shiftMs)}; it accepts a whole number of milliseconds, not 0, up to ten years either way.`);
    }
    return { shiftMs };
  }
  throw new ClockSettingError(`${where} is ${JSON.stringify(value)}; it accepts { "frozenAt": instant } or { "shiftMs": milliseconds }.`);
}

/** The setting as an address carries it: the instant, or the shift in its largest whole unit. */
export function clockText(setting: ClockSetting): string {
  if ('frozenAt' in setting) return setting.frozenAt;
  const size = Math.abs(setting.shiftMs);
  const unit = (['d', 'h', 'm', 's'] as const).find((candidate) => size % UNIT_MS[candidate] === 0);
  const sign = setting.shiftMs < 0 ? '-' : '+';
  return unit ? `${sign}${size / UNIT_MS[unit]}${unit}` : `${sign}${Math.round(size / 1000)}s`;
}

/** The stand-in's clock: real until QA sets it. */
export class StandInClock {
  private current: ClockSetting | null;

  constructor(setting: ClockSetting | null = null, private readonly realNow: () => number = Date.now) {
    this.current = setting;
  }

  /** The setting in force; null for the real time. */
  get setting(): ClockSetting | null {
    return this.current;
  }

  set(setting: ClockSetting | null): void {
    this.current = setting === null ? null : readClock(setting);
  }

  now(): Date {
    const { current } = this;
    if (current === null) return new Date(this.realNow());
    if ('frozenAt' in current) return new Date(current.frozenAt);
    return new Date(this.realNow() + current.shiftMs);
  }
}

/** How the panel and the badge say it. */
export function describeClock(setting: ClockSetting | null): string {
  if (setting === null) return 'Real time';
  if ('frozenAt' in setting) return `Frozen at ${setting.frozenAt}`;
  const text = clockText(setting);
  return `Shifted ${text.startsWith('-') ? 'back' : 'ahead'} by ${text.slice(1)}`;
}
