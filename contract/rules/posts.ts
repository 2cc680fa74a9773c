/** Posts: reading, writing, editing, deleting, liking and disliking. */
import type { RuleContext } from '../context';
import { refusal } from '../errors';
import type { OneStatementOutcome, MemberRow, MoreImageRow, PostRow, ReactionKind, StoreReader, StoreTx } from '../store';
import type { TokenClaims } from '../tokens';
import type { PostDraftPayload, PostEditPayload } from '../api';
import type { PreparedImage } from '../images';
import { LIMITS } from '../limits';
import { postImagesText } from '../messages';
import { readUploadedImage, validateContentWarning, validateImageAlt, validatePostText } from '../validation';
import { notify, notifyingWrite, removingNotifications, syncMentions, unnotify } from './notifications';
import { visibleOriginal, visiblePost } from './relations';
import { quotable, quoted, removeRepost, unquoted } from './reposts';

export async function findPost(reader: StoreReader, postId: string): Promise<PostRow> {
  const post = await reader.post(postId);
  if (!post) throw refusal('postNotFound');
  return post;
}

/** The author a username names, ignoring case; 404 when nobody has it. */
export async function findUsername(reader: StoreReader, username: string): Promise<MemberRow> {
  const author = await reader.memberByUsername(username);
  if (!author) throw refusal('userNotFound');
  return author;
}

/** A new post's fields, checked, with its images as the backend keeps them: what a post or a scheduled post is made of. */
export interface CheckedDraft {
  text: string;
  imageAlt: string;
  warning: string;
  /** The first image; undefined when the post has none. */
  kept: PreparedImage | undefined;
  /** The images after the first (`more-images`), in order, each with its description. */
  more: { kept: PreparedImage; alt: string }[];
}

/** `postData.moreImages` as given: a list of `{ image, imageAlt? }`, or nothing. */
export function moreImagesGiven(raw: unknown): { image: string; imageAlt: string }[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw refusal('invalidBody');
  return raw.map((item: unknown) => {
    const entry = (typeof item === 'object' && item !== null ? item : {}) as { image?: unknown; imageAlt?: unknown };
    if (typeof entry.image !== 'string') throw refusal('invalidBody');
    if (entry.imageAlt !== undefined && entry.imageAlt !== null && typeof entry.imageAlt !== 'string') throw refusal('invalidBody');
    return { image: entry.image, imageAlt: entry.imageAlt ?? '' };
  });
}

/**
 * Checks a new post's fields; its images are read (without their metadata) and prepared before any
 * transaction, each as the first is: `image` and then `moreImages`, at most ctx.postImagesMax in all.
 */
export async function readPostDraft(ctx: RuleContext, postData: PostDraftPayload['postData']): Promise<CheckedDraft> {
  const text = validatePostText(postData.text ?? '');
  const rawImage = postData.image ?? '';
  const given = [...(rawImage === '' ? [] : [{ image: rawImage, imageAlt: postData.imageAlt ?? '' }]), ...moreImagesGiven(postData.moreImages)];
  const most = ctx.postImagesMax ?? LIMITS.postImagesMax;
  // Counted before any is read: a sixth image costs nothing to refuse.
  if (given.length > most) throw refusal('tooManyImages', postImagesText(most));
  // Without their metadata (where they were taken, the camera's serial) from here on.
  const uploads = given.map(({ image }) => readUploadedImage(image, 'imageInvalid', ctx.imagePixelsMax));
  if (text === '' && uploads.length === 0) throw refusal('postEmpty');
  const alts = given.map(({ imageAlt }) => validateImageAlt(imageAlt));
  const warning = validateContentWarning(postData.warning ?? '');
  // As the backend keeps them (the server draws each again), before the transaction holds anything.
  const prepared: PreparedImage[] = [];
  for (const upload of uploads) prepared.push(await ctx.images.prepare(upload, 'imageInvalid', true));
  const [kept, ...rest] = prepared;
  return { text, imageAlt: kept ? alts[0] ?? '' : '', warning, kept, more: rest.map((image, index) => ({ kept: image, alt: alts[index + 1] ?? '' })) };
}

/** Keeps a draft's images after the first in this transaction (the first is kept by its caller). */
export async function keepMoreImages(tx: StoreTx, more: CheckedDraft['more']): Promise<MoreImageRow[]> {
  const rows: MoreImageRow[] = [];
  for (const { kept, alt } of more) rows.push({ ...(await tx.keepImage(kept)), alt });
  return rows;
}

