/**
 * A whole network as plain, serialisable data: what seeds build, what the stand-in keeps in the
 * browser and saves, what the server imports on first start, and what contract tests arrange and
 * inspect on any backend. Records hold ids only; names, avatars and counts are derived when
 * answering, so likeCount always equals likedBy.length.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { StoredEvent } from './events';
import { LIMITS } from './limits';
import { ImageSizes, ModerationAction, MoreImage, NetworkRule, QuotePolicy, ReportedContent, ReportReason, ReportStatus, ReportSubject, Role, ScheduledPost } from './schemas';

const Ids = Type.Array(Type.String());

export const UserRecord = Type.Object({
  id: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  username: Type.String(),
  /**
   * The stored credential. The stand-in (an in-browser demo) keeps the password itself; the server
   * keeps an argon2id hash, and hashes a plain password when it imports a snapshot. No answer ever
   * carries it.
   */
  password: Type.String(),
  image: Type.String(),
  userBio: Type.String(),
  userPortfolioUrl: Type.String(),
  /** Ids of the members following this one, in the order they followed. */
  followers: Ids,
  /** Ids of the members this one follows, in the order they were followed. */
  following: Ids,
  /** Ids of bookmarked posts, in the order they were added. */
  bookmarks: Ids,
  /** Ids of the members this one mutes, in the order they were muted (`mute-block`). Absent: none. */
  muting: Type.Optional(Ids),
  /** Ids of the members this one blocks, in the order they were blocked (`mute-block`). Absent: none. */
  blocking: Type.Optional(Ids),
  /** Ids of this member's posts pinned to their profile, in the order they were pinned (`pins`). Absent: none. */
  pins: Type.Optional(Ids),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  /** Raised by a password change: tokens issued before it are refused. Absent means 0. */
  sessionVersion: Type.Optional(Type.Number()),
  /** The language the member chose for the app (`member-language`). Absent: none. */
  language: Type.Optional(Type.String()),
  /** Who may quote the member's posts (`reposts`). Absent: anyone. */
  quotePolicy: Type.Optional(QuotePolicy),
  /** The member's role (`moderation`). Absent: a member. */
  role: Type.Optional(Role),
  /** Where the member stands with the moderators (`moderation`). Absent: in good standing. */
  standing: Type.Optional(Type.Union([Type.Literal('limited'), Type.Literal('suspended')])),
  /** Where a forgotten password's link goes (`accounts`). Absent: none. */
  email: Type.Optional(Type.String()),
  /** Whether the member confirmed it by a mailed link. Absent: not. */
  emailConfirmed: Type.Optional(Type.Boolean()),
  /** Two-factor sign-in, when on (`accounts`): its key, the last code's time step, the recovery codes' SHA-256. */
  twoFactor: Type.Optional(Type.Object({
    secret: Type.String(),
    lastStep: Type.Integer(),
    recoveryCodeHashes: Type.Array(Type.String()),
    enabledAt: Type.String(),
  })),
  /** When the member set their account to be deleted, and when it goes for good (`accounts`). Absent: not set. */
  deletion: Type.Optional(Type.Object({ requestedAt: Type.String(), purgeAt: Type.String() })),
});
export type UserRecord = Static<typeof UserRecord>;

/** The fields a new member brings; everything else starts empty. */
export type NewMemberFields = Pick<UserRecord, 'id' | 'firstName' | 'lastName' | 'username' | 'password'> & { joinedAt: string };

/** A member who has just joined: no avatar, bio, link, connections or bookmarks yet. */
export function newMemberRecord({ joinedAt, ...fields }: NewMemberFields): UserRecord {
  return {
    ...fields,
    image: '',
    userBio: '',
    userPortfolioUrl: '',
    followers: [],
    following: [],
    bookmarks: [],
    createdAt: joinedAt,
    updatedAt: joinedAt,
  };
}

