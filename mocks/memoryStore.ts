/**
 * The stand-in backend's store: the network as Maps in memory (the DbSnapshot shape), behind the
 * contract's Store interface. One operation at a time: reads and transactions queue behind each
 * other, so a check-and-change can never interleave with another. A transaction that throws is
 * rolled back from an undo log of what it touched, however large the store.
 */
import { refusal } from '../contract/errors';
import { decodeCursor, encodeCursor, latestFirst, notificationCursor, notificationCursorKey, postCursor, postCursorKey, replyCursor, replyCursorKey } from '../contract/cursor';
import type { MoreImage, NetworkRule } from '../contract/api';
import type { NetworkEvent, StoredEvent } from '../contract/events';
import { ORDER_COMPARATORS, type PostOrder } from '../contract/order';
import { tagsOf } from '../contract/richText';
import { firstKept, nameHolds, textMatches } from '../contract/search';
import { sizesOf } from '../contract/images';
import { uploadedImage } from '../contract/validation';
import {
  holdsReposts, moreImageIn, moreImageOut, postFactsOneByOne,
  type MemberCard, type MemberRow, type MoreImageRow, type NotificationEntry, type Page, type PageRequest, type PostRow, type PostSource, type ReactionKind, type Relations, type ReplyPage, type ReplyPageRequest, type EmailConfirmationRow,
  type PasswordResetRow, type ReplyRow, type AuditRow, type ReportRow, type ScheduledPostRow, type Scope, type SessionRow, type ShareCounts, type Store, type StoreReader, type StoreTx,
} from '../contract/store';
import { idempotencyExpired } from '../contract/idempotency';
import {
  DB_SNAPSHOT_VERSION, emptySnapshot, type DbSnapshot, type IdempotencyRecord, type KeptMail, type NotificationRecord, type PostRecord, type ReplyRecord, type AuditRecord, type ReportRecord, type ScheduledPostRecord, type UserRecord,
} from '../contract/snapshot';

export interface MemoryDb {
  readonly users: Map<string, UserRecord>;
  readonly posts: Map<string, PostRecord>;
  /** Replies to posts, in the order they were written. */
  readonly replies: Map<string, ReplyRecord>;
  /**
   * Notifications by id, each with its place: the one that arrived or grew last has the highest
   * place, and comes last in the Map.
   */
  readonly notifications: Map<string, { record: NotificationRecord; place: number }>;
  /** The place the next notification to arrive or grow takes. */
  nextPlace: number;
  /** Tokens ended by logout: jti to the time they expire anyway. */
  readonly revokedTokens: Map<string, string>;
  /**
   * The devices members are logged in on, by their token's id (`accounts`): kept beside the network,
   * not in its snapshot, and forgotten by a load (a token in use makes its record again when next seen).
   */
  readonly sessions: Map<string, SessionRow>;
  /** Password reset links by their token's hash (`accounts`), saved with the store (not the network's). */
  readonly passwordResets: Map<string, PasswordResetRow>;
  /** Email confirmation links by their token's hash, saved with the store as the reset links are. */
  readonly emailConfirmations: Map<string, EmailConfirmationRow>;
  /** The mail the stand-in sent, oldest first (at most INBOX_KEPT): QA's inbox. */
  readonly inbox: KeptMail[];
  /** The last events committed, oldest first, for the live stream (at most EVENTS_KEPT). */
  readonly events: StoredEvent[];
  /** Creates answered under an Idempotency-Key, by idempotencyEntry(scope, key). */
  readonly idempotencyKeys: Map<string, IdempotencyRecord>;
  /** Posts waiting to be published (`scheduled-posts`), by id. */
  readonly scheduledPosts: Map<string, ScheduledPostRecord>;
  /** Members' reports (`moderation`), by id, in the order they were made. */
  readonly reports: Map<string, ReportRecord>;
  /** The network's rules, in the admin's order (`moderation`). */
  rules: NetworkRule[];
  /** The moderators' audit log (`moderation`), in the order it was written: only ever added to. */
  readonly audit: AuditRecord[];
  /** The network's version: the id of the last event committed. */
  version: number;
  /** Replaces the whole content with a copy of the snapshot. */
  load(snapshot: DbSnapshot): void;
  /** A deep copy of the whole content. */
  snapshot(): DbSnapshot;
  /** Usernames are unique ignoring case. */
  findUserByUsername(username: string): UserRecord | undefined;
}

export function createMemoryDb(seed: DbSnapshot = emptySnapshot()): MemoryDb {
  const users = new Map<string, UserRecord>();
  const posts = new Map<string, PostRecord>();
  const replies = new Map<string, ReplyRecord>();
  const revokedTokens = new Map<string, string>();
  const sessions = new Map<string, SessionRow>();
  const passwordResets = new Map<string, PasswordResetRow>();
  const emailConfirmations = new Map<string, EmailConfirmationRow>();
  const inbox: KeptMail[] = [];
  const notifications = new Map<string, { record: NotificationRecord; place: number }>();
  const events: StoredEvent[] = [];
  const idempotencyKeys = new Map<string, IdempotencyRecord>();
  const scheduledPosts = new Map<string, ScheduledPostRecord>();
  const reports = new Map<string, ReportRecord>();
  const audit: AuditRecord[] = [];

  const db: MemoryDb = {
    audit,
    idempotencyKeys,
    scheduledPosts,
    reports,
    rules: [],
    users,
    posts,
    replies,
    notifications,
    nextPlace: 1,
    revokedTokens,
    sessions,
    passwordResets,
    emailConfirmations,
    inbox,
    events,
    version: 0,
    load(snapshot) {
      const copy = structuredClone(snapshot);
      users.clear();
      posts.clear();
      replies.clear();
      notifications.clear();
      revokedTokens.clear();
      // As the server's, whose devices go with the members a load replaces.
      sessions.clear();
      passwordResets.clear();
      emailConfirmations.clear();
      idempotencyKeys.clear();
      scheduledPosts.clear();
      for (const record of copy.scheduledPosts ?? []) scheduledPosts.set(record.id, record);
      reports.clear();
      for (const record of copy.reports ?? []) reports.set(record.id, record);
      db.rules = copy.rules ?? [];
      audit.splice(0, audit.length, ...(copy.audit ?? []));
      for (const record of copy.idempotencyKeys ?? []) idempotencyKeys.set(idempotencyEntry(record.scope, record.key), record);
      for (const user of copy.users) users.set(user.id, user);
      for (const post of copy.posts) posts.set(post.id, post);
      for (const reply of copy.replies ?? []) replies.set(reply.id, reply);
      db.nextPlace = 1;
      for (const record of copy.notifications ?? []) {
        notifications.set(record.id, { record, place: db.nextPlace });
        db.nextPlace += 1;
      }
      for (const token of copy.revokedTokens ?? []) revokedTokens.set(token.jti, token.expiresAt);
      for (const reset of copy.passwordResets ?? []) passwordResets.set(reset.tokenHash, reset);
      for (const confirmation of copy.emailConfirmations ?? []) emailConfirmations.set(confirmation.tokenHash, confirmation);
      inbox.splice(0, inbox.length, ...(copy.inbox ?? []));
      // A store saved by another tab brings its events; any other snapshot is a new network, and a
      // stream behind it must load again.
      events.splice(0, events.length, ...(copy.events ?? []));
      db.version = copy.networkVersion ?? db.version + 1;
    },
    snapshot() {
      const revoked = [...revokedTokens].map(([jti, expiresAt]) => ({ jti, expiresAt }));
      return structuredClone({
        version: DB_SNAPSHOT_VERSION,
        users: [...users.values()],
        posts: [...posts.values()],
        ...(replies.size > 0 ? { replies: [...replies.values()].sort(byOldest) } : {}),
        ...(notifications.size > 0 ? { notifications: [...notifications.values()].map((entry) => entry.record) } : {}),
        ...(revoked.length > 0 ? { revokedTokens: revoked } : {}),
        networkVersion: db.version,
        ...(events.length > 0 ? { events } : {}),
        ...(idempotencyKeys.size > 0 ? { idempotencyKeys: [...idempotencyKeys.values()] } : {}),
        ...(passwordResets.size > 0 ? { passwordResets: [...passwordResets.values()] } : {}),
        ...(emailConfirmations.size > 0 ? { emailConfirmations: [...emailConfirmations.values()] } : {}),
        ...(inbox.length > 0 ? { inbox } : {}),
        ...(scheduledPosts.size > 0 ? { scheduledPosts: [...scheduledPosts.values()].sort(bySoonest) } : {}),
        ...(reports.size > 0 ? { reports: [...reports.values()] } : {}),
        ...(db.rules.length > 0 ? { rules: db.rules } : {}),
        ...(audit.length > 0 ? { audit } : {}),
      });
    },
    findUserByUsername(username) {
      const wanted = username.toLowerCase();
      for (const user of users.values()) {
        if (user.username.toLowerCase() === wanted) return user;
      }
      return undefined;
    },
  };
  db.load(seed);
  return db;
}

