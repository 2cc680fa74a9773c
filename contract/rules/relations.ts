/**
 * Mute and block (the `mute-block` extension). A mute is one member's alone: the muted member's
 * posts and replies leave the muter's feed, post lists and notifications, and they are not told. A
 * block works both ways: follows end, and each member is to the other as if they did not exist:
 * their posts, replies and profile answer not found, lists leave them out, and neither can follow,
 * reply to or notify the other.
 */
import { NOTIFICATIONS_UNREAD_MAX } from '../api';
import { latestFirst } from '../cursor';
import type { RuleContext } from '../context';
import { refusal } from '../errors';
import type { MessageKey } from '../messages';
import type { MemberRow, Page, PageRequest, PostRow, ReplyRow, StoreReader, StoreTx } from '../store';
import { changed, unnotify } from './notifications';

/** Whom a viewer does not see: muted members (`muted`) and members in a block either way (`blocked`). */
export interface Hidden {
  muted: ReadonlySet<string>;
  blocked: ReadonlySet<string>;
}

const NOBODY: Hidden = { muted: new Set(), blocked: new Set() };

/**
 * Whom the viewer does not see: those they mute, those in a block with them, and members who left
 * (accounts set to be deleted, seen by nobody but themselves); for a caller without a token, those
 * who left alone.
 */
export async function hiddenFor(reader: StoreReader, viewerId: string | undefined): Promise<Hidden> {
  const { muting, blocking, blockedBy, leaving } = await reader.standing(viewerId);
  const left = leaving.filter((id) => id !== viewerId);
  if (muting.length + blocking.length + blockedBy.length + left.length === 0) return NOBODY;
  return { muted: new Set(muting), blocked: new Set([...blocking, ...blockedBy, ...left]) };
}

/** Whether the viewer's lists leave out what `authorId` wrote: muted, or blocked either way. */
export function hides(hidden: Hidden, authorId: string): boolean {
  return hidden.muted.has(authorId) || hidden.blocked.has(authorId);
}

/** Refuses as not found (`key`) when a block stands between the viewer and the author, or the author left. */
export async function refuseBlocked(reader: StoreReader, viewerId: string | undefined, authorId: string, key: MessageKey): Promise<void> {
  if (viewerId === authorId) return;
  if (await reader.unseenBy(viewerId, authorId)) throw refusal(key);
}

/**
 * The post, unless it is missing or a block stands between its author and the viewer; for a repost
 * (the `reposts` extension), between the original's author and the viewer too.
 */
export async function visiblePost(reader: StoreReader, postId: string, viewerId: string | undefined): Promise<PostRow> {
  const post = await reader.post(postId);
  if (!post) throw refusal('postNotFound');
  await refuseBlocked(reader, viewerId, post.authorId, 'postNotFound');
  if (post.repostOf !== null) await visiblePost(reader, post.repostOf, viewerId);
  return post;
}

/**
 * The post a call acts on, as visiblePost sees it: for a repost's own id (the `reposts` extension),
 * its original, which is what the repost answers as. A like, a bookmark or a reply goes to it.
 */
export async function visibleOriginal(reader: StoreReader, postId: string, viewerId: string | undefined): Promise<PostRow> {
  const post = await visiblePost(reader, postId, viewerId);
  return post.repostOf === null ? post : visiblePost(reader, post.repostOf, viewerId);
}

/** The reply, unless it is missing or a block stands between the viewer and its author or its post's author. */
export async function visibleReply(reader: StoreReader, replyId: string, viewerId: string | undefined): Promise<ReplyRow> {
  const reply = await reader.reply(replyId);
  if (!reply) throw refusal('replyNotFound');
  await refuseBlocked(reader, viewerId, reply.authorId, 'replyNotFound');
  const post = await reader.post(reply.postId);
  if (post) await refuseBlocked(reader, viewerId, post.authorId, 'replyNotFound');
  return reply;
}

/** The member, unless they are missing or a block stands between them and the viewer. */
export async function visibleMember(reader: StoreReader, userId: string, viewerId: string | undefined): Promise<MemberRow> {
  const member = await reader.memberById(userId);
  if (!member) throw refusal('userNotFound');
  await refuseBlocked(reader, viewerId, member.id, 'userNotFound');
  return member;
}

/** Where the member stands with another, as an answer. */
export interface RelationState {
  userId: string;
  muted: boolean;
  blocked: boolean;
}

async function stateOf(reader: StoreReader, memberId: string, otherId: string): Promise<RelationState> {
  const { muting, blocking } = await reader.relations(memberId);
  return { userId: otherId, muted: muting.includes(otherId), blocked: blocking.includes(otherId) };
}

/** Tells the member's devices where they stand with the other now, and the unread count it leaves them. */
async function emitChange(tx: StoreTx, memberId: string, state: RelationState): Promise<void> {
  await tx.emit({ type: 'relation-changed', memberId, otherId: state.userId, muted: state.muted, blocked: state.blocked });
  await changed(tx, memberId);
}

/**
 * Runs a block's or an unblock's `work`, then tells the other member's devices their unread count
 * when it moved (what each was told of the other leaves or rejoins their list); a count that did not
 * move tells them nothing.
 */
async function recountingOther(tx: StoreTx, otherId: string, work: () => Promise<RelationState>): Promise<RelationState> {
  const before = await tx.unreadNotificationCount(otherId, NOTIFICATIONS_UNREAD_MAX);
  const after = await work();
  if ((await tx.unreadNotificationCount(otherId, NOTIFICATIONS_UNREAD_MAX)) !== before) await changed(tx, otherId);
  return after;
}

