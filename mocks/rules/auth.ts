/** Signup, login and who a token stands for. */
import { newMemberRecord, type UserRecord } from '../db';
import type { RuleContext } from './context';
import { refusal } from '../../contract/errors';
import { requireObject, requireString, validateName, validatePassword, validateUsername } from '../../contract/validation';

/**
 * Registers a member from `{ firstName, lastName, username, password }`; other fields (the form's
 * email, for one) are ignored. Usernames are unique ignoring case.
 */
export function signup(ctx: RuleContext, rawBody: unknown): UserRecord {
  const body = requireObject(rawBody);
  const firstName = validateName(typeof body.firstName === 'string' ? body.firstName : '', 'firstNameInvalid');
  const lastName = validateName(typeof body.lastName === 'string' ? body.lastName : '', 'lastNameInvalid');
  const username = validateUsername(typeof body.username === 'string' ? body.username : '');
  const password = validatePassword(typeof body.password === 'string' ? body.password : '');
  if (ctx.db.findUserByUsername(username)) throw refusal('usernameExists');

  const user = newMemberRecord({ id: ctx.newId(), firstName, lastName, username, password, joinedAt: ctx.now().toISOString() });
  ctx.db.users.set(user.id, user);
  return user;
}

/** The member matching `{ username, password }`: 404 for an unknown username, 401 for a wrong password. */
export function login(ctx: RuleContext, rawBody: unknown): UserRecord {
  const body = requireObject(rawBody);
  const username = requireString(body, 'username').trim();
  const password = requireString(body, 'password');
  const user = ctx.db.findUserByUsername(username);
  if (!user) throw refusal('userNotRegistered');
  if (user.password !== password) throw refusal('invalidCredentials');
  return user;
}

/** The member a verified token names; 404 when that member no longer exists. */
export function memberFromClaims(ctx: RuleContext, claims: { sub: string; username: string }): UserRecord {
  const user = ctx.db.users.get(claims.sub);
  if (!user || user.username.toLowerCase() !== claims.username.toLowerCase()) throw refusal('userNotRegistered');
  return user;
}
