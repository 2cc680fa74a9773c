/**
 * Two-factor sign-in (the `accounts` extension): a code from an authenticator app (TOTP, RFC 6238:
 * six digits, a new one every 30 seconds, from a key the member's app and the network share) asked
 * at login after the password. Set up from the account's settings: a new key, shown as a QR code
 * and as text, is turned on by the first code the app makes with it; ten recovery codes are shown
 * then, once, and kept as their SHA-256 alone. A code is accepted once (a later login cannot replay
 * it), and one of the step before or after is accepted too, for a clock a little off. Turning it off
 * asks for a code.
 */
import { generate, generateSecret, generateURI, verify } from 'otplib';
import type { RuleContext } from '../context';
import { refusal } from '../errors';
import { LIMITS } from '../limits';
import type { MemberRow, TwoFactorRow } from '../store';
import { linkTokenHash } from './mailedLinks';

/** Who the authenticator app names the key for. */
export const TWO_FACTOR_ISSUER = 'SocialConnect';
/** A key: 20 random bytes (160 bits, as RFC 4226 advises), 32 characters of base32. */
const SECRET_PATTERN = /^[A-Z2-7]{32}$/;
/** How many steps of 30 seconds before or after now a code may be of. */
const STEPS_TOLERATED = 1;
const STEP_SECONDS = 30;
/** A recovery code's letters: no 0/o, 1/l/i, so one read from paper is typed right. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_LENGTH = 10;

export interface TwoFactorStatus {
  enabled: boolean;
  recoveryCodesLeft: number;
}

/** Whether the member has two-factor sign-in on, and how many recovery codes they have left. */
export async function twoFactorStatus(ctx: RuleContext, member: MemberRow): Promise<TwoFactorStatus> {
  const row = await ctx.store.read((reader) => reader.twoFactorOf(member.id));
  return { enabled: row !== undefined, recoveryCodesLeft: row?.recoveryCodeHashes.length ?? 0 };
}

/** A new key for the member's authenticator app; nothing is kept until a code made with it turns it on. */
export async function beginTwoFactor(ctx: RuleContext, member: MemberRow): Promise<{ secret: string; uri: string }> {
  if (await ctx.store.read((reader) => reader.twoFactorOf(member.id))) throw refusal('twoFactorAlreadyOn');
  const secret = generateSecret();
  return { secret, uri: generateURI({ issuer: TWO_FACTOR_ISSUER, label: member.username, secret }) };
}

/**
 * The time step of `code` for `secret` near now, or undefined when it is not one of them. Now is the
 * wall clock's, as the member's authenticator app reads it, whatever time QA set the stand-in's to.
 */
async function codeStep(secret: string, code: string): Promise<number | undefined> {
  if (!/^\d{6}$/.test(code)) return undefined;
  const epoch = Math.floor(Date.now() / 1000);
  const result = await verify({ secret, token: code, epoch, epochTolerance: STEPS_TOLERATED * STEP_SECONDS });
  return result.valid ? Math.floor(epoch / STEP_SECONDS) + result.delta : undefined;
}

/** A recovery code as typed, made plain: lower case, without the spaces and hyphens that group it. */
function plainRecoveryCode(typed: string): string {
  return typed.toLowerCase().replace(/[\s-]/g, '');
}

function newRecoveryCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(RECOVERY_LENGTH));
  const letters = Array.from(bytes, (byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]).join('');
  return `${letters.slice(0, 5)}-${letters.slice(5)}`;
}

/** A typed code without its spaces (apps show "123 456"): six digits of the app, a recovery code, or neither. */
function typedCode(value: unknown): string {
  return typeof value === 'string' ? value.slice(0, 64).replace(/\s/g, '') : '';
}

/**
 * Turns two-factor sign-in on with the key `beginTwoFactor` gave, once `code` shows the app makes the
 * same codes; answers the recovery codes, which are not kept (their hashes are).
 */
export async function enableTwoFactor(ctx: RuleContext, member: MemberRow, body: { secret?: unknown; code?: unknown }): Promise<string[]> {
  const secret = typeof body.secret === 'string' ? body.secret.trim().toUpperCase() : '';
  if (!SECRET_PATTERN.test(secret)) throw refusal('twoFactorKeyInvalid');
  const step = await codeStep(secret, typedCode(body.code));
  if (step === undefined) throw refusal('twoFactorCodeInvalid');
  const recoveryCodes = Array.from({ length: LIMITS.recoveryCodes }, newRecoveryCode);
  const row: TwoFactorRow = {
    memberId: member.id,
    secret,
    lastStep: step,
    recoveryCodeHashes: await Promise.all(recoveryCodes.map((code) => linkTokenHash(plainRecoveryCode(code)))),
    enabledAt: ctx.now().toISOString(),
  };
  await ctx.store.transaction(async (tx) => {
    if (await tx.twoFactorOf(member.id)) throw refusal('twoFactorAlreadyOn');
    await tx.setTwoFactor(row);
  });
  return recoveryCodes;
}

/**
 * Takes the member's code: one their app shows now (not one taken before), or an unused recovery
 * code, which is used up. Whether it was taken; within the caller's transaction when there is one.
 */
async function takeCode(ctx: RuleContext, row: TwoFactorRow, typed: string): Promise<boolean> {
  const step = await codeStep(row.secret, typed);
  if (step !== undefined) return ctx.store.transaction((tx) => tx.takeTwoFactorStep(row.memberId, step));
  const plain = plainRecoveryCode(typed);
  if (plain.length !== RECOVERY_LENGTH) return false;
  const codeHash = await linkTokenHash(plain);
  return ctx.store.transaction((tx) => tx.takeRecoveryCode(row.memberId, codeHash));
}

/**
 * The second factor of a login whose password was right: nothing asked when two-factor sign-in is
 * off; refused with twoFactorRequired when the code is missing, twoFactorCodeInvalid when it is wrong.
 */
export async function checkSecondFactor(ctx: RuleContext, member: MemberRow, code: unknown): Promise<void> {
  const row = await ctx.store.read((reader) => reader.twoFactorOf(member.id));
  if (!row) return;
  const typed = typedCode(code);
  if (typed === '') throw refusal('twoFactorRequired');
  if (!(await takeCode(ctx, row, typed))) throw refusal('twoFactorCodeInvalid');
}

/** Turns two-factor sign-in off, once `code` shows the member still has their app or a recovery code. */
export async function disableTwoFactor(ctx: RuleContext, member: MemberRow, code: unknown): Promise<void> {
  const row = await ctx.store.read((reader) => reader.twoFactorOf(member.id));
  if (!row) throw refusal('twoFactorNotOn');
  const typed = typedCode(code);
  if (typed === '' || !(await takeCode(ctx, row, typed))) throw refusal('twoFactorCodeInvalid');
  await ctx.store.transaction((tx) => tx.dropTwoFactor(member.id));
}

/** The code an authenticator with this key shows at `at`: for tests, the stand-in's workbench and its scenarios. */
export function authenticatorCode(secret: string, at: Date): Promise<string> {
  return generate({ secret, epoch: Math.floor(at.getTime() / 1000) });
}