/** By username, ignoring case (as the server's lower(username) orders them). */
function byUsername(a: UserRecord, b: UserRecord): number {
  const [x, y] = [a.username.toLowerCase(), b.username.toLowerCase()];
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Scheduled posts, the soonest first (ties by id). */
function bySoonest(a: ScheduledPostRecord, b: ScheduledPostRecord): number {
  return a.publishAt.localeCompare(b.publishAt) || a.id.localeCompare(b.id);
}

function scheduledRow({ imageSizes, moreImages, ...record }: ScheduledPostRecord): ScheduledPostRow {
  return { ...structuredClone(record), imageSizes: imageSizes ? structuredClone(imageSizes) : null, moreImages: structuredClone(moreImages ?? []).map(moreImageIn) };
}

function reportRow({ about, rule, ...record }: ReportRecord): ReportRow {
  return { ...structuredClone(record), subjectKind: about.kind, subjectId: about.id, rule: rule ? { ...rule } : null };
}

/** The later of two reports first; of two made at one instant, the greater id (as the server orders them). */
function newestFirst(a: { createdAt: string; id: string }, b: { createdAt: string; id: string }): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/** The open reports, the newest first. */
function openNewestFirst(db: MemoryDb): ReportRecord[] {
  return [...db.reports.values()].filter((record) => record.status === 'open').sort(newestFirst);
}

function auditRow({ subject, ...record }: AuditRecord): AuditRow {
  return { ...structuredClone(record), subjectKind: subject.kind, subjectId: subject.id };
}

/** A row's images after the first as a record keeps them: left out when there are none. */
function moreImagesKept(moreImages: readonly MoreImageRow[]): { moreImages?: MoreImage[] } {
  return moreImages.length > 0 ? { moreImages: structuredClone(moreImages.map(moreImageOut)) } : {};
}

/** Where a key's record is kept: keys are per scope (a member, or '' for signups). */
export function idempotencyEntry(scope: string, key: string): string {
  return JSON.stringify([scope, key]);
}

/** Newest first; ties broken by id so the order is stable. */
export function byNewest(a: Pick<PostRecord, 'createdAt' | 'id'>, b: Pick<PostRecord, 'createdAt' | 'id'>): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Oldest first; ties broken by id: the order of a post's replies. */
export function byOldest(a: Pick<ReplyRecord, 'createdAt' | 'id'>, b: Pick<ReplyRecord, 'createdAt' | 'id'>): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function replyRow(reply: ReplyRecord): ReplyRow {
  return {
    id: reply.id, postId: reply.postId, authorId: reply.authorId, content: reply.content,
    replyToId: reply.replyToId, replyToAuthorId: reply.replyToAuthorId, createdAt: reply.createdAt,
  };
}

function replyPage(db: MemoryDb, postId: string, { limit, cursor, at, before }: ReplyPageRequest): ReplyPage {
  const sorted = [...db.replies.values()].filter((reply) => reply.postId === postId).sort(byOldest);
  const firstFrom = (found: number) => (found === -1 ? sorted.length : found);
  let start: number;
  let end: number;
  if (before !== undefined) {
    const key = replyCursorKey(before);
    end = firstFrom(sorted.findIndex((reply) => byOldest(reply, key) >= 0));
    start = Math.max(0, end - limit);
  } else {
    const after = cursor === undefined ? undefined : replyCursorKey(cursor);
    start = at !== undefined ? firstFrom(sorted.findIndex((reply) => byOldest(reply, at) >= 0))
      : after !== undefined ? firstFrom(sorted.findIndex((reply) => byOldest(reply, after) > 0)) : 0;
    end = Math.min(sorted.length, start + limit);
  }
  const items = sorted.slice(start, end);
  const first = items[0];
  const last = items[items.length - 1];
  return {
    items: items.map(replyRow),
    nextCursor: end < sorted.length && last ? replyCursor(last) : null,
    previousCursor: start > 0 && first ? replyCursor(first) : null,
  };
}

/** What a page shows of a member (MemberCard): nothing private. */
function memberCard(user: UserRecord): MemberCard {
  return { id: user.id, username: user.username, firstName: user.firstName, lastName: user.lastName, image: user.image, quotePolicy: user.quotePolicy ?? 'anyone' };
}

function memberRow(user: UserRecord): MemberRow {
  return {
    ...memberCard(user),
    passwordHash: user.password,
    userBio: user.userBio,
    userPortfolioUrl: user.userPortfolioUrl,
    language: user.language ?? '',
    role: user.role ?? 'member',
    email: user.email ?? '',
    emailConfirmed: user.emailConfirmed ?? false,
    sessionVersion: user.sessionVersion ?? 0,
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
  };
}

/** Sets (or with undefined, takes off) a member's two-factor sign-in, undone with its transaction. */
function keepTwoFactor(db: MemoryDb, memberId: string, twoFactor: UserRecord['twoFactor'], undo: Array<() => void>): void {
  const user = db.users.get(memberId);
  if (!user) return;
  const before = user.twoFactor;
  if (twoFactor) user.twoFactor = twoFactor;
  else delete user.twoFactor;
  undo.push(() => {
    if (before) user.twoFactor = before;
    else delete user.twoFactor;
  });
}

/** A mailed link's row kept by its token's hash (a reset, a confirmation), undone with its transaction. */
function keepLink<Row extends PasswordResetRow>(links: Map<string, Row>, row: Row, undo: Array<() => void>): void {
  links.set(row.tokenHash, { ...row });
  undo.push(() => links.delete(row.tokenHash));
}

/** Forgets the member's links and anyone's expired by `at`, undone with the transaction. */
function dropLinks<Row extends PasswordResetRow>(links: Map<string, Row>, memberId: string, at: string, undo: Array<() => void>): void {
  for (const row of [...links.values()]) {
    if (row.memberId !== memberId && row.expiresAt > at) continue;
    links.delete(row.tokenHash);
    undo.push(() => links.set(row.tokenHash, row));
  }
}

function postRow(post: PostRecord): PostRow {
  return {
    id: post.id, authorId: post.authorId, content: post.content, postImage: post.postImage, imageAlt: post.imageAlt ?? '',
    createdAt: post.createdAt, updatedAt: post.updatedAt, editedAt: post.editedAt ?? null, imageSizes: post.imageSizes ?? null,
    warning: post.warning ?? '', repostOf: post.repostOf ?? null, quoteOf: post.quoteOf ?? null,
    moreImages: structuredClone(post.moreImages ?? []).map(moreImageIn),
  };
}

/** A post record's description, edit time and warning, left out when there are none (as the server exports them). */
function describedAndEdited({ imageAlt, editedAt, warning }: Pick<PostRow, 'imageAlt' | 'editedAt' | 'warning'>): Pick<PostRecord, 'imageAlt' | 'editedAt' | 'warning'> {
  return { ...(imageAlt !== '' ? { imageAlt } : {}), ...(editedAt !== null ? { editedAt } : {}), ...(warning !== '' ? { warning } : {}) };
}

function without(list: readonly string[], id: string): string[] {
  return list.filter((item) => item !== id);
}

/** The record of `id` as a row; undefined when there is none. */
function rowOf<R extends object, T>(all: Map<string, R>, id: string, toRow: (record: R) => T): T | undefined {
  const record = all.get(id);
  return record && toRow(record);
}

/** The records `scope` names, in its order, less those missing; every record for 'all'. */
function inScope<T extends object>(all: Map<string, T>, scope: Scope): T[] {
  return scope === 'all' ? [...all.values()] : scope.flatMap((id) => all.get(id) ?? []);
}

function postsOf(db: MemoryDb, source: PostSource, order: PostOrder): PostRecord[] {
  const all = holdsReposts(source, order) ? [...db.posts.values()] : originalsOf(db);
  if (source.kind === 'author') return all.filter((post) => post.authorId === source.authorId);
  const viewerId = source.kind === 'feed' ? source.memberId : source.viewerId;
  const hidden = hiddenAuthors(db, viewerId);
  const unlimited = hidden.size === 0 ? all : all.filter((post) => !hidden.has(post.authorId));
  // A limited member's posts (`moderation`) reach their followers and themselves alone: every list but
  // the feed (which holds only whom its member follows) leaves them out for anyone else.
  const limited = source.kind === 'feed' ? new Set<string>() : limitedFor(db, viewerId);
  const shown = limited.size === 0 ? unlimited : unlimited.filter((post) => !limited.has(post.authorId));
  if (source.kind === 'all') return shown;
  // A post's tags are read from its text as it is now, so an edit moves it in or out.
  if (source.kind === 'tag') return shown.filter((post) => tagsOf(post.content).includes(source.tag));
  if (source.kind === 'search') {
    return shown.filter((post) => (source.authorId === undefined || post.authorId === source.authorId) && textMatches(source, post.content));
  }
  if (source.kind === 'quotes') return shown.filter((post) => post.quoteOf === source.postId);
  const authors = new Set([source.memberId, ...(db.users.get(source.memberId)?.following ?? [])]);
  return shown.filter((post) => authors.has(post.authorId));
}

/** Every post but the reposts (the `reposts` extension), which only a feed and a member's own list hold. */
function originalsOf(db: MemoryDb): PostRecord[] {
  return [...db.posts.values()].filter((post) => post.repostOf === undefined);
}

/** Whom a member mutes and blocks, and who blocks them. */
function relationsOf(db: MemoryDb, memberId: string): Relations {
  const member = db.users.get(memberId);
  const blockedBy = [...db.users.values()].filter((user) => user.blocking?.includes(memberId)).map((user) => user.id);
  return { muting: [...(member?.muting ?? [])], blocking: [...(member?.blocking ?? [])], blockedBy };
}

function blockedBetween(db: MemoryDb, memberId: string, otherId: string): boolean {
  return (db.users.get(memberId)?.blocking?.includes(otherId) ?? false) || (db.users.get(otherId)?.blocking?.includes(memberId) ?? false);
}

/**
 * The members whose accounts are set to be deleted, in the order they asked, then the suspended
 * (`moderation`), hidden the same way.
 */
function leavingOf(db: MemoryDb): string[] {
  const leaving = [...db.users.values()]
    .filter((user) => user.deletion !== undefined)
    .sort((a, b) => (a.deletion?.requestedAt ?? '').localeCompare(b.deletion?.requestedAt ?? '') || a.id.localeCompare(b.id))
    .map((user) => user.id);
  const suspended = [...db.users.values()].filter((user) => user.standing === 'suspended' && user.deletion === undefined).map((user) => user.id);
  return [...leaving, ...suspended];
}

/** The limited members (`moderation`) whose posts the viewer's lists leave out: all but themselves and whom they follow. */
function limitedFor(db: MemoryDb, viewerId: string | undefined): Set<string> {
  const following = new Set(viewerId === undefined ? [] : db.users.get(viewerId)?.following ?? []);
  return new Set([...db.users.values()].filter((user) => user.standing === 'limited' && user.id !== viewerId && !following.has(user.id)).map((user) => user.id));
}

/**
 * The authors whose posts a viewer's lists leave out: muted, in a block either way, or left (but
 * the viewer); for a caller without a token, those who left.
 */
function hiddenAuthors(db: MemoryDb, viewerId: string | undefined): Set<string> {
  const left = leavingOf(db).filter((id) => id !== viewerId);
  if (viewerId === undefined) return new Set(left);
  const { muting, blocking, blockedBy } = relationsOf(db, viewerId);
  return new Set([...muting, ...blocking, ...blockedBy, ...left]);
}

function postPage(db: MemoryDb, source: PostSource, order: PostOrder, { limit, cursor }: PageRequest): Page<PostRow> {
  const compare = ORDER_COMPARATORS[order];
  const after = cursor === undefined ? undefined : postCursorKey(order, cursor);
  const sorted = postsOf(db, source, order)
    .map((post) => ({ post, key: { id: post.id, createdAt: post.createdAt, likeCount: post.likedBy.length } }))
    .filter(({ key }) => after === undefined || compare(key, after) > 0)
    .sort((a, b) => compare(a.key, b.key));
  const items = sorted.slice(0, limit);
  const last = items[items.length - 1];
  return {
    items: items.map(({ post }) => postRow(post)),
    nextCursor: sorted.length > limit && last ? postCursor(order, last.key) : null,
  };
}

/** Bookmarks, newest first; a cursor is the last post shown and its place, in case it was removed since. */
function bookmarkPage(db: MemoryDb, memberId: string, request: PageRequest): Page<PostRow> {
  const page = latestFirst('bookmarks', db.users.get(memberId)?.bookmarks ?? [], request);
  return { items: inScope(db.posts, page.items).map(postRow), nextCursor: page.nextCursor };
}

function membersOf(db: MemoryDb, page: Page<string>): Page<MemberRow> {
  return { items: inScope(db.users, page.items).map(memberRow), nextCursor: page.nextCursor };
}

function reader(db: MemoryDb): StoreReader {
  const self: StoreReader = {
    memberById: async (id) => rowOf(db.users, id, memberRow),
    memberByUsername: async (username) => {
      const user = db.findUserByUsername(username);
      return user && memberRow(user);
    },
    members: async () => [...db.users.values()].map(memberRow),
    memberCardsFirst: async ({ except, unfollowedBy, named }, limit) => {
      const left = new Set([...except, ...(unfollowedBy === undefined ? [] : db.users.get(unfollowedBy)?.following ?? [])]);
      const { kept, total } = firstKept(db.users.values(), (user) => !left.has(user.id) && (named === undefined || nameHolds(user, named)), limit);
      return { members: kept.map(memberCard), total };
    },
    staffMembers: async () => [...db.users.values()]
      .filter((user) => user.role !== undefined && user.role !== 'member')
      .sort((a, b) => Number(b.role === 'admin') - Number(a.role === 'admin') || byUsername(a, b))
      .map(memberRow),
    networkRules: async () => structuredClone(db.rules),
    membersByIds: async (ids) => {
      const wanted = new Set(ids);
      return [...db.users.values()].filter((user) => wanted.has(user.id)).map(memberRow);
    },
    memberCardsByIds: async (ids) => {
      const wanted = new Set(ids);
      return [...db.users.values()].filter((user) => wanted.has(user.id)).map(memberCard);
    },
    post: async (id) => rowOf(db.posts, id, postRow),
    posts: async () => originalsOf(db).sort(byNewest).map(postRow),
    postsByAuthor: async (authorId) => originalsOf(db).filter((post) => post.authorId === authorId).sort(byNewest).map(postRow),
    postsByIds: async (ids) => inScope(db.posts, ids).map(postRow),
    reactionLists: async (scope) => new Map(inScope(db.posts, scope).map((post) => [post.id, { likedBy: [...post.likedBy], dislikedBy: [...post.dislikedBy] }])),
    followLists: async (scope) => new Map(inScope(db.users, scope).map((user) => [user.id, { followers: [...user.followers], following: [...user.following] }])),
    bookmarkLists: async (scope) => new Map(inScope(db.users, scope).map((user) => [user.id, [...user.bookmarks]])),
    reaction: async (postId, memberId): Promise<ReactionKind | undefined> => {
      const post = db.posts.get(postId);
      if (post?.likedBy.includes(memberId)) return 'like';
      if (post?.dislikedBy.includes(memberId)) return 'dislike';
      return undefined;
    },
    reactionCounts: async (postId) => {
      const post = db.posts.get(postId);
      return { likeCount: post?.likedBy.length ?? 0, dislikeCount: post?.dislikedBy.length ?? 0 };
    },
    isFollowing: async (followerId, followeeId) => db.users.get(followerId)?.following.includes(followeeId) ?? false,
    isBookmarked: async (memberId, postId) => db.users.get(memberId)?.bookmarks.includes(postId) ?? false,
    pinnedPostIds: async (memberId) => [...(db.users.get(memberId)?.pins ?? [])],
    shareCounts: async (postIds) => {
      const wanted = new Set(postIds);
      const counts = new Map<string, ShareCounts>();
      for (const post of db.posts.values()) {
        const about = post.repostOf ?? post.quoteOf;
        if (about === undefined || !wanted.has(about)) continue;
        const count = counts.get(about) ?? { reposts: 0, quotes: 0 };
        counts.set(about, count);
        if (post.repostOf !== undefined) count.reposts += 1;
        else count.quotes += 1;
      }
      return counts;
    },
    repostedBy: async (memberId) => [...db.posts.values()]
      .filter((post) => post.authorId === memberId && post.repostOf !== undefined)
      .sort(byNewest)
      .flatMap((post) => (post.repostOf === undefined ? [] : [post.repostOf])),
    repostBy: async (memberId, postId) => {
      const found = [...db.posts.values()].find((post) => post.authorId === memberId && post.repostOf === postId);
      return found && postRow(found);
    },
    quotesBy: async (memberId, postId, exceptId) => [...db.posts.values()].some((post) => post.authorId === memberId && post.quoteOf === postId && post.id !== exceptId),
    pinnedAmong: async (scope) => {
      const wanted = scope === 'all' ? undefined : new Set(scope);
      return new Set([...db.users.values()].flatMap((user) => user.pins ?? []).filter((id) => !wanted || wanted.has(id)));
    },
    isTokenRevoked: async (jti) => db.revokedTokens.has(jti),
    memberByEmail: async (email) => {
      const wanted = email.toLowerCase();
      const found = [...db.users.values()].find((user) => user.email !== undefined && user.email.toLowerCase() === wanted);
      return found && memberRow(found);
    },
    passwordReset: async (tokenHash, at) => {
      const row = db.passwordResets.get(tokenHash);
      return row && row.expiresAt > at ? { ...row } : undefined;
    },
    emailConfirmation: async (tokenHash, at) => {
      const row = db.emailConfirmations.get(tokenHash);
      return row && row.expiresAt > at ? { ...row } : undefined;
    },
    emailConfirmationsSince: async (memberId, since) => [...db.emailConfirmations.values()].filter((row) => row.memberId === memberId && row.createdAt >= since).length,
    passwordResetsSince: async (memberId, since) => [...db.passwordResets.values()].filter((row) => row.memberId === memberId && row.createdAt >= since).length,
    sessionsOf: async (memberId, at) => [...db.sessions.values()].filter((row) => row.memberId === memberId && row.expiresAt > at).map((row) => ({ ...row })),
    twoFactorOf: async (memberId) => {
      const kept = db.users.get(memberId)?.twoFactor;
      return kept && { memberId, ...structuredClone(kept) };
    },
    accountDeletionOf: async (memberId) => {
      const kept = db.users.get(memberId)?.deletion;
      return kept && { memberId, ...kept };
    },
    accountDeletionsDue: async (at) => [...db.users.values()]
      .filter((user) => user.deletion !== undefined && user.deletion.purgeAt <= at)
      .sort((a, b) => (a.deletion?.purgeAt ?? '').localeCompare(b.deletion?.purgeAt ?? '') || a.id.localeCompare(b.id))
      .map((user) => user.id),
    scheduledPostsOf: async (memberId) => [...db.scheduledPosts.values()].filter((record) => record.authorId === memberId).sort(bySoonest).map(scheduledRow),
    scheduledPost: async (id) => rowOf(db.scheduledPosts, id, scheduledRow),
    // The latest first; of two made at one instant, the one made later.
    reportsBy: async (reporterId) => [...db.reports.values()].filter((record) => record.reporterId === reporterId).reverse()
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt)).map(reportRow),
    openReport: async (reporterId, subjectKind, subjectId) => {
      const found = [...db.reports.values()].find((record) => record.reporterId === reporterId && record.status === 'open' && record.about.kind === subjectKind && record.about.id === subjectId);
      return found && reportRow(found);
    },
    openReportsAbout: async (subjectKind, subjectId) => openNewestFirst(db)
      .filter((record) => record.about.kind === subjectKind && record.about.id === subjectId).map(reportRow),
    openSubjectPage: async ({ limit, cursor }) => {
      // Each subject's open reports, in the order of each subject's newest; a cursor is the last one's newest.
      const subjects = new Map<string, ReportRecord[]>();
      for (const record of openNewestFirst(db)) {
        const key = `${record.about.kind}\u0000${record.about.id}`;
        subjects.set(key, [...(subjects.get(key) ?? []), record]);
      }
      let groups = [...subjects.values()];
      if (cursor !== undefined) {
        const [createdAt, id] = decodeCursor(cursor, 'moderation-queue', ['s', 's']).map(String);
        groups = groups.filter(([newest]) => newest !== undefined && newestFirst(newest, { createdAt: createdAt ?? '', id: id ?? '' }) > 0);
      }
      const shown = groups.slice(0, limit);
      const last = shown[shown.length - 1]?.[0];
      return { items: shown.map((group) => group.map(reportRow)), nextCursor: groups.length > shown.length && last ? encodeCursor('moderation-queue', [last.createdAt, last.id]) : null };
    },
    openReportCount: async () => [...db.reports.values()].filter((record) => record.status === 'open').length,
    moderationHistories: async (memberIds) => {
      // The member a report is about: the member reported, else the author of what was reported.
      const about = (record: ReportRecord) => (record.about.kind === 'member' ? record.about.id : record.content.kind === 'member' ? '' : record.content.authorId);
      return new Map(memberIds.map((memberId) => [memberId, {
        closedReports: [...db.reports.values()].filter((record) => record.status !== 'open' && about(record) === memberId).length,
        actions: db.audit.filter((record) => record.memberId === memberId).reverse().map(auditRow),
        standing: db.users.get(memberId)?.standing ?? 'good',
      }]));
    },
    auditOf: async (memberId) => db.audit.filter((record) => record.memberId === memberId).reverse().map(auditRow),
    auditPage: async ({ limit, cursor }) => {
      // The newest first: the log's places, from its end. A cursor is the last place shown.
      let end = db.audit.length;
      if (cursor !== undefined) {
        const [place] = decodeCursor(cursor, 'audit', ['n']);
        if (!Number.isSafeInteger(place) || Number(place) < 0 || Number(place) > db.audit.length) throw refusal('pageCursorInvalid');
        end = Number(place);
      }
      const start = Math.max(0, end - limit);
      const items = db.audit.slice(start, end).reverse().map(auditRow);
      return { items, nextCursor: start > 0 ? encodeCursor('audit', [start]) : null };
    },
    standingOf: async (memberId) => db.users.get(memberId)?.standing ?? 'good',
    limitedMembers: async () => [...db.users.values()].filter((user) => user.standing === 'limited').map((user) => user.id),
    restrictedMemberPage: async ({ limit, cursor }) => {
      // By username, lower-cased, in code point order (usernames are ASCII); a cursor is the last one shown.
      const after = cursor === undefined ? undefined : String(decodeCursor(cursor, 'restricted', ['s'])[0]);
      const restricted = [...db.users.values()]
        .filter((user) => (user.standing === 'limited' || user.standing === 'suspended') && (after === undefined || user.username.toLowerCase() > after))
        .sort((a, b) => (a.username.toLowerCase() < b.username.toLowerCase() ? -1 : 1));
      const shown = restricted.slice(0, limit);
      const last = shown[shown.length - 1];
      return {
        items: shown.map((user) => ({ member: memberRow(user), standing: user.standing as 'limited' | 'suspended' })),
        nextCursor: restricted.length > limit && last ? encodeCursor('restricted', [last.username.toLowerCase()]) : null,
      };
    },
    nextScheduledAt: async () => [...db.scheduledPosts.values()].reduce<string | null>((soonest, record) => (soonest === null || record.publishAt < soonest ? record.publishAt : soonest), null),
    relations: async (memberId) => relationsOf(db, memberId),
    blockedBetween: async (memberId, otherId) => blockedBetween(db, memberId, otherId),
    standing: async (viewerId) => ({
      ...(viewerId === undefined ? { muting: [], blocking: [], blockedBy: [] } : relationsOf(db, viewerId)),
      leaving: leavingOf(db),
    }),
    unseenBy: async (viewerId, otherId) => db.users.get(otherId)?.deletion !== undefined || db.users.get(otherId)?.standing === 'suspended'
      || (viewerId !== undefined && blockedBetween(db, viewerId, otherId)),
    // The stand-in is a demo whatever its scenario: every member's password is in the README.
    demoNetwork: async () => true,
    lastEventId: async () => db.version,
    eventsAfter: async (id) => {
      if (id === db.version) return [];
      if (id > db.version) return 'reset';
      const after = db.events.filter((event) => event.id > id);
      // Every version since `id` must be there: a gap (events no longer kept, a load, a member's
      // events gone with them) is a reset.
      return after.length === db.version - id ? after : 'reset';
    },
    postPage: async (source, order, page) => postPage(db, source, order, page),
    bookmarkPage: async (memberId, page) => bookmarkPage(db, memberId, page),
    followPage: async (memberId, side, page) => membersOf(db, latestFirst(side, db.users.get(memberId)?.[side] ?? [], page)),
    likerPage: async (postId, page) => membersOf(db, latestFirst('likes', db.posts.get(postId)?.likedBy ?? [], page)),
    reply: async (id) => rowOf(db.replies, id, replyRow),
    repliesByIds: async (ids) => inScope(db.replies, ids).map(replyRow),
    repliesByAuthor: async (authorId) => [...db.replies.values()].filter((reply) => reply.authorId === authorId).sort(byOldest).map(replyRow),
    replyPage: async (postId, page) => replyPage(db, postId, page),
    replyCounts: async (scope, leaveOut) => {
      const counts = new Map<string, number>();
      for (const post of inScope(db.posts, scope)) counts.set(post.id, 0);
      for (const reply of db.replies.values()) {
        const count = counts.get(reply.postId);
        if (count !== undefined && !leaveOut?.has(reply.authorId)) counts.set(reply.postId, count + 1);
      }
      return counts;
    },
    replyLikeLists: async (replyIds) => new Map(inScope(db.replies, replyIds).map((reply) => [reply.id, [...reply.likedBy]])),
    isReplyLiked: async (replyId, memberId) => db.replies.get(replyId)?.likedBy.includes(memberId) ?? false,
    notificationPage: async (memberId, page) => notificationPage(db, memberId, page),
    unreadNotificationCount: async (memberId, max) => {
      const hidden = hiddenAuthors(db, memberId);
      let count = 0;
      for (const { record } of db.notifications.values()) {
        if (record.recipientId === memberId && record.unread && record.actorIds.some((id) => !hidden.has(id))) count += 1;
        if (count >= max) break;
      }
      return count;
    },
    notificationRecipients: async (about) => {
      const recipients = new Set<string>();
      for (const { record } of db.notifications.values()) if (isAbout(record, about)) recipients.add(record.recipientId);
      return [...recipients];
    },
    // In memory, nothing is saved by reading at once.
    postFacts: (postIds, leaveOut) => postFactsOneByOne(self, postIds, leaveOut),
    tokenHolder: async (jti, memberId) => ({ revoked: await self.isTokenRevoked(jti), member: await self.memberById(memberId) }),
  };
  return self;
}

