/**
 * Notifications (the `notifications` extension): written and taken away inside the transaction of
 * the follow, like, reply or mention that causes them, so a member is told only of what is so.
 * Nobody is told of their own act. Likes of one post or reply join one notification (its key); every
 * other act is a notification of its own.
 */
import { NOTIFICATIONS_UNREAD_MAX } from '../api';
import type { RuleContext } from '../context';
import { mentionedUsernames } from '../richText';
import type { MemberRow, NotificationKind, NotifyingWrite, StoreReader, StoreTx } from '../store';

export interface Act {
  kind: NotificationKind;
  recipientId: string;
  actorId: string;
  /** The post (and reply) it is about; none for a follow. */
  postId?: string;
  replyId?: string;
}

/** The notification part of a write done in one statement (Store.oneStatement), for an act by the token's member. */
export function notifyingWrite(ctx: RuleContext, act: Omit<Act, 'recipientId'>): NotifyingWrite {
  return { at: ctx.now().toISOString(), notificationId: ctx.newId(), notificationKey: notificationKey(act), unreadMax: NOTIFICATIONS_UNREAD_MAX };
}

/**
 * Which notification an act joins: the likes of one post or of one reply share one; a follow, a
 * reply and a mention each have their own (one per follower, reply, or mentioning post or reply).
 */
export function notificationKey({ kind, actorId, postId, replyId }: Omit<Act, 'recipientId'>): string {
  const about = replyId === undefined ? `post:${postId ?? ''}` : `reply:${replyId}`;
  switch (kind) {
    case 'follow':
      return `follow:${actorId}`;
    case 'like':
      return `like:${about}`;
    case 'repost':
    case 'quote':
      return `${kind}:${about}`;
    case 'reply':
      return `reply:${replyId ?? ''}`;
    default:
      return `mention:${about}`;
  }
}

/** Tells the member's streams their unread count after a change (a mute or a block changes it too). */
export async function changed(tx: StoreTx, memberId: string): Promise<void> {
  await tx.emit({ type: 'notifications-changed', memberId, unreadCount: await tx.unreadNotificationCount(memberId, NOTIFICATIONS_UNREAD_MAX) });
}

/**
 * Writes the act's notification, or adds the act to the one it joins; never for one's own act, nor
 * from a member the recipient mutes, nor across a block (`mute-block`).
 */
export async function notify(ctx: RuleContext, tx: StoreTx, act: Act): Promise<void> {
  if (act.recipientId === act.actorId) return;
  const { muting, blocking, blockedBy } = await tx.relations(act.recipientId);
  if (muting.includes(act.actorId) || blocking.includes(act.actorId) || blockedBy.includes(act.actorId)) return;
  await tx.addNotificationActor({
    id: ctx.newId(),
    recipientId: act.recipientId,
    kind: act.kind,
    key: notificationKey(act),
    postId: act.postId ?? null,
    replyId: act.replyId ?? null,
  }, act.actorId, ctx.now().toISOString());
  await changed(tx, act.recipientId);
}

/** Takes an act back out of its notification (a like taken back, a follow undone, a mention edited away). */
export async function unnotify(tx: StoreTx, act: Act): Promise<void> {
  if (act.recipientId === act.actorId) return;
  if (await tx.removeNotificationActor(act.recipientId, notificationKey(act), act.actorId)) await changed(tx, act.recipientId);
}

/**
 * Deletes a post or a reply with `remove`, and with it the notifications about it, telling each
 * member who had one.
 */
export async function removingNotifications(tx: StoreTx, about: { postId: string } | { replyId: string }, remove: () => Promise<void>): Promise<void> {
  const recipients = await tx.notificationRecipients(about);
  await remove();
  for (const memberId of recipients) await changed(tx, memberId);
}

/**
 * The members a text mentions, each once, without its author, without names nobody has, and without
 * members in a block with the author either way (a mention across a block reaches nobody).
 */
export async function mentionedMembers(reader: StoreReader, text: string, authorId: string): Promise<MemberRow[]> {
  const names = mentionedUsernames(text);
  if (names.length === 0) return [];
  const { blocking, blockedBy } = await reader.relations(authorId);
  const blocked = new Set([...blocking, ...blockedBy]);
  const found = new Map<string, MemberRow>();
  for (const name of names) {
    const member = await reader.memberByUsername(name);
    if (member && member.id !== authorId && !blocked.has(member.id)) found.set(member.id, member);
  }
  return [...found.values()];
}

/**
 * Brings a post's or a reply's mention notifications in line with its text: members named anew are
 * told, members no longer named lose theirs. `skip` is told otherwise (a post's author of a reply).
 */
export async function syncMentions(
  ctx: RuleContext, tx: StoreTx, subject: { postId: string; replyId?: string; authorId: string },
  before: string, after: string, skip?: string,
): Promise<void> {
  const was = new Set((await mentionedMembers(tx, before, subject.authorId)).map((member) => member.id));
  const now = new Set((await mentionedMembers(tx, after, subject.authorId)).map((member) => member.id));
  const act = (recipientId: string): Act => ({ kind: 'mention', recipientId, actorId: subject.authorId, postId: subject.postId, ...(subject.replyId === undefined ? {} : { replyId: subject.replyId }) });
  for (const id of was) if (!now.has(id) && id !== skip) await unnotify(tx, act(id));
  for (const id of now) if (!was.has(id) && id !== skip) await notify(ctx, tx, act(id));
}

/** Marks every notification of the member read, on every device. */
export async function markRead(ctx: RuleContext, member: MemberRow): Promise<void> {
  await ctx.store.transaction(async (tx) => {
    await tx.markNotificationsRead(member.id);
    await changed(tx, member.id);
  });
}
