/**
 * A member's data (the `accounts` extension): everything they made, exported as plain data, and read
 * back into a new account on this or another SocialConnect.
 *
 * The export holds the profile, the posts and replies (oldest first), the pins, and whom the member
 * follows, mutes and blocks (by username, which carries to another network), and what they bookmarked;
 * images as their URLs, which the app fetches into the zip. It leaves out what others made: followers,
 * likes, replies to the member's posts, notifications.
 *
 * An import is refused once the account has a post or a reply, so a second try of the same file makes
 * nothing twice. Posts keep their text, image, description, warning and times; replies go back under
 * the post they answered, when it is one of the import's posts or a post this network has, and are
 * skipped otherwise (they are never turned into posts); a reply that answered a reply keeps it where
 * it can. Profile, posts, replies and pins are written in one transaction; then each follow, bookmark,
 * mute and block is made by its own rule, and one that cannot be (nobody has the username here, the
 * post is not here, a block stands between) is reported as skipped, with why. An import tells nobody:
 * no notification of a reply or a mention is made for what was written elsewhere, long ago.
 */
import type { DataExport, DataImportRequest, DataImportResult } from '../api';
import type { RuleContext } from '../context';
import { refusal, RuleError } from '../errors';
import type { PreparedImage } from '../images';
import { LIMITS } from '../limits';
import { errorCode, postImagesText, type MessageKey } from '../messages';
import type { MemberRow, MoreImageRow, PostRow, ReplyRow, StoreReader, StoreTx } from '../store';
import {
  isShippedImagePath, readUploadedImage, validateAvatar, validateBio, validateContentWarning, validateImageAlt, validateLanguage,
  validatePortfolioUrl, validatePostText, validateReplyText, type AvatarChoice,
} from '../validation';
import { addBookmark } from './bookmarks';
import { findUsername, moreImagesGiven } from './posts';
import { block, mute, visiblePost } from './relations';
import { avatarUrl, follow } from './users';

type Skipped = DataImportResult['skipped'][number];

const byOldest = (a: { createdAt: string; id: string }, b: { createdAt: string; id: string }): number =>
  a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);

/** Everything the member made, as GET /account/export answers it. */
export async function exportData(ctx: RuleContext, memberId: string): Promise<DataExport> {
  const exportedAt = ctx.now().toISOString();
  return ctx.store.read(async (reader) => {
    const member = await reader.memberById(memberId);
    if (!member) throw refusal('userNotRegistered');
    const posts = (await reader.postsByAuthor(memberId)).sort(byOldest);
    const replies = await reader.repliesByAuthor(memberId);
    const { muting, blocking } = await reader.relations(memberId);
    const following = (await reader.followLists([memberId])).get(memberId)?.following ?? [];
    const bookmarkIds = (await reader.bookmarkLists([memberId])).get(memberId) ?? [];
    const others = new Map((await reader.postsByIds([...new Set([...bookmarkIds, ...replies.map((reply) => reply.postId)])])).map((post) => [post.id, post]));
    const named = new Map((await reader.membersByIds([...new Set([...following, ...muting, ...blocking, ...[...others.values()].map((post) => post.authorId)])])).map((row) => [row.id, row]));
    const usernameOf = (id: string) => (id === memberId ? member.username : named.get(id)?.username ?? '');
    const listed = (ids: readonly string[]) => ids.flatMap((id) => {
      const row = named.get(id);
      return row ? [{ username: row.username, firstName: row.firstName, lastName: row.lastName }] : [];
    });
    return {
      format: LIMITS.dataFormat,
      exportedAt,
      profile: {
        username: member.username, firstName: member.firstName, lastName: member.lastName, userBio: member.userBio,
        userPortfolioUrl: member.userPortfolioUrl, language: member.language, image: member.image, createdAt: member.createdAt,
      },
      posts: posts.map((post) => ({
        id: post.id, content: post.content, postImage: post.postImage, imageAlt: post.imageAlt, warning: post.warning, createdAt: post.createdAt, editedAt: post.editedAt,
        ...(post.moreImages.length > 0 ? { moreImages: post.moreImages.map(({ url, alt }) => ({ url, alt })) } : {}),
      })),
      replies: replies.map((reply) => ({
        id: reply.id, postId: reply.postId, postAuthor: usernameOf(others.get(reply.postId)?.authorId ?? ''), replyToId: reply.replyToId, content: reply.content, createdAt: reply.createdAt,
      })),
      pinnedPostIds: await reader.pinnedPostIds(memberId),
      following: listed(following),
      muting: listed(muting),
      blocking: listed(blocking),
      bookmarks: bookmarkIds.flatMap((postId) => {
        const post = others.get(postId);
        return post ? [{ postId, postAuthor: usernameOf(post.authorId), content: post.content }] : [];
      }),
    };
  });
}