/**
 * A notification with who is behind it, less the members its recipient does not see (`hidden`), and
 * the text it is about as it is now.
 */
function notificationEntry(db: MemoryDb, { record }: { record: NotificationRecord }, hidden: ReadonlySet<string>): NotificationEntry {
  const seen = record.actorIds.filter((id) => !hidden.has(id));
  const newestId = seen[seen.length - 1];
  const about = record.replyId === null ? (record.postId === null ? undefined : db.posts.get(record.postId)) : db.replies.get(record.replyId);
  return {
    id: record.id, recipientId: record.recipientId, kind: record.kind, postId: record.postId, replyId: record.replyId,
    unread: record.unread, updatedAt: record.updatedAt,
    actors: newestId === undefined ? null : { count: seen.length, newestId },
    aboutText: about?.content ?? null,
  };
}

/** A member's notifications, the one with the highest place first, after the cursor's place. */
function notificationPage(db: MemoryDb, memberId: string, { limit, cursor }: PageRequest): Page<NotificationEntry> {
  const before = cursor === undefined ? Number.POSITIVE_INFINITY : notificationCursorKey(cursor);
  const found = [...db.notifications.values()]
    .filter((entry) => entry.record.recipientId === memberId && entry.place < before)
    .sort((a, b) => b.place - a.place);
  const items = found.slice(0, limit);
  const last = items[items.length - 1];
  const hidden = hiddenAuthors(db, memberId);
  return { items: items.map((entry) => notificationEntry(db, entry, hidden)), nextCursor: found.length > limit && last ? notificationCursor(last.place) : null };
}