export const PostRecord = Type.Object({
  id: Type.String(),
  authorId: Type.String(),
  content: Type.String(),
  /** Image URL or data URL; empty when none. */
  postImage: Type.String(),
  /** Ids of the members who like the post, in the order they liked it; its like count is the length. */
  likedBy: Ids,
  dislikedBy: Ids,
  createdAt: Type.String(),
  updatedAt: Type.String(),
  /** The image's description (the `alt-text` extension); absent means none. */
  imageAlt: Type.Optional(Type.String()),
  /** When the author last changed the text or description (the `edit-marks` extension); absent or null: never. */
  editedAt: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  /** The uploaded image's size and smaller copies (the `image-sizes` extension); absent when unknown. */
  imageSizes: Type.Optional(ImageSizes),
  /** The content warning (the `content-warnings` extension); absent means none. */
  warning: Type.Optional(Type.String()),
  /** The post this row reposts (the `reposts` extension): it has no text or image of its own. Absent: none. */
  repostOf: Type.Optional(Type.String()),
  /** The post this one quotes (the `reposts` extension), kept when that post goes. Absent: none. */
  quoteOf: Type.Optional(Type.String()),
  /** The images after the first (the `more-images` extension), in order. Absent: none. */
  moreImages: Type.Optional(Type.Array(MoreImage)),
});
export type PostRecord = Static<typeof PostRecord>;

/** A reply to a post (the `replies` extension). */
export const ReplyRecord = Type.Object({
  id: Type.String(),
  postId: Type.String(),
  authorId: Type.String(),
  content: Type.String(),
  /** The reply this one answers, while it exists. */
  replyToId: Type.Union([Type.String(), Type.Null()]),
  /** That reply's author, kept when the reply is deleted. */
  replyToAuthorId: Type.Union([Type.String(), Type.Null()]),
  /** Ids of the members who like the reply, in the order they liked it. */
  likedBy: Ids,
  createdAt: Type.String(),
});
export type ReplyRecord = Static<typeof ReplyRecord>;

/**
 * A member's notification (the `notifications` extension): who is behind it, in the order they
 * acted (the newest last), and the key that says which notification a new act joins
 * (contract/rules/notifications.ts).
 */
export const NotificationRecord = Type.Object({
  id: Type.String(),
  recipientId: Type.String(),
  kind: Type.Union([Type.Literal('follow'), Type.Literal('like'), Type.Literal('reply'), Type.Literal('mention'), Type.Literal('repost'), Type.Literal('quote')]),
  key: Type.String(),
  postId: Type.Union([Type.String(), Type.Null()]),
  replyId: Type.Union([Type.String(), Type.Null()]),
  actorIds: Ids,
  unread: Type.Boolean(),
  updatedAt: Type.String(),
});
export type NotificationRecord = Static<typeof NotificationRecord>;

/** A token ended by logout: refused until it would have expired anyway. */
export const RevokedToken = Type.Object({
  jti: Type.String(),
  /** ISO time after which the token is refused by its expiry alone. */
  expiresAt: Type.String(),
});
export type RevokedToken = Static<typeof RevokedToken>;

/**
 * A create answered under an Idempotency-Key (contract/idempotency.ts): the call it answered (its
 * fingerprint), its status and what it created, kept for IDEMPOTENCY_KEPT_MS from `createdAt`.
 */
export const IdempotencyRecord = Type.Object({
  scope: Type.String(),
  key: Type.String(),
  fingerprint: Type.String(),
  status: Type.Integer(),
  resourceId: Type.String(),
  createdAt: Type.String(),
});
export type IdempotencyRecord = Static<typeof IdempotencyRecord>;

/** A password reset link the stand-in keeps (`accounts`): by its token's SHA-256 alone. */
export const PasswordResetRecord = Type.Object({ tokenHash: Type.String(), memberId: Type.String(), createdAt: Type.String(), expiresAt: Type.String() });

/** An email confirmation link the stand-in keeps. */
export const EmailConfirmationRecord = Type.Object({ tokenHash: Type.String(), memberId: Type.String(), email: Type.String(), createdAt: Type.String(), expiresAt: Type.String() });

/** A mail the stand-in sent, as its inbox in QA's workbench shows it. */
export const KeptMail = Type.Object({ to: Type.String(), subject: Type.String(), text: Type.String(), link: Type.String(), sentAt: Type.String() });
export type KeptMail = Static<typeof KeptMail>;

/** A post waiting to be published (`scheduled-posts`): its image as a data URL, as a post's is. */
export const ScheduledPostRecord = Type.Object({ ...ScheduledPost.properties, authorId: Type.String() });
export type ScheduledPostRecord = Static<typeof ScheduledPostRecord>;