/** A time the export gave, as this network keeps times; not a time, or one still to come: not an export. */
function timeOf(value: string, now: Date): string {
  const at = Date.parse(value);
  if (!Number.isFinite(at) || at > now.getTime()) throw refusal('importInvalid');
  return new Date(at).toISOString();
}

/** A post's image as given: none, one shipped with the app, or an upload the backend prepares. */
type ImageGiven = { kind: 'none' } | { kind: 'shipped'; path: string } | { kind: 'upload'; prepared: PreparedImage };

interface PostGiven {
  exportId: string;
  text: string;
  image: ImageGiven;
  imageAlt: string;
  /** The images after the first, each with its description. */
  more: Array<{ image: Exclude<ImageGiven, { kind: 'none' }>; alt: string }>;
  warning: string;
  createdAt: string;
  editedAt: string | null;
}

interface ReplyGiven {
  exportId: string;
  postId: string;
  replyToId: string;
  text: string;
  createdAt: string;
}

/** The profile's fields the import sets, checked; the avatar prepared when it is an upload. */
interface ProfileGiven {
  userBio?: string;
  userPortfolioUrl?: string;
  language?: string;
  avatar?: AvatarChoice | (Extract<AvatarChoice, { kind: 'upload' }> & PreparedImage);
}

/** Every count the import may hold, checked before anything is read. */
function checkCounts(body: DataImportRequest): void {
  const lists = [body.following, body.muting, body.blocking, body.bookmarks].map((list) => list?.length ?? 0);
  if (body.posts.length > LIMITS.importPostsMax || (body.replies?.length ?? 0) > LIMITS.importRepliesMax || lists.some((length) => length > LIMITS.importListMax)) {
    throw refusal('importTooMany');
  }
}

async function readProfile(ctx: RuleContext, member: MemberRow, profile: DataImportRequest['profile']): Promise<ProfileGiven> {
  if (!profile) return {};
  const given: ProfileGiven = {};
  if (profile.userBio != null) given.userBio = validateBio(profile.userBio);
  if (profile.userPortfolioUrl != null) given.userPortfolioUrl = validatePortfolioUrl(profile.userPortfolioUrl);
  if (profile.language != null) given.language = validateLanguage(profile.language);
  if (profile.avatar != null) {
    const chosen = validateAvatar(profile.avatar, member.image, ctx.imagePixelsMax);
    given.avatar = chosen.kind === 'upload' ? { ...chosen, ...(await ctx.images.prepare(chosen, 'avatarInvalid')) } : chosen;
  }
  return given;
}

/** An image an export names: one shipped with the app, or an upload the backend prepares (never '': none). */
async function imageGiven(ctx: RuleContext, raw: string): Promise<Exclude<ImageGiven, { kind: 'none' }>> {
  if (isShippedImagePath(raw)) return { kind: 'shipped', path: raw };
  return { kind: 'upload', prepared: await ctx.images.prepare(readUploadedImage(raw, 'imageInvalid', ctx.imagePixelsMax), 'imageInvalid', true) };
}

async function readPost(ctx: RuleContext, post: DataImportRequest['posts'][number], now: Date): Promise<PostGiven> {
  const text = validatePostText(post.text ?? '');
  const raw = post.image ?? '';
  const moreGiven = moreImagesGiven(post.moreImages);
  const most = ctx.postImagesMax ?? LIMITS.postImagesMax;
  if ((raw === '' ? 0 : 1) + moreGiven.length > most) throw refusal('tooManyImages', postImagesText(most));
  const image: ImageGiven = raw === '' ? { kind: 'none' } : await imageGiven(ctx, raw);
  const more: PostGiven['more'] = [];
  for (const given of moreGiven) more.push({ image: await imageGiven(ctx, given.image), alt: validateImageAlt(given.imageAlt) });
  if (text === '' && image.kind === 'none' && more.length === 0) throw refusal('postEmpty');
  const createdAt = timeOf(post.createdAt, now);
  const editedAt = post.editedAt == null || post.editedAt === '' ? null : timeOf(post.editedAt, now);
  // With no first image, the first of the rest is the first, as a new post's are.
  const [first, ...rest] = image.kind === 'none' ? more : [{ image, alt: validateImageAlt(post.imageAlt ?? '') }, ...more];
  return {
    exportId: post.id, text, image: first?.image ?? { kind: 'none' }, imageAlt: first?.alt ?? '', more: rest, createdAt, editedAt,
    warning: validateContentWarning(post.warning ?? ''),
  };
}