function isAbout(record: NotificationRecord, about: { postId: string } | { replyId: string }): boolean {
  return 'postId' in about ? record.postId === about.postId : record.replyId === about.replyId;
}

/** Deletes the notifications about a post (its replies' too) or a reply. */
function dropNotificationsAbout(db: MemoryDb, undo: Array<() => void>, about: { postId: string } | { replyId: string }): void {
  const kept = [...db.notifications];
  if (!kept.some(([, entry]) => isAbout(entry.record, about))) return;
  undo.push(() => setNotifications(db, kept));
  for (const [id, entry] of kept) if (isAbout(entry.record, about)) db.notifications.delete(id);
}

/** Deletes a reply, leaving the replies that answered it pointing at nobody's reply (they keep the name). */
function dropReply(db: MemoryDb, undo: Array<() => void>, id: string): void {
  const record = db.replies.get(id);
  if (!record) return;
  db.replies.delete(id);
  undo.push(() => db.replies.set(id, record));
  dropNotificationsAbout(db, undo, { replyId: id });
  for (const other of db.replies.values()) {
    if (other.replyToId !== id) continue;
    remember(undo, other);
    other.replyToId = null;
  }
}

/** The store's notifications replaced by `entries`, kept in their order. */
function setNotifications(db: MemoryDb, entries: ReadonlyArray<[string, { record: NotificationRecord; place: number }]>): void {
  db.notifications.clear();
  for (const [id, entry] of entries) db.notifications.set(id, entry);
}