/**
 * A member's report (`moderation`), with what was reported as it read then (`content`); `rule`
 * only when it names one.
 */
export const ReportRecord = Type.Object({
  id: Type.String(),
  reporterId: Type.String(),
  about: ReportSubject,
  reason: ReportReason,
  comment: Type.String(),
  /** The network's rule it names, with its title as it read then. */
  rule: Type.Optional(Type.Object({ id: Type.String(), title: Type.String() })),
  status: ReportStatus,
  content: ReportedContent,
  createdAt: Type.String(),
});
export type ReportRecord = Static<typeof ReportRecord>;

/** One entry of the moderators' audit log (`moderation`), as contract/store.ts AuditRow keeps it. */
export const AuditRecord = Type.Object({
  id: Type.String(),
  actorId: Type.String(),
  actorUsername: Type.String(),
  action: ModerationAction,
  subject: ReportSubject,
  memberId: Type.Union([Type.String(), Type.Null()]),
  memberUsername: Type.Union([Type.String(), Type.Null()]),
  reason: Type.String(),
  reportIds: Type.Array(Type.String()),
  createdAt: Type.String(),
});
export type AuditRecord = Static<typeof AuditRecord>;

export const DB_SNAPSHOT_VERSION = 2;

export const DbSnapshot = Type.Object({
  version: Type.Literal(DB_SNAPSHOT_VERSION),
  users: Type.Array(UserRecord),
  posts: Type.Array(PostRecord),
  /** Replies, oldest first; absent when there are none. */
  replies: Type.Optional(Type.Array(ReplyRecord)),
  /** Notifications, the one that arrived or grew last at the end; absent when there are none. */
  notifications: Type.Optional(Type.Array(NotificationRecord)),
  revokedTokens: Type.Optional(Type.Array(RevokedToken)),
  /**
   * The stand-in's place in its live stream, saved with its store for the browser's other tabs: the
   * network's version and the last events (contract/events.ts). The server keeps its own and reads
   * neither.
   */
  networkVersion: Type.Optional(Type.Integer()),
  events: Type.Optional(Type.Array(Type.Unsafe<StoredEvent>(Type.Object({ id: Type.Integer(), type: Type.String() })))),
  /** The stand-in's kept answers to creates, saved with its store for the browser's other tabs; the server reads none. */
  idempotencyKeys: Type.Optional(Type.Array(IdempotencyRecord)),
  /**
   * The stand-in's password reset links and the mail it sent (its inbox), saved with its store so a
   * link opened in another tab, or after a reload, still works; the server keeps its own and reads neither.
   */
  passwordResets: Type.Optional(Type.Array(PasswordResetRecord)),
  emailConfirmations: Type.Optional(Type.Array(EmailConfirmationRecord)),
  inbox: Type.Optional(Type.Array(KeptMail)),
  /** Posts waiting to be published, the soonest first; absent when there are none. */
  scheduledPosts: Type.Optional(Type.Array(ScheduledPostRecord)),
  /** Members' reports, in the order they were made; absent when there are none. */
  reports: Type.Optional(Type.Array(ReportRecord)),
  /** The network's rules (`moderation`), in the admin's order; absent when there are none. */
  rules: Type.Optional(Type.Array(NetworkRule)),
  /** The moderators' audit log, in the order it was written; absent when empty. */
  audit: Type.Optional(Type.Array(AuditRecord)),
});
export type DbSnapshot = Static<typeof DbSnapshot>;

export function emptySnapshot(): DbSnapshot {
  return { version: DB_SNAPSHOT_VERSION, users: [], posts: [] };
}

/** Whether a value read back from storage is a snapshot this version can load. */
export function isDbSnapshot(value: unknown): value is DbSnapshot {
  return Value.Check(DbSnapshot, value);
}

/**
 * Every broken rule of a network's consistency, as readable sentences; empty when all hold. Tests
 * check it after every call, on every backend.
 */
