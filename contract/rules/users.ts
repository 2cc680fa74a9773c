/** Members: reading, following and editing one's own profile. */
import type { RuleContext } from '../context';
import { refusal } from '../errors';
import type { FollowCounts, MemberRow, MembersFound, StoreReader, StoreTx } from '../store';
import type { UserEditPayload } from '../api';
import type { TokenClaims } from '../tokens';
import { notify, notifyingWrite, unnotify } from './notifications';
import { settled } from './posts';
import { hiddenFor, visibleMember } from './relations';
import type { MemberSearch } from '../search';
import { readQuotePolicy } from './reposts';
import { validateAvatar, validateBio, validateLanguage, validatePassword, validatePortfolioUrl, type AvatarChoice } from '../validation';

/** `member` follows `userId`; both lists change together. Answers the other member. */
export async function follow(ctx: RuleContext, member: MemberRow, userId: string): Promise<MemberRow> {
  if (userId === member.id) throw refusal('cannotFollowSelf');
  return ctx.store.transaction(async (tx) => {
    const other = await visibleMember(tx, userId, member.id);
    if (await tx.isFollowing(member.id, other.id)) throw refusal('alreadyFollowing');
    await tx.setFollow(member.id, other.id, true);
    await tx.emit({ type: 'follow-changed', followerId: member.id, followeeId: other.id, following: true });
    await notify(ctx, tx, { kind: 'follow', recipientId: other.id, actorId: member.id });
    return other;
  });
}

export async function unfollow(ctx: RuleContext, member: MemberRow, userId: string): Promise<MemberRow> {
  return ctx.store.transaction(async (tx) => {
    const other = userId === member.id ? member : await visibleMember(tx, userId, member.id);
    if (!(await tx.isFollowing(member.id, other.id))) throw refusal('notFollowing');
    await tx.setFollow(member.id, other.id, false);
    await tx.emit({ type: 'follow-changed', followerId: member.id, followeeId: other.id, following: false });
    await unnotify(tx, { kind: 'follow', recipientId: other.id, actorId: member.id });
    return other;
  });
}

/** The URL of the avatar chosen: none, the one kept (`current`), one shipped with the app, or an upload kept now. */
export async function avatarUrl(tx: StoreTx, choice: AvatarChoice, current: string): Promise<string> {
  switch (choice.kind) {
    case 'none':
      return '';
    case 'unchanged':
      return current;
    case 'shipped':
      return tx.keepShippedImage(choice.path);
    case 'upload':
      return (await tx.keepImage({ image: choice.image, dataUrl: choice.dataUrl, smaller: [] })).url;
    default:
      return current;
  }
}

export interface ProfileEdit {
  member: MemberRow;
  /** True when the password changed: every older token of the member is refused from now on. */
  passwordChanged: boolean;
}

/**
 * Edits the member's own profile from `{ userData: { userBio, userPortfolioUrl, password,
 * currentPassword, avatar, username? } }`. Absent fields stay as they are; an empty `password` means
 * no change. Everything is checked before anything changes.
 */