/** The notifications in the order of their places, as the Map keeps them. */
function reorderNotifications(db: MemoryDb): void {
  setNotifications(db, [...db.notifications].sort(([, a], [, b]) => a.place - b.place));
}

/** A record's fields as they were, put back on rollback. */
function remember<T extends object>(undo: Array<() => void>, record: T): void {
  const before = structuredClone(record);
  undo.push(() => {
    // A field the transaction added (a first mute or block) goes too.
    for (const key of Object.keys(record)) if (!(key in before)) delete (record as Record<string, unknown>)[key];
    Object.assign(record, before);
  });
}

/** Deletes a post with its replies, and every bookmark, pin and notification of it. */
function dropPost(db: MemoryDb, undo: Array<() => void>, record: PostRecord): void {
  const { id } = record;
  db.posts.delete(id);
  undo.push(() => db.posts.set(id, record));
  dropNotificationsAbout(db, undo, { postId: id });
  // Its reposts go with it; its quotes stay, showing it as no longer available.
  for (const repost of [...db.posts.values()]) if (repost.repostOf === id) dropPost(db, undo, repost);
  for (const reply of [...db.replies.values()]) {
    if (reply.postId === id) dropReply(db, undo, reply.id);
  }
  for (const member of db.users.values()) {
    if (!member.bookmarks.includes(id) && !member.pins?.includes(id)) continue;
    remember(undo, member);
    member.bookmarks = without(member.bookmarks, id);
    if (member.pins) member.pins = without(member.pins, id);
  }
}