/** Another member as the member may see them: not found when missing, or when they block the member. */
async function shownOther(reader: StoreReader, member: MemberRow, userId: string): Promise<MemberRow> {
  const other = await reader.memberById(userId);
  if (!other) throw refusal('userNotFound');
  if (other.id !== member.id && (await reader.relations(other.id)).blocking.includes(member.id)) throw refusal('userNotFound');
  return other;
}

/** The other member for a mute or block: refused for oneself, and as not found when they block the member. */
async function otherFor(tx: StoreTx, member: MemberRow, userId: string, self: MessageKey): Promise<MemberRow> {
  if (userId === member.id) throw refusal(self);
  return shownOther(tx, member, userId);
}

/**
 * Where the member stands with one other, and who the other is: one read for a profile or a post's
 * menu, however many members the member mutes or blocks. Oneself is neither muted nor blocked.
 */
export async function relationWith(reader: StoreReader, member: MemberRow, userId: string): Promise<{ state: RelationState; other: MemberRow }> {
  const other = await shownOther(reader, member, userId);
  return { state: await stateOf(reader, member.id, other.id), other };
}

export async function mute(ctx: RuleContext, member: MemberRow, userId: string): Promise<RelationState> {
  return ctx.store.transaction(async (tx) => {
    const other = await otherFor(tx, member, userId, 'cannotMuteSelf');
    const state = await stateOf(tx, member.id, other.id);
    if (state.muted) throw refusal('alreadyMuted');
    await tx.setMute(member.id, other.id, true);
    const after = { ...state, muted: true };
    await emitChange(tx, member.id, after);
    return after;
  });
}

/** What undoing a mute or a block refuses, and the store's write that ends it. */
const UNDOING = {
  muted: { self: 'cannotMuteSelf', none: 'notMuted', write: 'setMute' },
  blocked: { self: 'cannotBlockSelf', none: 'notBlocked', write: 'setBlock' },
} as const satisfies Record<'muted' | 'blocked', { self: MessageKey; none: MessageKey; write: 'setMute' | 'setBlock' }>;

/** Ends a mute or a block; where there is none, the refusal says why (oneself, no such member, or none). */
async function undo(ctx: RuleContext, member: MemberRow, userId: string, stance: keyof typeof UNDOING): Promise<RelationState> {
  const { self, none, write } = UNDOING[stance];
  return ctx.store.transaction(async (tx) => {
    const state = await stateOf(tx, member.id, userId);
    if (!state[stance]) {
      await otherFor(tx, member, userId, self);
      throw refusal(none);
    }
    const end = async () => {
      await tx[write](member.id, userId, false);
      const after = { ...state, [stance]: false };
      await emitChange(tx, member.id, after);
      return after;
    };
    // An unblock can bring back notifications the other member had: their devices hear the count.
    return stance === 'blocked' ? recountingOther(tx, userId, end) : end();
  });
}

export async function unmute(ctx: RuleContext, member: MemberRow, userId: string): Promise<RelationState> {
  return undo(ctx, member, userId, 'muted');
}

/** Ends a follow, as an unfollow does: the follow's notification goes with it. */
async function endFollow(tx: StoreTx, followerId: string, followeeId: string): Promise<void> {
  if (!(await tx.isFollowing(followerId, followeeId))) return;
  await tx.setFollow(followerId, followeeId, false);
  await tx.emit({ type: 'follow-changed', followerId, followeeId, following: false });
  await unnotify(tx, { kind: 'follow', recipientId: followeeId, actorId: followerId });
}

/** Blocks another member: the follows between them end, both ways. */
export async function block(ctx: RuleContext, member: MemberRow, userId: string): Promise<RelationState> {
  return ctx.store.transaction(async (tx) => {
    const other = await otherFor(tx, member, userId, 'cannotBlockSelf');
    // Both members are read (a write's read locks the row on the server): a follow either way, which
    // reads its followee, waits for the block, then finds it.
    await tx.memberById(member.id);
    const state = await stateOf(tx, member.id, other.id);
    if (state.blocked) throw refusal('alreadyBlocked');
    return recountingOther(tx, other.id, async () => {
      await tx.setBlock(member.id, other.id, true);
      await endFollow(tx, member.id, other.id);
      await endFollow(tx, other.id, member.id);
      const after = { ...state, blocked: true };
      await emitChange(tx, member.id, after);
      // The blocked member's open screens drop the blocker's content now rather than at their next load.
      await tx.emit({ type: 'member-withdrawn', memberId: other.id, otherId: member.id });
      return after;
    });
  });
}

/** Unblocks another member; the follows that a block ended stay ended. */
export async function unblock(ctx: RuleContext, member: MemberRow, userId: string): Promise<RelationState> {
  return undo(ctx, member, userId, 'blocked');
}

/** One page of the members the member mutes or blocks, the latest first; a cursor is the last one shown and its place. */
export async function relationPage(reader: StoreReader, memberId: string, list: 'muted' | 'blocked', request: PageRequest): Promise<Page<MemberRow>> {
  const relations = await reader.relations(memberId);
  const page = latestFirst(list, list === 'muted' ? relations.muting : relations.blocking, request);
  const members = new Map((await reader.membersByIds(page.items)).map((row) => [row.id, row]));
  return { items: page.items.flatMap((id) => members.get(id) ?? []), nextCursor: page.nextCursor };
}