/** What a post (or a scheduled one) holds that an edit may change. */
type EditablePost = Pick<PostRow, 'content' | 'postImage' | 'imageAlt' | 'warning' | 'moreImages'>;

/** `postData.moreImageAlts` checked against the images it describes: one string each, in order. */
function readMoreImageAlts(images: readonly MoreImageRow[], raw: unknown): MoreImageRow[] {
  if (raw === undefined || raw === null) return [...images];
  if (!Array.isArray(raw) || raw.length !== images.length || raw.some((alt) => typeof alt !== 'string')) throw refusal('imageAltsInvalid');
  return images.map((image, index) => ({ ...image, alt: validateImageAlt(raw[index] as string) }));
}

/**
 * The text, image descriptions and content warning after an edit (`postData`), each checked as a
 * new post's; what the edit leaves out (`undefined` or `null`) stays as `post` has it. A post left
 * with neither text nor image is refused.
 */
export function readPostEdit(post: EditablePost, postData: { text?: string | null; imageAlt?: string | null; warning?: string | null; moreImageAlts?: unknown }): Pick<PostRow, 'imageAlt' | 'warning' | 'moreImages'> & { text: string; changed: boolean } {
  const text = postData.text === undefined || postData.text === null ? post.content : validatePostText(postData.text);
  if (text === '' && post.postImage === '') throw refusal('postEmpty');
  const rawAlt = postData.imageAlt ?? undefined;
  const imageAlt = rawAlt === undefined || post.postImage === '' ? post.imageAlt : validateImageAlt(rawAlt);
  const rawWarning = postData.warning ?? undefined;
  const warning = rawWarning === undefined ? post.warning : validateContentWarning(rawWarning);
  const moreImages = readMoreImageAlts(post.moreImages, postData.moreImageAlts);
  const changed = text !== post.content || imageAlt !== post.imageAlt || warning !== post.warning
    || moreImages.some((image, index) => image.alt !== post.moreImages[index]?.alt);
  return { text, imageAlt, warning, moreImages, changed };
}

/**
 * Creates a post from `{ postData: { text, image?, previewImage?, imageAlt?, warning?, moreImages? }, quoteOf? }`.
 * `image` is a data URL or empty; `previewImage` is the client's own preview and is ignored;
 * `imageAlt` describes the image, and is dropped when there is none; `moreImages` are the images
 * after it (`more-images`); `warning` is shown in place of
 * both until opened; `quoteOf` names the post it quotes (the `reposts` extension), as its author lets.
 */
export async function createPost(ctx: RuleContext, author: MemberRow, { postData, quoteOf }: PostDraftPayload): Promise<PostRow> {
  const { text, imageAlt, warning, kept, more } = await readPostDraft(ctx, postData);

  const timestamp = ctx.now().toISOString();
  return ctx.store.transaction(async (tx) => {
    const original = quoteOf === undefined || quoteOf === null || quoteOf === '' ? undefined : await quotable(tx, author, quoteOf);
    const image = kept ? await tx.keepImage(kept) : undefined;
    const moreImages = await keepMoreImages(tx, more);
    const post: PostRow = {
      id: ctx.newId(),
      authorId: author.id,
      content: text,
      postImage: image?.url ?? '',
      imageAlt,
      createdAt: timestamp,
      updatedAt: timestamp,
      editedAt: null,
      imageSizes: image?.sizes ?? null,
      warning,
      moreImages,
      repostOf: null,
      quoteOf: original?.id ?? null,
    };
    await tx.insertPost(post);
    await tx.emit({ type: 'post-created', postId: post.id, authorId: author.id });
    await syncMentions(ctx, tx, { postId: post.id, authorId: author.id }, '', text);
    if (original) await quoted(ctx, tx, post, original);
    return post;
  });
}

/**
 * Replaces a post's text, its image's description when `imageAlt` is given and its content warning
 * when `warning` is, from `{ postData: { text, imageAlt?, warning? } }`; only its author may. A change
 * to any marks the post edited now; its creation time stays.
 */