/** Deletes a member and everything that names them (StoreTx.deleteMember). */
function dropMember(db: MemoryDb, undo: Array<() => void>, memberId: string): void {
  const member = db.users.get(memberId);
  if (!member) return;
  for (const record of [...db.posts.values()]) if (record.authorId === memberId) dropPost(db, undo, record);
  for (const reply of [...db.replies.values()]) if (reply.authorId === memberId) dropReply(db, undo, reply.id);
  for (const record of db.posts.values()) {
    if (!record.likedBy.includes(memberId) && !record.dislikedBy.includes(memberId)) continue;
    remember(undo, record);
    record.likedBy = without(record.likedBy, memberId);
    record.dislikedBy = without(record.dislikedBy, memberId);
  }
  for (const reply of db.replies.values()) {
    if (!reply.likedBy.includes(memberId) && reply.replyToAuthorId !== memberId) continue;
    remember(undo, reply);
    reply.likedBy = without(reply.likedBy, memberId);
    if (reply.replyToAuthorId === memberId) reply.replyToAuthorId = null;
  }
  for (const other of db.users.values()) {
    const lists = [other.followers, other.following, other.muting ?? [], other.blocking ?? []];
    if (other.id === memberId || !lists.some((list) => list.includes(memberId))) continue;
    remember(undo, other);
    other.followers = without(other.followers, memberId);
    other.following = without(other.following, memberId);
    for (const list of ['muting', 'blocking'] as const) {
      const left = without(other[list] ?? [], memberId);
      if (left.length > 0) other[list] = left;
      else delete other[list];
    }
  }
  // Notifications to the member go, and their part in others' (one nobody else is behind goes).
  const kept = [...db.notifications];
  undo.push(() => setNotifications(db, kept));
  for (const [id, entry] of kept) {
    const actorIds = without(entry.record.actorIds, memberId);
    if (entry.record.recipientId === memberId || actorIds.length === 0) db.notifications.delete(id);
    else if (actorIds.length !== entry.record.actorIds.length) db.notifications.set(id, { ...entry, record: { ...entry.record, actorIds } });
  }
  const forget = <K, V>(map: Map<K, V>, names: (value: V) => boolean): void => {
    for (const [key, value] of [...map]) {
      if (!names(value)) continue;
      map.delete(key);
      undo.push(() => map.set(key, value));
    }
  };
  forget(db.sessions, (row) => row.memberId === memberId);
  forget(db.passwordResets, (row) => row.memberId === memberId);
  forget(db.emailConfirmations, (row) => row.memberId === memberId);
  forget(db.idempotencyKeys, (record) => record.scope === memberId);
  forget(db.scheduledPosts, (record) => record.authorId === memberId);
  // The reports they made; those about them stay, with what they reported, for the moderators.
  forget(db.reports, (record) => record.reporterId === memberId);
  // The change log's events that name them (a stream behind one loads again, as after any gap).
  const events = [...db.events];
  undo.push(() => db.events.splice(0, db.events.length, ...events));
  db.events.splice(0, db.events.length, ...events.filter((event) => !Object.values(event).includes(memberId)));
  db.users.delete(memberId);
  undo.push(() => db.users.set(memberId, member));
}