/** Ids the export gives more than once: not an export. */
function refuseRepeats(ids: readonly string[]): void {
  if (new Set(ids).size !== ids.length) throw refusal('importInvalid');
}

async function keptImage(tx: StoreTx, image: ImageGiven): Promise<{ url: string; sizes: PostRow['imageSizes'] }> {
  if (image.kind === 'shipped') return { url: await tx.keepShippedImage(image.path), sizes: null };
  if (image.kind === 'upload') return tx.keepImage(image.prepared);
  return { url: '', sizes: null };
}

/** The post a reply goes under: the import's own, or one of this network's the member may see. */
async function parentOf(tx: StoreTx, postIds: ReadonlyMap<string, string>, given: ReplyGiven, memberId: string): Promise<PostRow> {
  const own = postIds.get(given.postId);
  return visiblePost(tx, own ?? given.postId, memberId);
}

/** The reply a reply answers, where it can be kept: one of the import's, or this network's under the same post. */
async function answered(tx: StoreTx, replyIds: ReadonlyMap<string, ReplyRow>, given: ReplyGiven, postId: string, memberId: string): Promise<ReplyRow | undefined> {
  if (given.replyToId === '') return undefined;
  const own = replyIds.get(given.replyToId);
  if (own) return own.postId === postId ? own : undefined;
  const found = await tx.reply(given.replyToId);
  if (!found || found.postId !== postId || (await tx.blockedBetween(memberId, found.authorId))) return undefined;
  return found;
}

/** What the transaction wrote, for the relations made after it. */
interface Written {
  posts: number;
  replies: number;
  postIds: Map<string, string>;
  skipped: Skipped[];
}

function skip(kind: Skipped['kind'], name: string, key: MessageKey | RuleError): Skipped {
  return { kind, name, code: key instanceof RuleError ? key.code : errorCode(key) };
}

async function writeImport(ctx: RuleContext, member: MemberRow, profile: ProfileGiven, posts: PostGiven[], replies: ReplyGiven[], pinned: readonly string[]): Promise<Written> {
  const updatedAt = ctx.now().toISOString();
  return ctx.store.transaction(async (tx) => {
    const current = await tx.memberById(member.id);
    if (!current) throw refusal('userNotRegistered');
    // The member's row is written first: on the server it holds a second import of the same account
    // until this one ends, which then finds its posts.
    const { avatar, ...fields } = profile;
    // Named only when it changes: the server lets go of the image a member named before.
    const image = avatar === undefined || avatar.kind === 'unchanged' ? {} : { image: await avatarUrl(tx, avatar, current.image) };
    await tx.updateMember(member.id, { ...fields, ...image, updatedAt });
    if ((await tx.postsByAuthor(member.id)).length > 0 || (await tx.repliesByAuthor(member.id)).length > 0) throw refusal('importNotEmpty');
    await tx.emit({ type: 'member-updated', memberId: member.id });

    const postIds = new Map<string, string>();
    for (const given of posts) {
      const kept = await keptImage(tx, given.image);
      const moreImages: MoreImageRow[] = [];
      for (const { image, alt } of given.more) moreImages.push({ ...(await keptImage(tx, image)), alt });
      const row: PostRow = {
        id: ctx.newId(), authorId: member.id, content: given.text, postImage: kept.url, imageAlt: given.imageAlt, createdAt: given.createdAt,
        updatedAt: given.editedAt ?? given.createdAt, editedAt: given.editedAt, imageSizes: kept.sizes, warning: given.warning,
        moreImages, repostOf: null, quoteOf: null,
      };
      await tx.insertPost(row);
      await tx.emit({ type: 'post-created', postId: row.id, authorId: member.id });
      postIds.set(given.exportId, row.id);
    }

    const skipped: Skipped[] = [];
    const replyIds = new Map<string, ReplyRow>();
    for (const given of replies) {
      let post: PostRow;
      try {
        post = await parentOf(tx, postIds, given, member.id);
      } catch (error) {
        if (!(error instanceof RuleError)) throw error;
        skipped.push(skip('reply', given.exportId, error));
        continue;
      }
      const target = await answered(tx, replyIds, given, post.id, member.id);
      const row: ReplyRow = {
        id: ctx.newId(), postId: post.id, authorId: member.id, content: given.text, replyToId: target?.id ?? null, replyToAuthorId: target?.authorId ?? null, createdAt: given.createdAt,
      };
      await tx.insertReply(row);
      const replyCount = (await tx.replyCounts([post.id])).get(post.id) ?? 0;
      await tx.emit({ type: 'reply-created', postId: post.id, replyId: row.id, authorId: member.id, replyCount });
      replyIds.set(given.exportId, row);
    }

    const pins = [...new Set(pinned.flatMap((id) => postIds.get(id) ?? []))].slice(0, LIMITS.pinnedPostsMax);
    for (const postId of pins) await tx.setPin(member.id, postId, true);
    return { posts: posts.length, replies: replyIds.size, postIds, skipped };
  });
}

