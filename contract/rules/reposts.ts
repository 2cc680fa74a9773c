/**
 * Reposts and quotes (the `reposts` extension). A repost is a row of the reposter's own, with no
 * text or image, that puts the original in their followers' home feed and on their profile; one a
 * member and post. A quote is a post of its own that names the post it quotes; the quoted post's
 * author chooses who may (`quotePolicy`). Both tell the author (grouped by post, as likes are) and
 * the live stream, and both go when the original goes: the reposts with it, the quotes then showing
 * it as no longer available.
 */
import type { QuotePolicy, RepostChange } from '../api';
import type { RuleContext } from '../context';
import { refusal } from '../errors';
import type { MemberRow, PostRow, StoreTx } from '../store';
import { notify, unnotify } from './notifications';
import { visibleOriginal } from './relations';

const QUOTE_POLICIES: readonly QuotePolicy[] = ['anyone', 'followers', 'nobody'];

/** A quote policy as sent (POST /users/edit), or refused. */
export function readQuotePolicy(value: string): QuotePolicy {
  const policy = QUOTE_POLICIES.find((known) => known === value);
  if (!policy) throw refusal('quotePolicyInvalid');
  return policy;
}

/** Tells the stream a post's counts after a repost or a quote (`shared`) or their undoing. */
async function shared(tx: StoreTx, postId: string, memberId: string, kind: 'repost' | 'quote', on: boolean): Promise<RepostChange> {
  const counts = (await tx.shareCounts([postId])).get(postId) ?? { reposts: 0, quotes: 0 };
  const change = { postId, repostCount: counts.reposts, quoteCount: counts.quotes };
  await tx.emit({ type: 'post-shared', ...change, memberId, kind, shared: on });
  return { ...change, reposted: kind === 'repost' ? on : (await tx.repostBy(memberId, postId)) !== undefined };
}

/** Reposts a post (a repost's id reposts its original); refused when the member already did. */
export async function repost(ctx: RuleContext, member: MemberRow, postId: string): Promise<RepostChange> {
  const at = ctx.now().toISOString();
  return ctx.store.transaction(async (tx) => {
    // Read in a write, the original's row is locked: two reposts of it at once are counted in turn.
    const original = await visibleOriginal(tx, postId, member.id);
    if (await tx.repostBy(member.id, original.id)) throw refusal('alreadyReposted');
    const row: PostRow = {
      id: ctx.newId(),
      authorId: member.id,
      content: '',
      postImage: '',
      moreImages: [],
      imageAlt: '',
      createdAt: at,
      updatedAt: at,
      editedAt: null,
      imageSizes: null,
      warning: '',
      repostOf: original.id,
      quoteOf: null,
    };
    await tx.insertPost(row);
    await tx.emit({ type: 'post-created', postId: row.id, authorId: member.id, repostOf: original.id });
    await notify(ctx, tx, { kind: 'repost', recipientId: original.authorId, actorId: member.id, postId: original.id });
    return shared(tx, original.id, member.id, 'repost', true);
  });
}

/** Takes the member's repost back; refused when there is none. */
export async function undoRepost(ctx: RuleContext, member: MemberRow, postId: string): Promise<RepostChange> {
  return ctx.store.transaction(async (tx) => {
    const original = await visibleOriginal(tx, postId, member.id);
    const row = await tx.repostBy(member.id, original.id);
    if (!row) throw refusal('notReposted');
    return removeRepost(tx, row, original);
  });
}

/** Deletes a repost row: it leaves the lists it was in, its count and the author's notification. */
export async function removeRepost(tx: StoreTx, row: PostRow, original: PostRow): Promise<RepostChange> {
  await tx.deletePost(row.id);
  await tx.emit({ type: 'post-deleted', postId: row.id });
  await unnotify(tx, { kind: 'repost', recipientId: original.authorId, actorId: row.authorId, postId: original.id });
  return shared(tx, original.id, row.authorId, 'repost', false);
}

/**
 * The post a new post quotes, once the member may quote it: any member may quote their own; others
 * as its author's policy says (anyone; the members who follow the author; nobody).
 */
export async function quotable(tx: StoreTx, member: MemberRow, postId: string): Promise<PostRow> {
  const original = await visibleOriginal(tx, postId, member.id);
  if (original.authorId === member.id) return original;
  const author = await tx.memberById(original.authorId);
  const policy = author?.quotePolicy ?? 'anyone';
  if (policy === 'nobody' || (policy === 'followers' && !(await tx.isFollowing(member.id, original.authorId)))) throw refusal('quoteNotAllowed');
  return original;
}

/** After a quote is written: the quoted post's author is told, and the stream its counts. */
export async function quoted(ctx: RuleContext, tx: StoreTx, quote: PostRow, original: PostRow): Promise<void> {
  await notify(ctx, tx, { kind: 'quote', recipientId: original.authorId, actorId: quote.authorId, postId: original.id });
  await shared(tx, original.id, quote.authorId, 'quote', true);
}

/**
 * After a quote is deleted: the stream hears the quoted post's counts, and the author's notification
 * loses the member unless another of their quotes of it stays.
 */
export async function unquoted(tx: StoreTx, quote: PostRow): Promise<void> {
  if (quote.quoteOf === null) return;
  const original = await tx.post(quote.quoteOf);
  if (!original) return;
  if (!(await tx.quotesBy(quote.authorId, original.id, quote.id))) {
    await unnotify(tx, { kind: 'quote', recipientId: original.authorId, actorId: quote.authorId, postId: original.id });
  }
  await shared(tx, original.id, quote.authorId, 'quote', false);
}