function writer(db: MemoryDb, undo: Array<() => void>, now: () => Date, emitted: NetworkEvent[]): StoreTx {
  /** The keys this transaction claimed, until it keeps their outcomes. */
  const claims = new Map<string, { fingerprint: string; createdAt: string }>();
  const user = (id: string): UserRecord => {
    const found = db.users.get(id);
    if (!found) throw new Error(`no member ${id} in the store`);
    return found;
  };
  const post = (id: string): PostRecord => {
    const found = db.posts.get(id);
    if (!found) throw new Error(`no post ${id} in the store`);
    return found;
  };
  /** Puts another member in or out of the member's muting or blocking list. */
  const setListed = (list: 'muting' | 'blocking', memberId: string, otherId: string, listed: boolean): void => {
    const member = user(memberId);
    user(otherId);
    remember(undo, member);
    const others = without(member[list] ?? [], otherId);
    if (listed) others.push(otherId);
    // Kept only while there is someone in it, as a snapshot has it.
    if (others.length > 0) member[list] = others;
    else delete member[list];
  };
  return {
    ...reader(db),
    setRole: async (memberId, role) => {
      const member = user(memberId);
      remember(undo, member);
      if (role === 'member') delete member.role;
      else member.role = role;
    },
    replaceNetworkRules: async (rules) => {
      const before = db.rules;
      db.rules = structuredClone([...rules]);
      undo.push(() => { db.rules = before; });
    },
    insertMember: async (row) => {
      if (db.users.has(row.id) || db.findUserByUsername(row.username)) throw new Error(`member ${row.username} exists`);
      db.users.set(row.id, {
        id: row.id, firstName: row.firstName, lastName: row.lastName, username: row.username, password: row.passwordHash,
        image: row.image, userBio: row.userBio, userPortfolioUrl: row.userPortfolioUrl, followers: [], following: [], bookmarks: [],
        createdAt: row.createdAt, updatedAt: row.updatedAt, ...(row.sessionVersion ? { sessionVersion: row.sessionVersion } : {}),
        ...(row.language ? { language: row.language } : {}),
        ...(row.quotePolicy !== 'anyone' ? { quotePolicy: row.quotePolicy } : {}),
        ...(row.role !== 'member' ? { role: row.role } : {}),
        ...(row.email ? { email: row.email } : {}),
        ...(row.emailConfirmed ? { emailConfirmed: true } : {}),
      });
      undo.push(() => db.users.delete(row.id));
    },
    updateMember: async (id, changes) => {
      const record = user(id);
      remember(undo, record);
      const { passwordHash, email, emailConfirmed, ...rest } = changes;
      Object.assign(record, rest, passwordHash === undefined ? {} : { password: passwordHash });
      if (email !== undefined) {
        if (email === '') delete record.email;
        else record.email = email;
      }
      if (emailConfirmed !== undefined) {
        if (emailConfirmed) record.emailConfirmed = true;
        else delete record.emailConfirmed;
      }
    },
    insertPost: async (row) => {
      if (db.posts.has(row.id)) throw new Error(`post ${row.id} exists`);
      user(row.authorId);
      const { imageAlt, editedAt, imageSizes, warning, repostOf, quoteOf, moreImages, ...fields } = row;
      db.posts.set(row.id, {
        ...fields, likedBy: [], dislikedBy: [], ...describedAndEdited({ imageAlt, editedAt, warning }), ...(imageSizes ? { imageSizes } : {}), ...moreImagesKept(moreImages),
        ...(repostOf === null ? {} : { repostOf }), ...(quoteOf === null ? {} : { quoteOf }),
      });
      undo.push(() => db.posts.delete(row.id));
    },
    updatePost: async (id, changes) => {
      const record = post(id);
      const { imageAlt, editedAt, warning, moreImages, ...fields } = changes;
      const { imageAlt: _formerAlt, editedAt: _formerEdit, warning: _formerWarning, moreImages: _formerImages, ...kept } = record;
      // A new record, so a rollback puts back the old one whole (fields it gained go too).
      db.posts.set(id, { ...kept, ...fields, ...describedAndEdited({ imageAlt, editedAt, warning }), ...moreImagesKept(moreImages) });
      undo.push(() => db.posts.set(id, record));
    },
    deletePost: async (id) => dropPost(db, undo, post(id)),
    setReaction: async (postId, memberId, kind) => {
      const record = post(postId);
      user(memberId);
      remember(undo, record);
      record.likedBy = without(record.likedBy, memberId);
      record.dislikedBy = without(record.dislikedBy, memberId);
      if (kind === 'like') record.likedBy.push(memberId);
      if (kind === 'dislike') record.dislikedBy.push(memberId);
    },
    setFollow: async (followerId, followeeId, following) => {
      if (followerId === followeeId && following) throw new Error('a member cannot follow themselves');
      const follower = user(followerId);
      const followee = user(followeeId);
      remember(undo, follower);
      if (followee !== follower) remember(undo, followee);
      follower.following = without(follower.following, followeeId);
      followee.followers = without(followee.followers, followerId);
      if (following) {
        follower.following.push(followeeId);
        followee.followers.push(followerId);
      }
    },
    setBookmark: async (memberId, postId, bookmarked) => {
      const member = user(memberId);
      if (bookmarked) post(postId);
      remember(undo, member);
      member.bookmarks = without(member.bookmarks, postId);
      if (bookmarked) member.bookmarks.push(postId);
    },
    setPin: async (memberId, postId, pinned) => {
      const member = user(memberId);
      if (pinned) post(postId);
      remember(undo, member);
      member.pins = without(member.pins ?? [], postId);
      if (pinned) member.pins.push(postId);
    },
    setMute: async (memberId, otherId, muted) => setListed('muting', memberId, otherId, muted),
    setBlock: async (memberId, otherId, blocked) => setListed('blocking', memberId, otherId, blocked),
    insertReply: async (row) => {
      if (db.replies.has(row.id)) throw new Error(`reply ${row.id} exists`);
      post(row.postId);
      user(row.authorId);
      db.replies.set(row.id, { ...row, likedBy: [] });
      undo.push(() => db.replies.delete(row.id));
    },
    deleteReply: async (id) => {
      dropReply(db, undo, id);
    },
    setReplyLike: async (replyId, memberId, liked) => {
      const record = db.replies.get(replyId);
      if (!record) throw new Error(`no reply ${replyId} in the store`);
      user(memberId);
      remember(undo, record);
      record.likedBy = without(record.likedBy, memberId);
      if (liked) record.likedBy.push(memberId);
    },
    addNotificationActor: async ({ key, ...fields }, actorId, at) => {
      user(fields.recipientId);
      user(actorId);
      const found = [...db.notifications.values()].find((entry) => entry.record.recipientId === fields.recipientId && entry.record.key === key);
      if (found?.record.actorIds.includes(actorId)) return;
      const kept = [...db.notifications];
      const placeBefore = db.nextPlace;
      undo.push(() => {
        setNotifications(db, kept);
        db.nextPlace = placeBefore;
      });
      const record: NotificationRecord = found
        ? { ...found.record, actorIds: [...found.record.actorIds, actorId], unread: true, updatedAt: at }
        : { ...fields, key, actorIds: [actorId], unread: true, updatedAt: at };
      // The one that grew goes last, with the highest place.
      db.notifications.delete(record.id);
      db.notifications.set(record.id, { record, place: db.nextPlace });
      db.nextPlace += 1;
    },
    removeNotificationActor: async (recipientId, key, actorId) => {
      const found = [...db.notifications.values()].find((entry) => entry.record.recipientId === recipientId && entry.record.key === key);
      if (!found?.record.actorIds.includes(actorId)) return false;
      const { record } = found;
      undo.push(() => {
        found.record = record;
      });
      const actorIds = without(record.actorIds, actorId);
      if (actorIds.length === 0) {
        db.notifications.delete(record.id);
        // On rollback (steps run last first) it comes back, then takes its place among the others.
        undo.push(() => reorderNotifications(db));
        undo.push(() => db.notifications.set(record.id, found));
      } else {
        found.record = { ...record, actorIds };
      }
      return true;
    },
    markNotificationsRead: async (memberId) => {
      for (const entry of db.notifications.values()) {
        if (entry.record.recipientId !== memberId || !entry.record.unread) continue;
        const { record } = entry;
        undo.push(() => {
          entry.record = record;
        });
        entry.record = { ...record, unread: false };
      }
    },
    addEmailConfirmation: async (row) => keepLink(db.emailConfirmations, row, undo),
    dropEmailConfirmations: async (memberId, at) => dropLinks(db.emailConfirmations, memberId, at, undo),
    addPasswordReset: async (row) => keepLink(db.passwordResets, row, undo),
    dropPasswordResets: async (memberId, at) => dropLinks(db.passwordResets, memberId, at, undo),
    setTwoFactor: async ({ memberId, ...row }) => keepTwoFactor(db, memberId, structuredClone(row), undo),
    dropTwoFactor: async (memberId) => keepTwoFactor(db, memberId, undefined, undo),
    takeTwoFactorStep: async (memberId, step) => {
      const kept = db.users.get(memberId)?.twoFactor;
      if (!kept || kept.lastStep >= step) return false;
      keepTwoFactor(db, memberId, { ...kept, lastStep: step }, undo);
      return true;
    },
    takeRecoveryCode: async (memberId, codeHash) => {
      const kept = db.users.get(memberId)?.twoFactor;
      if (!kept?.recoveryCodeHashes.includes(codeHash)) return false;
      keepTwoFactor(db, memberId, { ...kept, recoveryCodeHashes: kept.recoveryCodeHashes.filter((hash) => hash !== codeHash) }, undo);
      return true;
    },
    insertReport: async ({ subjectKind, subjectId, rule, ...row }) => {
      user(row.reporterId);
      const open = [...db.reports.values()].some((record) => record.reporterId === row.reporterId && record.status === 'open' && record.about.kind === subjectKind && record.about.id === subjectId);
      if (open && row.status === 'open') throw new Error(`${row.reporterId} already has an open report of the ${subjectKind} ${subjectId}`);
      db.reports.set(row.id, { ...structuredClone(row), about: { kind: subjectKind, id: subjectId }, ...(rule !== null ? { rule } : {}) });
      undo.push(() => db.reports.delete(row.id));
    },
    closeReports: async (ids, status) => {
      for (const id of ids) {
        const record = db.reports.get(id);
        if (!record || record.status !== 'open') continue;
        record.status = status;
        undo.push(() => { record.status = 'open'; });
      }
    },
    insertAudit: async ({ subjectKind, subjectId, ...row }) => {
      db.audit.push({ ...structuredClone(row), subject: { kind: subjectKind, id: subjectId } });
      undo.push(() => { db.audit.pop(); });
    },
    setStanding: async (memberId, standing) => {
      const member = user(memberId);
      remember(undo, member);
      if (standing === 'good') delete member.standing;
      else member.standing = standing;
    },
    insertScheduledPost: async ({ imageSizes, moreImages, ...row }) => {
      user(row.authorId);
      db.scheduledPosts.set(row.id, { ...row, ...(imageSizes ? { imageSizes } : {}), ...moreImagesKept(moreImages) });
      undo.push(() => db.scheduledPosts.delete(row.id));
    },
    updateScheduledPost: async (id, changes) => {
      const record = db.scheduledPosts.get(id);
      if (!record) throw new Error(`no scheduled post ${id} in the store`);
      const { moreImages, ...fields } = changes;
      const { moreImages: _formerImages, ...kept } = record;
      db.scheduledPosts.set(id, { ...kept, ...fields, ...moreImagesKept(moreImages) });
      undo.push(() => db.scheduledPosts.set(id, record));
    },
    deleteScheduledPost: async (id) => {
      const record = db.scheduledPosts.get(id);
      if (!record) return;
      db.scheduledPosts.delete(id);
      undo.push(() => db.scheduledPosts.set(id, record));
    },
    takeDueScheduledPosts: async (at, limit) => {
      // Transactions run one at a time here: none can be taken twice.
      const due = [...db.scheduledPosts.values()].filter((record) => record.publishAt <= at).sort(bySoonest).slice(0, limit);
      for (const record of due) {
        db.scheduledPosts.delete(record.id);
        undo.push(() => db.scheduledPosts.set(record.id, record));
      }
      return due.map(scheduledRow);
    },
    scheduleAccountDeletion: async ({ memberId, requestedAt, purgeAt }) => {
      const record = user(memberId);
      remember(undo, record);
      record.deletion = { requestedAt, purgeAt };
    },
    cancelAccountDeletion: async (memberId) => {
      const record = db.users.get(memberId);
      if (!record?.deletion) return false;
      remember(undo, record);
      delete record.deletion;
      return true;
    },
    deleteMember: async (memberId) => dropMember(db, undo, memberId),
    endSessions: async (memberId, ids) => {
      for (const row of [...db.sessions.values()]) {
        if (row.memberId !== memberId || (ids && !ids.includes(row.id))) continue;
        db.sessions.delete(row.id);
        undo.push(() => db.sessions.set(row.id, row));
      }
    },
    revokeToken: async (jti, expiresAt) => {
      // Tokens past their expiry are refused anyway: forget them, so the list stays short.
      const nowIso = now().toISOString();
      for (const [other, until] of db.revokedTokens) {
        if (until <= nowIso) {
          db.revokedTokens.delete(other);
          undo.push(() => db.revokedTokens.set(other, until));
        }
      }
      db.revokedTokens.set(jti, expiresAt);
      undo.push(() => db.revokedTokens.delete(jti));
    },
    claimIdempotencyKey: async ({ scope, key, fingerprint, at }) => {
      // Transactions run one at a time here: no other can hold the key meanwhile.
      for (const [entry, record] of db.idempotencyKeys) {
        if (!idempotencyExpired(record.createdAt, at)) continue;
        db.idempotencyKeys.delete(entry);
        undo.push(() => db.idempotencyKeys.set(entry, record));
      }
      const kept = db.idempotencyKeys.get(idempotencyEntry(scope, key));
      if (kept) return { fingerprint: kept.fingerprint, status: kept.status, resourceId: kept.resourceId };
      claims.set(idempotencyEntry(scope, key), { fingerprint, createdAt: at });
      return undefined;
    },
    keepIdempotentOutcome: async (scope, key, { status, resourceId }) => {
      const entry = idempotencyEntry(scope, key);
      const claim = claims.get(entry);
      if (!claim) throw new Error('an outcome kept under a key this transaction did not claim');
      db.idempotencyKeys.set(entry, { scope, key, fingerprint: claim.fingerprint, status, resourceId, createdAt: claim.createdAt });
      undo.push(() => db.idempotencyKeys.delete(entry));
    },
    keepImage: async (prepared) => ({
      url: prepared.dataUrl,
      sizes: sizesOf(prepared, (copy) => uploadedImage(copy.image).dataUrl),
    }),
    keepShippedImage: async (path) => path,
    emit: async (event) => {
      emitted.push(event);
    },
  };
}