export function findInconsistencies(snapshot: Pick<DbSnapshot, 'users' | 'posts' | 'replies' | 'notifications' | 'reports'>): string[] {
  const problems: string[] = [];
  const users = new Map(snapshot.users.map((user) => [user.id, user]));
  const posts = new Map(snapshot.posts.map((post) => [post.id, post]));
  const seenUsernames = new Set<string>();
  const seenEmails = new Set<string>();
  for (const user of users.values()) {
    const lower = user.username.toLowerCase();
    if (seenUsernames.has(lower)) problems.push(`username ${user.username} is used twice`);
    seenUsernames.add(lower);
    const email = user.email?.toLowerCase();
    if (email !== undefined && email !== '') {
      if (seenEmails.has(email)) problems.push(`email ${user.email} is used twice`);
      seenEmails.add(email);
    }
    for (const id of user.following) {
      if (!users.get(id)?.followers.includes(user.id)) problems.push(`${user.id} follows ${id} but is not among its followers`);
    }
    for (const id of user.followers) {
      if (!users.get(id)?.following.includes(user.id)) problems.push(`${id} is a follower of ${user.id} but does not follow it`);
    }
    if (user.following.includes(user.id)) problems.push(`${user.id} follows itself`);
    if (new Set(user.following).size !== user.following.length) problems.push(`${user.id} follows someone twice`);
    if (new Set(user.bookmarks).size !== user.bookmarks.length) problems.push(`${user.id} has a bookmark twice`);
    for (const id of user.bookmarks) {
      if (!posts.has(id)) problems.push(`${user.id} bookmarks the missing post ${id}`);
    }
    const pins = user.pins ?? [];
    if (new Set(pins).size !== pins.length) problems.push(`${user.id} pins a post twice`);
    if (pins.length > LIMITS.pinnedPostsMax) problems.push(`${user.id} pins more than ${LIMITS.pinnedPostsMax} posts`);
    for (const id of pins) {
      if (posts.get(id)?.authorId !== user.id) problems.push(`${user.id} pins ${id}, which is not a post of theirs`);
    }
  }
  /** `member\0post` for each repost. */
  const reposts = new Set<string>();
  for (const post of posts.values()) {
    if (!users.has(post.authorId)) problems.push(`post ${post.id} has the missing author ${post.authorId}`);
    if (new Set(post.likedBy).size !== post.likedBy.length) problems.push(`post ${post.id} is liked twice by one member`);
    if (new Set(post.dislikedBy).size !== post.dislikedBy.length) problems.push(`post ${post.id} is disliked twice by one member`);
    for (const id of post.likedBy) {
      if (post.dislikedBy.includes(id)) problems.push(`post ${post.id} is both liked and disliked by ${id}`);
      if (!users.has(id)) problems.push(`post ${post.id} is liked by the missing member ${id}`);
    }
    for (const id of post.dislikedBy) {
      if (!users.has(id)) problems.push(`post ${post.id} is disliked by the missing member ${id}`);
    }
    if ((post.moreImages ?? []).length > 0 && post.postImage === '') problems.push(`post ${post.id} has more images but no first one`);
    if (post.repostOf !== undefined) {
      const original = posts.get(post.repostOf);
      if (!original) problems.push(`post ${post.id} reposts the missing post ${post.repostOf}`);
      else if (original.repostOf !== undefined) problems.push(`post ${post.id} reposts a repost`);
      if (post.content !== '' || post.postImage !== '' || (post.moreImages ?? []).length > 0) problems.push(`repost ${post.id} has text or an image of its own`);
      const pair = `${post.authorId}\u0000${post.repostOf}`;
      if (reposts.has(pair)) problems.push(`${post.authorId} reposts ${post.repostOf} twice`);
      reposts.add(pair);
    }
  }
  const replies = new Map((snapshot.replies ?? []).map((reply) => [reply.id, reply]));
  for (const reply of replies.values()) {
    if (!posts.has(reply.postId)) problems.push(`reply ${reply.id} answers the missing post ${reply.postId}`);
    if (!users.has(reply.authorId)) problems.push(`reply ${reply.id} has the missing author ${reply.authorId}`);
    if (new Set(reply.likedBy).size !== reply.likedBy.length) problems.push(`reply ${reply.id} is liked twice by one member`);
    for (const id of reply.likedBy) {
      if (!users.has(id)) problems.push(`reply ${reply.id} is liked by the missing member ${id}`);
    }
    if (reply.replyToId !== null) {
      const answered = replies.get(reply.replyToId);
      if (!answered) problems.push(`reply ${reply.id} answers the missing reply ${reply.replyToId}`);
      else if (answered.postId !== reply.postId) problems.push(`reply ${reply.id} answers a reply to another post`);
      else if (answered.authorId !== reply.replyToAuthorId) problems.push(`reply ${reply.id} names someone other than the author it answers`);
    }
  }
  problems.push(...notificationInconsistencies(snapshot.notifications ?? [], users, posts, replies, reposts));
  problems.push(...reportInconsistencies(snapshot.reports ?? [], users));
  return problems;
}

