import { DEMO_CREDENTIALS } from '../contract/seed/default';
import { clockText, ClockSettingError, describeClock, parseAddressClock, parseClock, readClock, StandInClock } from './clock';
import { getMockContext, getMockDb } from './testing/node';
import { call, callAs } from './testing/testSupport';

const DAY = 86_400_000;

function postWritten(text: string) {
  const post = [...getMockDb().posts.values()].find((candidate) => candidate.content === text);
  if (!post) throw new Error(`No post reads "${text}".`);
  return post;
}

describe("QA's clock, as an address writes it", () => {
  it('reads an instant as a frozen clock, and a signed span as a shift', () => {
    expect(parseClock('2025-06-01T12:00:00Z')).toEqual({ frozenAt: '2025-06-01T12:00:00.000Z' });
    expect(parseClock('2025-06-01T14:00+02:00')).toEqual({ frozenAt: '2025-06-01T12:00:00.000Z' });
    expect(parseClock('+2d')).toEqual({ shiftMs: 2 * DAY });
    expect(parseClock('-3h')).toEqual({ shiftMs: -3 * 3_600_000 });
    expect(parseClock(' +45m ')).toEqual({ shiftMs: 45 * 60_000 });
    expect(parseClock('-30s')).toEqual({ shiftMs: -30_000 });
  });

  it('refuses what is neither, saying where and what it accepts', () => {
    expect(() => parseClock('tomorrow', "The address's clock")).toThrow(new ClockSettingError(
      'The address\'s clock is "tomorrow"; it accepts an instant to freeze at (2025-06-01T12:00:00Z) or a shift from now (+2d, -3h, +45m, -30s).',
    ));
    // A date without its zone would read differently in each browser's time zone.
    expect(() => parseClock('2025-06-01T12:00:00')).toThrow(ClockSettingError);
    expect(() => parseClock('2d')).toThrow(ClockSettingError);
    expect(() => parseClock('+0d')).toThrow("The clock's shiftMs is 0; it accepts a whole number of milliseconds, not 0, up to ten years either way.");
    expect(() => parseClock('+4000d')).toThrow(/up to ten years/);
    expect(() => parseClock('2025-13-01T12:00:00Z')).toThrow(/frozenAt is "2025-13-01T12:00:00Z"/);
    expect(() => readClock({ frozenAt: 'soon' })).toThrow('The clock\'s frozenAt is "soon"');
    expect(() => readClock({ hours: 2 })).toThrow('it accepts { "frozenAt": instant } or { "shiftMs": milliseconds }');
  });

  it("reads an address's + as it was typed, though the query reaches the page with a space", () => {
    expect(parseAddressClock(new URLSearchParams('clock=+15d').get('clock') ?? '')).toEqual({ shiftMs: 15 * DAY });
    expect(parseAddressClock(new URLSearchParams('clock=%2B2h').get('clock') ?? '')).toEqual({ shiftMs: 2 * 3_600_000 });
    expect(parseAddressClock('-30s')).toEqual({ shiftMs: -30_000 });
    expect(() => parseAddressClock('2d')).toThrow(/The address's clock is "2d"/);
  });

  it('writes a setting back as the address carries it', () => {
    for (const text of ['+2d', '-3h', '+45m', '-30s']) expect(clockText(parseClock(text))).toBe(text);
    expect(clockText({ shiftMs: 90 * 60_000 })).toBe('+90m');
    expect(clockText(parseClock('2025-06-01T12:00:00Z'))).toBe('2025-06-01T12:00:00.000Z');
    expect(describeClock(null)).toBe('Real time');
    expect(describeClock({ shiftMs: -2 * DAY })).toBe('Shifted back by 2d');
    expect(describeClock({ frozenAt: '2025-06-01T12:00:00.000Z' })).toBe('Frozen at 2025-06-01T12:00:00.000Z');
  });
});

describe('the stand-in on a clock QA set', () => {
  it('reads the real time, a frozen instant, or the real time shifted', () => {
    let real = Date.parse('2026-01-10T08:00:00Z');
    const clock = new StandInClock(null, () => real);
    expect(clock.now().toISOString()).toBe('2026-01-10T08:00:00.000Z');
    clock.set({ shiftMs: -DAY });
    real += 60_000;
    expect(clock.now().toISOString()).toBe('2026-01-09T08:01:00.000Z');
    clock.set({ frozenAt: '2025-06-01T12:00:00Z' });
    real += 60_000;
    expect(clock.now().toISOString()).toBe('2025-06-01T12:00:00.000Z');
    clock.set(null);
    expect(clock.now().toISOString()).toBe('2026-01-10T08:02:00.000Z');
  });

  it("dates what it writes by QA's clock, while a session made then stays valid by the real time", async () => {
    getMockContext().clock.set({ frozenAt: '2025-06-01T12:00:00Z' });
    const login = await call<{ encodedToken: string }>('POST', '/auth/login', { body: DEMO_CREDENTIALS });
    expect(login.status).toBe(200);
    // The app judges a session by its own clock: the token's expiry is ahead of the real time.
    const claims = JSON.parse(Buffer.from(login.json.encodedToken.split('.')[1]!, 'base64url').toString()) as { exp: number };
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());

    const created = await call('POST', '/posts', {
      body: { postData: { text: 'Written on a frozen clock.' } },
      authorization: login.json.encodedToken,
    });
    expect(created.status).toBe(201);
    expect(postWritten('Written on a frozen clock.').createdAt).toBe('2025-06-01T12:00:00.000Z');

    getMockContext().clock.set({ shiftMs: 2 * DAY });
    expect((await callAs(DEMO_CREDENTIALS.username, 'POST', '/posts', { postData: { text: 'Written two days ahead.' } })).status).toBe(201);
    expect(Date.parse(postWritten('Written two days ahead.').createdAt) - Date.now()).toBeGreaterThan(2 * DAY - 60_000);
  });
});