/**
 * How many events the stand-in keeps for streams that reconnect: it saves them with the store, so
 * fewer than a server keeps; a stream further behind loads again.
 */
export const EVENTS_KEPT = 200;

/** Each event the transaction recorded takes the next version; the oldest leave past EVENTS_KEPT. */
function commitEvents(db: MemoryDb, emitted: readonly NetworkEvent[]): void {
  for (const event of emitted) {
    db.version += 1;
    db.events.push({ ...event, id: db.version });
  }
  db.events.splice(0, Math.max(0, db.events.length - EVENTS_KEPT));
}

/**
 * How a store shared with others (the browser's other tabs) is kept in step: reads first catch up
 * with what the others wrote, and each write runs alone among all of them, from the latest state.
 */
export interface StoreSharing {
  /** Before a read: load what the others saved since this store last looked. */
  catchUp(): Promise<void>;
  /** Around a write, its catch-up and its commit (afterCommit runs inside). */
  alone<T>(work: () => Promise<T>): Promise<T>;
}

export interface MemoryStoreOptions {
  now?: () => Date;
  /** After every committed transaction, before its caller carries on (persistence saves here). */
  afterCommit?: () => void | Promise<void>;
  /** After the whole store was replaced (load). */
  afterLoad?: () => void;
  /** When the store is shared: by default it is this page's alone. */
  sharing?: StoreSharing;
}

export interface MemoryStore extends Store {
  readonly db: MemoryDb;
}

export function createMemoryStore(db: MemoryDb, options: MemoryStoreOptions = {}): MemoryStore {
  const now = options.now ?? (() => new Date());
  let queue: Promise<unknown> = Promise.resolve();
  const sharing = options.sharing;
  const shared = <T>(work: () => Promise<T>): Promise<T> => (sharing ? sharing.alone(work) : work());

  /** Runs `work` after everything queued before it, alone. */
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  };
  return {
    db,
    read(work) {
      return exclusive(async () => {
        await sharing?.catchUp();
        return work(reader(db));
      });
    },
    transaction(work) {
      return exclusive(() => shared(async () => {
        await sharing?.catchUp();
        const undo: Array<() => void> = [];
        const emitted: NetworkEvent[] = [];
        let result: Awaited<ReturnType<typeof work>>;
        try {
          result = await work(writer(db, undo, now, emitted));
        } catch (error) {
          for (const step of undo.reverse()) step();
          throw error;
        }
        commitEvents(db, emitted);
        if (undo.length > 0) await options.afterCommit?.();
        return result;
      }));
    },
    snapshot: () => exclusive(async () => db.snapshot()),
    seeSession: (row) => exclusive(async () => {
      const member = db.users.get(row.memberId);
      if (!member || (member.sessionVersion ?? 0) !== row.sessionVersion || db.revokedTokens.has(row.id)) return;
      const kept = db.sessions.get(row.id);
      const nowIso = now().toISOString();
      // Records past their token's expiry are of no device any more: forgotten as another is seen.
      for (const [id, other] of db.sessions) if (other.expiresAt <= nowIso) db.sessions.delete(id);
      db.sessions.set(row.id, kept ? { ...kept, userAgent: row.userAgent, address: row.address, lastSeenAt: row.lastSeenAt } : { ...row });
    }),
    load: (snapshot) => exclusive(async () => {
      db.load(snapshot);
      options.afterLoad?.();
    }),
  };
}