/**
 * What must hold of reports: each by a member who is there, never about themselves, and one open
 * report per reporter and subject. What they are about may be gone: the report keeps its content.
 */
function reportInconsistencies(reports: readonly ReportRecord[], users: ReadonlyMap<string, UserRecord>): string[] {
  const problems: string[] = [];
  const open = new Set<string>();
  for (const report of reports) {
    const named = `report ${report.id}`;
    if (!users.has(report.reporterId)) problems.push(`${named} is by the missing member ${report.reporterId}`);
    if (report.about.kind === 'member' && report.about.id === report.reporterId) problems.push(`${named} reports its own reporter`);
    if (report.about.kind !== report.content.kind) problems.push(`${named} keeps the content of another kind than it is about`);
    if (report.status !== 'open') continue;
    const subject = `${report.reporterId}\u0000${report.about.kind}\u0000${report.about.id}`;
    if (open.has(subject)) problems.push(`${report.reporterId} has two open reports of the ${report.about.kind} ${report.about.id}`);
    open.add(subject);
  }
  return problems;
}

/**
 * What must hold of notifications: each is about something that exists, has someone behind it who
 * is not its member, and says what is true now (its likers like, its follower follows).
 */
function notificationInconsistencies(
  notifications: readonly NotificationRecord[], users: ReadonlyMap<string, UserRecord>, posts: ReadonlyMap<string, PostRecord>, replies: ReadonlyMap<string, ReplyRecord>,
  reposts: ReadonlySet<string>,
): string[] {
  const problems: string[] = [];
  const keys = new Set<string>();
  for (const notification of notifications) {
    const named = `notification ${notification.id}`;
    const recipient = users.get(notification.recipientId);
    if (!recipient) problems.push(`${named} is for the missing member ${notification.recipientId}`);
    const pairKey = `${notification.recipientId}\u0000${notification.key}`;
    if (keys.has(pairKey)) problems.push(`${named} repeats the key ${notification.key}`);
    keys.add(pairKey);
    if (notification.actorIds.length === 0) problems.push(`${named} has nobody behind it`);
    if (new Set(notification.actorIds).size !== notification.actorIds.length) problems.push(`${named} names someone twice`);
    if (notification.actorIds.includes(notification.recipientId)) problems.push(`${named} tells its member of their own act`);
    const post = notification.postId === null ? undefined : posts.get(notification.postId);
    const reply = notification.replyId === null ? undefined : replies.get(notification.replyId);
    if (notification.postId !== null && !post) problems.push(`${named} is about the missing post ${notification.postId}`);
    if (notification.replyId !== null && !reply) problems.push(`${named} is about the missing reply ${notification.replyId}`);
    if (reply && reply.postId !== notification.postId) problems.push(`${named} names a reply of another post`);
    for (const actor of notification.actorIds) {
      if (!users.has(actor)) problems.push(`${named} names the missing member ${actor}`);
      if (notification.kind === 'follow' && !recipient?.followers.includes(actor)) problems.push(`${named} says ${actor} follows, who does not`);
      if (notification.kind === 'like') {
        const likedBy = notification.replyId === null ? post?.likedBy : reply?.likedBy;
        if (!likedBy?.includes(actor)) problems.push(`${named} says ${actor} likes, who does not`);
      }
      if (notification.kind === 'repost' && !reposts.has(`${actor}\u0000${notification.postId ?? ''}`)) {
        problems.push(`${named} says ${actor} reposted, who did not`);
      }
    }
  }
  return problems;
}
