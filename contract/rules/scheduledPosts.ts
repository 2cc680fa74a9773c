/**
 * Scheduled posts (the `scheduled-posts` extension): a post kept to be published at a time its
 * author picks, at least LIMITS.scheduleLeadSeconds ahead and within LIMITS.scheduleDaysMax days. Its
 * image is checked and kept when it is scheduled, so nothing fails when its time comes; its author
 * alone sees it, changes its text, description, warning or time, or cancels it, until a backend
 * publishes it (publishDuePosts) as a new post.
 */
import type { ScheduledPost, ScheduledPostDraft, ScheduledPostEdit } from '../api';
import type { RuleContext } from '../context';
import { refusal } from '../errors';
import { LIMITS } from '../limits';
import { moreImageOut, type MemberRow, type PostRow, type ScheduledPostRow } from '../store';
import { syncMentions } from './notifications';
import { keepMoreImages, readPostDraft, readPostEdit } from './posts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** How many due posts one transaction publishes. */
const PUBLISH_BATCH = 20;

/** The instant `value` names, if it is one a post may be scheduled for now. */
function publishTimeOf(ctx: RuleContext, value: unknown): string {
  const at = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(value) ? Date.parse(value) : Number.NaN;
  const now = ctx.now().getTime();
  if (Number.isNaN(at) || at < now + LIMITS.scheduleLeadSeconds * 1000 || at > now + LIMITS.scheduleDaysMax * DAY_MS) throw refusal('scheduleTimeInvalid');
  return new Date(at).toISOString();
}

export function presentScheduledPost(row: ScheduledPostRow): ScheduledPost {
  const { authorId: _author, imageSizes, moreImages, ...fields } = row;
  return { ...fields, ...(imageSizes ? { imageSizes } : {}), ...(moreImages.length > 0 ? { moreImages: moreImages.map(moreImageOut) } : {}) };
}

/** The member's scheduled posts, the soonest first. */
export async function listScheduledPosts(ctx: RuleContext, member: MemberRow): Promise<ScheduledPost[]> {
  return (await ctx.store.read((reader) => reader.scheduledPostsOf(member.id))).map(presentScheduledPost);
}

/** Keeps a post to publish at `publishAt`: checked as a new post is, its image kept now. */
export async function schedulePost(ctx: RuleContext, member: MemberRow, { postData, publishAt }: ScheduledPostDraft): Promise<ScheduledPost> {
  const at = publishTimeOf(ctx, publishAt);
  const { text, imageAlt, warning, kept, more } = await readPostDraft(ctx, postData);
  const timestamp = ctx.now().toISOString();
  return ctx.store.transaction(async (tx) => {
    if ((await tx.scheduledPostsOf(member.id)).length >= LIMITS.scheduledPostsMax) throw refusal('scheduledPostsTooMany');
    const image = kept ? await tx.keepImage(kept) : undefined;
    const moreImages = await keepMoreImages(tx, more);
    const row: ScheduledPostRow = {
      id: ctx.newId(), authorId: member.id, content: text, postImage: image?.url ?? '', imageAlt,
      imageSizes: image?.sizes ?? null, moreImages, warning, publishAt: at, createdAt: timestamp, updatedAt: timestamp,
    };
    await tx.insertScheduledPost(row);
    return presentScheduledPost(row);
  });
}

/** The member's own scheduled post, or scheduledPostNotFound (another's answers the same). */
async function ownScheduledPost(reader: { scheduledPost(id: string): Promise<ScheduledPostRow | undefined> }, member: MemberRow, id: string): Promise<ScheduledPostRow> {
  const row = await reader.scheduledPost(id);
  if (!row || row.authorId !== member.id) throw refusal('scheduledPostNotFound');
  return row;
}

/** Changes a scheduled post's text, description or warning (as a post's edit), or its time. */
export async function editScheduledPost(ctx: RuleContext, member: MemberRow, id: string, { postData, publishAt }: ScheduledPostEdit): Promise<ScheduledPost> {
  const at = publishAt === undefined || publishAt === null ? undefined : publishTimeOf(ctx, publishAt);
  const updatedAt = ctx.now().toISOString();
  return ctx.store.transaction(async (tx) => {
    const row = await ownScheduledPost(tx, member, id);
    const { text, imageAlt, warning, moreImages } = readPostEdit(row, postData ?? {});
    const changes = { content: text, imageAlt, warning, moreImages, publishAt: at ?? row.publishAt, updatedAt };
    await tx.updateScheduledPost(id, changes);
    return presentScheduledPost({ ...row, ...changes });
  });
}

/** Cancels a scheduled post: it is never published, and its image is let go of. */
export async function cancelScheduledPost(ctx: RuleContext, member: MemberRow, id: string): Promise<void> {
  await ctx.store.transaction(async (tx) => {
    await ownScheduledPost(tx, member, id);
    await tx.deleteScheduledPost(id);
  });
}

/**
 * Publishes every scheduled post due by now, a batch a transaction, the soonest first: each becomes
 * a new post of now, told to the live stream and to the members it mentions. Several processes may
 * run it at once: each post is taken by one transaction. Answers how many it published.
 */
export async function publishDuePosts(ctx: RuleContext): Promise<number> {
  // A read first: most looks find nothing due, and take no transaction.
  const next = await ctx.store.read((reader) => reader.nextScheduledAt());
  if (next === null || next > ctx.now().toISOString()) return 0;
  let published = 0;
  for (;;) {
    const count = await ctx.store.transaction(async (tx) => {
      const due = await tx.takeDueScheduledPosts(ctx.now().toISOString(), PUBLISH_BATCH);
      for (const row of due) {
        const timestamp = ctx.now().toISOString();
        const post: PostRow = {
          id: ctx.newId(), authorId: row.authorId, content: row.content, postImage: row.postImage, imageAlt: row.imageAlt,
          createdAt: timestamp, updatedAt: timestamp, editedAt: null, imageSizes: row.imageSizes, warning: row.warning,
          moreImages: row.moreImages, repostOf: null, quoteOf: null,
        };
        await tx.insertPost(post);
        await tx.emit({ type: 'post-created', postId: post.id, authorId: post.authorId });
        await syncMentions(ctx, tx, { postId: post.id, authorId: post.authorId }, '', post.content);
      }
      return due.length;
    });
    published += count;
    if (count < PUBLISH_BATCH) return published;
  }
}
