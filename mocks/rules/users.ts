/** Members: reading, following and editing one's own profile. */
import type { Db, UserRecord } from '../db';
import type { RuleContext } from './context';
import { refusal } from '../../contract/errors';
import { isRecord, optionalString, requireObject, validateAvatar, validateBio, validatePassword, validatePortfolioUrl } from '../../contract/validation';

export function listUsers(db: Db): UserRecord[] {
  return [...db.users.values()];
}

export function findUser(db: Db, userId: string): UserRecord {
  const user = db.users.get(userId);
  if (!user) throw refusal('userNotFound');
  return user;
}

/** `member` follows `userId`; both lists change together. */
export function follow(ctx: RuleContext, member: UserRecord, userId: string): UserRecord {
  if (userId === member.id) throw refusal('cannotFollowSelf');
  const other = findUser(ctx.db, userId);
  if (member.following.includes(other.id)) throw refusal('alreadyFollowing');
  member.following.push(other.id);
  other.followers.push(member.id);
  return other;
}

export function unfollow(ctx: RuleContext, member: UserRecord, userId: string): UserRecord {
  const other = userId === member.id ? member : findUser(ctx.db, userId);
  if (!member.following.includes(other.id)) throw refusal('notFollowing');
  member.following = member.following.filter((id) => id !== other.id);
  other.followers = other.followers.filter((id) => id !== member.id);
  return other;
}

/**
 * Edits the member's own profile from `{ userData: { userBio, userPortfolioUrl, password,
 * currentPassword, avatar, username? } }`. Absent fields stay as they are; an empty `password` means
 * no change. Everything is checked before anything changes.
 */
export function editProfile(ctx: RuleContext, member: UserRecord, rawBody: unknown): UserRecord {
  const body = requireObject(rawBody);
  if (!isRecord(body.userData)) throw refusal('invalidBody');
  const data = body.userData;
  const username = optionalString(data, 'username');
  const rawBio = optionalString(data, 'userBio');
  const rawUrl = optionalString(data, 'userPortfolioUrl');
  const rawPassword = optionalString(data, 'password');
  const currentPassword = optionalString(data, 'currentPassword');
  const rawAvatar = optionalString(data, 'avatar');

  if (username !== undefined && username !== member.username) throw refusal('usernameImmutable');
  const userBio = rawBio === undefined ? member.userBio : validateBio(rawBio);
  const userPortfolioUrl = rawUrl === undefined ? member.userPortfolioUrl : validatePortfolioUrl(rawUrl);
  let password = member.password;
  if (rawPassword !== undefined && rawPassword !== '') {
    if (currentPassword !== member.password) throw refusal('invalidCredentials');
    password = validatePassword(rawPassword);
  }
  const avatar = rawAvatar === undefined ? undefined : validateAvatar(rawAvatar, member.image);
  const image = avatar === undefined || avatar.kind === 'unchanged' ? member.image
    : avatar.kind === 'none' ? '' : avatar.kind === 'shipped' ? avatar.path : avatar.dataUrl;

  member.userBio = userBio;
  member.userPortfolioUrl = userPortfolioUrl;
  member.password = password;
  member.image = image;
  member.updatedAt = ctx.now().toISOString();
  return member;
}