/** The refusals that say a relation already is what the import asks: it counts as made. */
const ALREADY = new Set<string>(['alreadyFollowing', 'alreadyBookmarked', 'alreadyMuted', 'alreadyBlocked'].map((key) => errorCode(key as MessageKey)));

/** Makes one relation by its rule: whether it holds now, or why it was skipped. */
async function relate(kind: Skipped['kind'], name: string, make: () => Promise<unknown>, skipped: Skipped[]): Promise<number> {
  try {
    await make();
    return 1;
  } catch (error) {
    if (!(error instanceof RuleError)) throw error;
    if (ALREADY.has(error.code)) return 1;
    skipped.push(skip(kind, name, error));
    return 0;
  }
}

/** The member a username names here. */
async function memberNamed(ctx: RuleContext, username: string): Promise<MemberRow> {
  return ctx.store.read((reader: StoreReader) => findUsername(reader, username));
}

/**
 * Reads an export into the member's account (POST /account/import): everything is checked before
 * anything is written; refused when the account already has a post or a reply.
 */
export async function importData(ctx: RuleContext, member: MemberRow, body: DataImportRequest): Promise<DataImportResult> {
  if (body.format !== LIMITS.dataFormat) throw refusal('importInvalid');
  checkCounts(body);
  const now = ctx.now();
  refuseRepeats(body.posts.map((post) => post.id));
  refuseRepeats((body.replies ?? []).map((reply) => reply.id));
  const replies: ReplyGiven[] = (body.replies ?? []).map((reply) => ({
    exportId: reply.id, postId: reply.postId, replyToId: reply.replyToId ?? '', text: validateReplyText(reply.text ?? ''), createdAt: timeOf(reply.createdAt, now),
  })).sort((a, b) => byOldest({ createdAt: a.createdAt, id: a.exportId }, { createdAt: b.createdAt, id: b.exportId }));
  const profile = await readProfile(ctx, member, body.profile);
  const posts: PostGiven[] = [];
  // One at a time: the server draws each image again, and holds one in memory while it does.
  for (const post of body.posts) posts.push(await readPost(ctx, post, now));
  posts.sort((a, b) => byOldest({ createdAt: a.createdAt, id: a.exportId }, { createdAt: b.createdAt, id: b.exportId }));

  const written = await writeImport(ctx, member, profile, posts, replies, body.pinnedPostIds ?? []);
  const skipped = written.skipped;
  let follows = 0;
  for (const username of body.following ?? []) {
    follows += await relate('follow', username, async () => follow(ctx, member, (await memberNamed(ctx, username)).id), skipped);
  }
  let bookmarks = 0;
  for (const postId of body.bookmarks ?? []) {
    bookmarks += await relate('bookmark', postId, () => addBookmark(ctx, member.id, written.postIds.get(postId) ?? postId), skipped);
  }
  let mutes = 0;
  for (const username of body.muting ?? []) {
    mutes += await relate('mute', username, async () => mute(ctx, member, (await memberNamed(ctx, username)).id), skipped);
  }
  let blocks = 0;
  for (const username of body.blocking ?? []) {
    blocks += await relate('block', username, async () => block(ctx, member, (await memberNamed(ctx, username)).id), skipped);
  }
  return { posts: written.posts, replies: written.replies, follows, bookmarks, mutes, blocks, skipped };
}
