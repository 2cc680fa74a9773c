/** Replies to posts (the `replies` extension): writing, deleting, liking and unliking them. */
import type { ReplyDraftPayload } from '../api';
import type { RuleContext } from '../context';
import { refusal } from '../errors';
import type { MemberRow, ReplyRow, StoreReader, StoreTx } from '../store';
import { validateReplyText } from '../validation';
import { notify, removingNotifications, syncMentions, unnotify } from './notifications';
import { findPost } from './posts';
import { refuseBlocked, visibleOriginal, visibleReply } from './relations';

async function replyCountOf(reader: StoreReader, postId: string): Promise<number> {
  return (await reader.replyCounts([postId])).get(postId) ?? 0;
}

/**
 * Writes a reply from `{ replyData: { text, replyTo? } }`. `replyTo` names a reply to the same post
 * that this one answers: the new reply names its author and joins the post's one list of replies.
 */
export async function createReply(ctx: RuleContext, author: MemberRow, postId: string, { replyData }: ReplyDraftPayload): Promise<{ reply: ReplyRow; replyCount: number }> {
  const text = validateReplyText(replyData.text ?? '');
  const answering = replyData.replyTo ?? '';
  const createdAt = ctx.now().toISOString();
  return ctx.store.transaction(async (tx) => {
    const post = await visibleOriginal(tx, postId, author.id);
    let answered: ReplyRow | undefined;
    if (answering !== '') {
      answered = await tx.reply(answering);
      if (!answered || answered.postId !== post.id) throw refusal('replyNotFound');
      await refuseBlocked(tx, author.id, answered.authorId, 'replyNotFound');
    }
    const reply: ReplyRow = {
      id: ctx.newId(),
      postId: post.id,
      authorId: author.id,
      content: text,
      replyToId: answered?.id ?? null,
      replyToAuthorId: answered?.authorId ?? null,
      createdAt,
    };
    await tx.insertReply(reply);
    const replyCount = await replyCountOf(tx, post.id);
    await tx.emit({ type: 'reply-created', postId: post.id, replyId: reply.id, authorId: author.id, replyCount });
    await notify(ctx, tx, { kind: 'reply', recipientId: post.authorId, actorId: author.id, postId: post.id, replyId: reply.id });
    // The post's author is told of the reply already: a mention of them in it adds nothing.
    await syncMentions(ctx, tx, { postId: post.id, replyId: reply.id, authorId: author.id }, '', text, post.authorId);
    return { reply, replyCount };
  });
}

/** Deletes a reply: its author may, and so may the author of the post it answers. */
export async function deleteReply(ctx: RuleContext, member: MemberRow, replyId: string): Promise<{ postId: string; replyCount: number }> {
  return ctx.store.transaction(async (tx) => {
    const reply = await visibleReply(tx, replyId, member.id);
    const post = await findPost(tx, reply.postId);
    if (reply.authorId !== member.id && post.authorId !== member.id) throw refusal('replyDeleteNotAllowed');
    return removeReply(tx, reply);
  });
}

/** Deletes a reply as its author's delete does; a moderator's removal too. */
export async function removeReply(tx: StoreTx, reply: ReplyRow): Promise<{ postId: string; replyCount: number }> {
  await removingNotifications(tx, { replyId: reply.id }, () => tx.deleteReply(reply.id));
  const replyCount = await replyCountOf(tx, reply.postId);
  await tx.emit({ type: 'reply-deleted', postId: reply.postId, replyId: reply.id, replyCount });
  return { postId: reply.postId, replyCount };
}

async function setLike(ctx: RuleContext, tx: StoreTx, reply: ReplyRow, memberId: string, liked: boolean): Promise<void> {
  await tx.setReplyLike(reply.id, memberId, liked);
  const likeCount = (await tx.replyLikeLists([reply.id])).get(reply.id)?.length ?? 0;
  await tx.emit({ type: 'reply-reacted', postId: reply.postId, replyId: reply.id, memberId, liked, likeCount });
  const act = { kind: 'like', recipientId: reply.authorId, actorId: memberId, postId: reply.postId, replyId: reply.id } as const;
  if (liked) await notify(ctx, tx, act);
  else await unnotify(tx, act);
}

export async function likeReply(ctx: RuleContext, member: MemberRow, replyId: string): Promise<void> {
  await ctx.store.transaction(async (tx) => {
    const reply = await visibleReply(tx, replyId, member.id);
    if (await tx.isReplyLiked(reply.id, member.id)) throw refusal('replyAlreadyLiked');
    await setLike(ctx, tx, reply, member.id, true);
  });
}

export async function unlikeReply(ctx: RuleContext, member: MemberRow, replyId: string): Promise<void> {
  await ctx.store.transaction(async (tx) => {
    const reply = await visibleReply(tx, replyId, member.id);
    if (!(await tx.isReplyLiked(reply.id, member.id))) throw refusal('replyNotLiked');
    await setLike(ctx, tx, reply, member.id, false);
  });
}
