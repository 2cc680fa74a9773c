/**
 * A reset link's time (contract/rules/passwordReset.ts), on the stand-in's clock: it works until
 * LIMITS.passwordResetMinutes have passed, and an account is sent a link again once an hour has.
 */
import { LIMITS } from '../contract/limits';
import { askPasswordReset, resetPassword } from '../contract/rules/passwordReset';
import { signup } from '../contract/rules/auth';
import { SAMPLE_SIGNUP } from '../contract/seed/default';
import { RuleError } from '../contract/errors';
import { createMockContext } from './context';

function contextAt(start: Date) {
  let now = start.getTime();
  const ctx = createMockContext({ now: () => new Date(now), appOrigin: 'https://social.test' });
  return { ctx, pass: (minutes: number) => { now += minutes * 60 * 1000; } };
}

const tokenOf = (link: string | undefined) => /#token=(.+)$/.exec(link ?? '')?.[1] ?? '';
/** The reset mail in the stand-in's inbox (signup's mail confirms the address). */
const resetMails = (ctx: ReturnType<typeof createMockContext>) => ctx.db.inbox.filter((mail) => mail.link.includes('/reset-password#'));

describe('a reset link in time', () => {
  it(`works for ${LIMITS.passwordResetMinutes} minutes, and not a second after`, async () => {
    const { ctx, pass } = contextAt(new Date('2026-06-01T09:00:00Z'));
    await signup(ctx, { ...SAMPLE_SIGNUP, email: 'sam@example.com' });
    await askPasswordReset(ctx, 'sam_rivera');
    await askPasswordReset(ctx, 'sam@example.com');
    const [first, second] = resetMails(ctx).map((mail) => tokenOf(mail.link));
    expect(resetMails(ctx).map((mail) => mail.link.startsWith('https://social.test/reset-password#token='))).toEqual([true, true]);

    pass(LIMITS.passwordResetMinutes - 1);
    await expect(resetPassword(ctx, { token: first, password: 'in-good-time' })).resolves.toBeUndefined();
    // The other link of the same account went with the first one's use.
    await expect(resetPassword(ctx, { token: second, password: 'in-good-time' })).rejects.toMatchObject({ code: 'reset_link_invalid' });

    await askPasswordReset(ctx, 'sam_rivera');
    pass(LIMITS.passwordResetMinutes);
    const late = resetPassword(ctx, { token: tokenOf(resetMails(ctx).at(-1)?.link), password: 'too-late-now' });
    await expect(late).rejects.toBeInstanceOf(RuleError);
    await expect(late).rejects.toMatchObject({ code: 'reset_link_invalid' });
  });

  it(`sends an account ${LIMITS.passwordResetsPerHour} links an hour, and more once the hour has passed`, async () => {
    const { ctx, pass } = contextAt(new Date('2026-06-01T09:00:00Z'));
    await signup(ctx, { ...SAMPLE_SIGNUP, email: 'sam@example.com' });
    for (let n = 0; n < LIMITS.passwordResetsPerHour + 1; n += 1) await askPasswordReset(ctx, 'sam_rivera');
    expect(resetMails(ctx)).toHaveLength(LIMITS.passwordResetsPerHour);
    pass(61);
    await askPasswordReset(ctx, 'sam_rivera');
    expect(resetMails(ctx)).toHaveLength(LIMITS.passwordResetsPerHour + 1);
  });
});