export async function editPost(ctx: RuleContext, member: MemberRow, postId: string, { postData }: PostEditPayload): Promise<void> {
  const updatedAt = ctx.now().toISOString();
  await ctx.store.transaction(async (tx) => {
    const post = await visiblePost(tx, postId, member.id);
    // A repost has nothing of its own to edit: it is answered as its original.
    if (post.repostOf !== null) throw refusal('editNotOwner');
    if (post.authorId !== member.id) throw refusal('editNotOwner');
    const { text, imageAlt, warning, moreImages, changed } = readPostEdit(post, postData);
    await tx.updatePost(post.id, { content: text, updatedAt, imageAlt, warning, moreImages, editedAt: changed ? updatedAt : post.editedAt });
    await tx.emit({ type: 'post-edited', postId: post.id });
    await syncMentions(ctx, tx, { postId: post.id, authorId: post.authorId }, post.content, text);
  });
}

/** Deletes a post (only its author may) and drops it from every member's bookmarks. */
export async function deletePost(ctx: RuleContext, member: MemberRow, postId: string): Promise<void> {
  await ctx.store.transaction(async (tx) => {
    const post = await visiblePost(tx, postId, member.id);
    if (post.authorId !== member.id) throw refusal('deleteNotOwner');
    await removePost(tx, post);
  });
}

/** Deletes a post as its author's delete does (a repost is taken back); a moderator's removal too. */
export async function removePost(tx: StoreTx, post: PostRow): Promise<void> {
  // A repost deleted is a repost taken back.
  const original = post.repostOf === null ? undefined : await tx.post(post.repostOf);
  if (original) {
    await removeRepost(tx, post, original);
    return;
  }
  await removingNotifications(tx, { postId: post.id }, () => tx.deletePost(post.id));
  await tx.emit({ type: 'post-deleted', postId: post.id });
  await unquoted(tx, post);
}

/**
 * Sets a member's reaction and tells the stream the post's counts after it; a like joins the
 * author's notification of the post's likes, a like taken back leaves it.
 */
async function react(ctx: RuleContext, tx: StoreTx, post: PostRow, memberId: string, reaction: ReactionKind): Promise<void> {
  await tx.setReaction(post.id, memberId, reaction);
  await tx.emit({ type: 'post-reacted', postId: post.id, memberId, reaction, ...(await tx.reactionCounts(post.id)) });
  const act = { kind: 'like', recipientId: post.authorId, actorId: memberId, postId: post.id } as const;
  if (reaction === 'like') await notify(ctx, tx, act);
  else await unnotify(tx, act);
}

/** Like (spec section 4): joins likedBy, leaves dislikedBy; the like count follows likedBy. */
export async function likePost(ctx: RuleContext, member: MemberRow, postId: string): Promise<void> {
  await ctx.store.transaction(async (tx) => {
    const post = await visibleOriginal(tx, postId, member.id);
    if ((await tx.reaction(post.id, member.id)) === 'like') throw refusal('alreadyLiked');
    await react(ctx, tx, post, member.id, 'like');
  });
}

/**
 * Dislike (spec section 4): takes back the member's like (count - 1) and joins dislikedBy.
 * Refused with 'Cannot decrement like less than 0.' when the count is 0, and also when the member
 * has not liked the post: their dislike cannot decrement a count they did not add to, and the count
 * must always equal the number of members in likedBy.
 */
export async function dislikePost(ctx: RuleContext, member: MemberRow, postId: string): Promise<void> {
  await ctx.store.transaction(async (tx) => {
    const post = await visibleOriginal(tx, postId, member.id);
    if ((await tx.reactionCounts(post.id)).likeCount === 0) throw refusal('likeBelowZero');
    const reaction = await tx.reaction(post.id, member.id);
    if (reaction === 'dislike') throw refusal('alreadyDisliked');
    if (reaction !== 'like') throw refusal('likeBelowZero');
    await react(ctx, tx, post, member.id, 'dislike');
  });
}

/** What a write in one statement answered: its result, or undefined for the rules to decide; a refusal is thrown. */
export function settled<T>(outcome: OneStatementOutcome<T>): T | undefined {
  if ('done' in outcome) return outcome.done;
  if (outcome.refused === 'recheck') return undefined;
  throw refusal(outcome.refused);
}

/**
 * likePost or dislikePost in one statement, for a store that has it (Store.oneStatement), from a token
 * whose signature is verified: the post's counts after it, or undefined when the store leaves the
 * call to the rules above.
 */
export async function reactInOneStatement(ctx: RuleContext, claims: TokenClaims, postId: string, reaction: ReactionKind): Promise<{ likeCount: number; dislikeCount: number } | undefined> {
  const writes = ctx.store.oneStatement;
  if (!writes) return undefined;
  return settled(await writes.react(claims, { postId, reaction, ...notifyingWrite(ctx, { kind: 'like', actorId: claims.sub, postId }) }));
}