export async function editProfile(ctx: RuleContext, member: MemberRow, { userData }: UserEditPayload): Promise<ProfileEdit> {
  // Null stands for a field left out.
  const username = userData.username ?? undefined;
  const rawBio = userData.userBio ?? undefined;
  const rawUrl = userData.userPortfolioUrl ?? undefined;
  const rawPassword = userData.password ?? undefined;
  const currentPassword = userData.currentPassword ?? undefined;
  const rawAvatar = userData.avatar ?? undefined;
  const rawLanguage = userData.language ?? undefined;
  const rawQuotePolicy = userData.quotePolicy ?? undefined;

  if (username !== undefined && username !== member.username) throw refusal('usernameImmutable');
  const userBio = rawBio === undefined ? member.userBio : validateBio(rawBio);
  const userPortfolioUrl = rawUrl === undefined ? member.userPortfolioUrl : validatePortfolioUrl(rawUrl);
  const language = rawLanguage === undefined ? undefined : validateLanguage(rawLanguage);
  const quotePolicy = rawQuotePolicy === undefined ? undefined : readQuotePolicy(rawQuotePolicy);
  let passwordHash: string | undefined;
  if (rawPassword !== undefined && rawPassword !== '') {
    if (currentPassword === undefined || !(await ctx.passwords.verify(member.passwordHash, currentPassword))) {
      throw refusal('invalidCredentials');
    }
    passwordHash = await ctx.passwords.hash(validatePassword(rawPassword));
  }
  const chosen = rawAvatar === undefined ? undefined : validateAvatar(rawAvatar, member.image, ctx.imagePixelsMax);
  // An uploaded avatar as the backend keeps it (the server draws it again), before the transaction.
  const avatar = chosen?.kind === 'upload' ? { ...chosen, ...(await ctx.images.prepare(chosen, 'avatarInvalid')) } : chosen;
  const updatedAt = ctx.now().toISOString();

  return ctx.store.transaction(async (tx) => {
    const current = await tx.memberById(member.id);
    if (!current) throw refusal('userNotRegistered');
    // The current password was checked against what the token's member had; a change since then wins.
    if (passwordHash !== undefined && current.passwordHash !== member.passwordHash) throw refusal('invalidCredentials');
    const changes = {
      userBio,
      userPortfolioUrl,
      ...(language === undefined ? {} : { language }),
      ...(quotePolicy === undefined ? {} : { quotePolicy }),
      // Named only when it changes: the server lets go of the image a member named before.
      ...(avatar === undefined || avatar.kind === 'unchanged' ? {} : { image: await avatarUrl(tx, avatar, current.image) }),
      updatedAt,
      ...(passwordHash === undefined ? {} : { passwordHash, sessionVersion: current.sessionVersion + 1 }),
    };
    await tx.updateMember(member.id, changes);
    await tx.emit({ type: 'member-updated', memberId: member.id });
    if (changes.sessionVersion !== undefined) {
      // Every device is logged out; the route records this one again with its new token.
      await tx.endSessions(member.id);
      await tx.emit({ type: 'session-ended', memberId: member.id, reason: 'password', sessionVersion: changes.sessionVersion });
    }
    return { member: { ...current, ...changes }, passwordChanged: passwordHash !== undefined };
  });
}

/** How many follow `otherId`, and how many `memberId` follows, as their records show them. */
export async function followCounts(reader: StoreReader, memberId: string, otherId: string): Promise<FollowCounts> {
  const lists = await reader.followLists([memberId, otherId]);
  return { followerCount: lists.get(otherId)?.followers.length ?? 0, followingCount: lists.get(memberId)?.following.length ?? 0 };
}

/**
 * follow or unfollow in one statement, for a store that has it (Store.oneStatement), from a token whose
 * signature is verified: the counts after it (followCounts), or undefined when the store leaves the
 * call to the rules above.
 */
export async function followInOneStatement(ctx: RuleContext, claims: TokenClaims, userId: string, following: boolean): Promise<FollowCounts | undefined> {
  const writes = ctx.store.oneStatement;
  if (!writes) return undefined;
  return settled(await writes.follow(claims, { userId, following, ...notifyingWrite(ctx, { kind: 'follow', actorId: claims.sub }) }));
}

/**
 * Whom `viewerId` might follow (the `suggestions` extension, spec section 2's "Who to follow?"): the
 * members in joining order but the viewer, those they follow or mute, and those in a block with them
 * either way or leaving; for a caller without a token, everyone who is not leaving. The first
 * `limit` of them, and how many there are.
 */
export async function suggestions(reader: StoreReader, viewerId: string | undefined, limit: number): Promise<MembersFound> {
  const { muted, blocked } = await hiddenFor(reader, viewerId);
  if (viewerId === undefined) return reader.memberCardsFirst({ except: [...blocked] }, limit);
  return reader.memberCardsFirst({ except: [viewerId, ...muted, ...blocked], unfollowedBy: viewerId }, limit);
}

/**
 * The members a search looks for (the `member-search` extension): names holding its text, or the one
 * username, in joining order, less those in a block with the viewer either way or leaving, as the
 * members list leaves them out. The first `limit` of them, and how many there are.
 */
export async function findMembers(reader: StoreReader, viewerId: string | undefined, search: MemberSearch, limit: number): Promise<MembersFound> {
  const { blocked } = await hiddenFor(reader, viewerId);
  if ('username' in search) {
    const member = await reader.memberByUsername(search.username);
    return member && !blocked.has(member.id) ? { members: [member], total: 1 } : { members: [], total: 0 };
  }
  if (search.name.trim() === '') return { members: [], total: 0 };
  return reader.memberCardsFirst({ except: [...blocked], named: search.name }, limit);
}
