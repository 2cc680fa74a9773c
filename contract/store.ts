/**
 * What the rules need of a store, and nothing about how it keeps things: the stand-in keeps Maps in
 * the browser, the server keeps PostgreSQL tables. Reads answer in the orders the contract shows
 * (members in joining order, posts newest first, lists in the order things were added); writes
 * happen only inside `transaction`, which applies all of its work or none of it, one transaction
 * at a time as far as the rules can tell.
 */
import type { NetworkEvent, StoredEvent } from './events';
import type { PostOrder } from './order';
import type { ImageSizes, MemberStanding, ModerationAction, MoreImage, NetworkRule, QuotePolicy, ReportedContent, ReportReason, ReportStatus, Role } from './api';
import type { PreparedImage } from './images';
import type { DbSnapshot } from './snapshot';
import type { MessageKey } from './messages';
import type { TokenClaims } from './tokens';

export interface MemberRow {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  /** The stored credential (see UserRecord.password). */
  passwordHash: string;
  image: string;
  userBio: string;
  userPortfolioUrl: string;
  /** The language the member chose (a BCP 47 tag, the `member-language` extension); empty for none. */
  language: string;
  /** Who may quote the member's posts (the `reposts` extension). */
  quotePolicy: QuotePolicy;
  /** The member's role (the `moderation` extension); a new member is a 'member'. */
  role: Role;
  /** Where a forgotten password's link goes (`accounts`), as typed; empty for none. One member an address, ignoring case. */
  email: string;
  /** Whether the member opened the link mailed to `email` (or set a password by one). */
  emailConfirmed: boolean;
  /** Raised by a password change; a token carries the version it was issued under. */
  sessionVersion: number;
  createdAt: string;
  updatedAt: string;
}

/**
 * What a page shows of a member beside their posts, replies and notifications: their names, their
 * picture and who may quote them; nothing private (no credential, address or language).
 */
export type MemberCard = Pick<MemberRow, 'id' | 'username' | 'firstName' | 'lastName' | 'image' | 'quotePolicy'>;

/** The first members a search keeps, and how many it keeps in all. */
export interface MembersFound {
  members: MemberCard[];
  total: number;
}

/**
 * A device a member is logged in on (the `accounts` extension): one per token, named by its jti.
 * Kept beside the network, not in its snapshot: a token in use makes its record again when it is
 * next seen (contract/rules/sessions.ts).
 */
export interface SessionRow {
  id: string;
  memberId: string;
  /** The token's session version: a record of an older one is not made. */
  sessionVersion: number;
  /** Its User-Agent and address when last seen, cut to LIMITS.userAgentMax and addressMax; '' when unknown. */
  userAgent: string;
  address: string;
  /** When its token was issued, when it was last seen, and when its token expires. */
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
}

/** A link that sets a new password (`accounts`): kept by its token's SHA-256 alone. */
export interface PasswordResetRow {
  tokenHash: string;
  memberId: string;
  createdAt: string;
  expiresAt: string;
}

/** A link that confirms a member's email address (`accounts`): the address it was sent to. */
export interface EmailConfirmationRow extends PasswordResetRow {
  email: string;
}

/**
 * A member's two-factor sign-in (`accounts`), kept apart from their row so that the key is read by
 * login and the account's settings alone.
 */
export interface TwoFactorRow {
  memberId: string;
  /** The authenticator's key, base32 (RFC 4648), as the app showed it. */
  secret: string;
  /** The time step of the last code accepted: a code of it, or of one before, is not accepted again. */
  lastStep: number;
  /** The SHA-256 of each recovery code not used yet. */
  recoveryCodeHashes: string[];
  enabledAt: string;
}

/** An account its member set to be deleted (`accounts`): when they asked, and when it goes for good. */
export interface AccountDeletionRow {
  memberId: string;
  requestedAt: string;
  purgeAt: string;
}

/** A post waiting to be published (`scheduled-posts`): a post's fields, and when it goes out. */
export interface ScheduledPostRow {
  id: string;
  authorId: string;
  content: string;
  postImage: string;
  imageAlt: string;
  imageSizes: ImageSizes | null;
  /** The images after the first (`more-images`), in order; [] when none. */
  moreImages: MoreImageRow[];
  warning: string;
  publishAt: string;
  createdAt: string;
  updatedAt: string;
}

/**
 * A member's report of a post, a reply or a member (`moderation`), with what was reported as it
 * read then (`content`). One open report per reporter and subject.
 */
export interface ReportRow {
  id: string;
  reporterId: string;
  subjectKind: 'post' | 'reply' | 'member';
  subjectId: string;
  reason: ReportReason;
  /** '' when none. */
  comment: string;
  /** The network's rule it names, by id, with its title as it read then; null when none. */
  rule: { id: string; title: string } | null;
  status: ReportStatus;
  content: ReportedContent;
  createdAt: string;
}

/**
 * One entry of the moderators' audit log (`moderation`): who acted, what they did, on what and on
 * whom, why, and the reports it closed. Names are kept as they read then, so the log outlives the
 * members it names. Written once, never changed or deleted.
 */
export interface AuditRow {
  id: string;
  actorId: string;
  actorUsername: string;
  action: ModerationAction;
  subjectKind: 'post' | 'reply' | 'member';
  subjectId: string;
  /** The member the action concerns (the author of a post or reply); null when unknown. */
  memberId: string | null;
  memberUsername: string | null;
  reason: string;
  reportIds: string[];
  createdAt: string;
}

/** What the moderators' queue shows of a member's past with them (`moderation`). */
export interface ModerationHistory {
  /** How many reports about the member or about a post or reply of theirs were closed (resolved or dismissed). */
  closedReports: number;
  /** The audit log's entries about the member, the newest first. */
  actions: AuditRow[];
  standing: MemberStanding;
}

/** An image as kept: the URL answers carry, and its size and copies when they are known. */
export interface KeptImage {
  url: string;
  sizes: ImageSizes | null;
}

/** One of a post's images after its first (the `more-images` extension), as kept, with its description. */
export interface MoreImageRow extends KeptImage {
  alt: string;
}

/** A row's image after the first as answers and snapshots carry it: its sizes only when known. */
export function moreImageOut({ url, alt, sizes }: MoreImageRow): MoreImage {
  return { url, alt, ...(sizes ? { sizes } : {}) };
}

/** An image after the first, from an answer's or a snapshot's shape back to a row's. */
export function moreImageIn({ url, alt, sizes }: MoreImage): MoreImageRow {
  return { url, alt, sizes: sizes ?? null };
}

export interface PostRow {
  id: string;
  authorId: string;
  content: string;
  postImage: string;
  /** The image's description (the `alt-text` extension); '' when none. */
  imageAlt: string;
  createdAt: string;
  updatedAt: string;
  /** When the author last changed the text or the description (the `edit-marks` extension); null when never. */
  editedAt: string | null;
  /** The uploaded image's size and smaller copies (the `image-sizes` extension); null when unknown. */
  imageSizes: ImageSizes | null;
  /** The content warning (the `content-warnings` extension); '' when none. */
  warning: string;
  /** The images after the first (`more-images`), in the author's order; [] when none. */
  moreImages: MoreImageRow[];
  /**
   * The post this row reposts (the `reposts` extension): a repost is a row of its own, by the
   * reposter, with no text or image, answered as the original; null for every other post.
   */
  repostOf: string | null;
  /** The post this one quotes (the `reposts` extension), kept when that post goes; null when none. */
  quoteOf: string | null;
}

/** A reply to a post (the `replies` extension). */
export interface ReplyRow {
  id: string;
  postId: string;
  authorId: string;
  content: string;
  /** The reply this one answers, while it exists. */
  replyToId: string | null;
  /** The author of the reply this one answers (kept when that reply is deleted). */
  replyToAuthorId: string | null;
  createdAt: string;
}

/** What a notification tells its member (the `notifications` extension). */
export type NotificationKind = 'follow' | 'like' | 'reply' | 'mention' | 'repost' | 'quote';

/**
 * Something that happened to a member: someone followed them, replied to their post or mentioned
 * them; or the likes of one of their posts or replies, grouped, each liker once, newest last.
 */
export interface NotificationRow {
  id: string;
  recipientId: string;
  kind: NotificationKind;
  /** The post it is about (a reply's post when it is about a reply); null for a follow. */
  postId: string | null;
  /** The reply it is about (written, liked, or mentioning); null otherwise. */
  replyId: string | null;
  /** Not seen since it arrived or last grew. */
  unread: boolean;
  /** When it arrived or last grew. */
  updatedAt: string;
}

/** Who is behind a notification: how many members, and the one who acted last. */
export interface NotificationActors {
  count: number;
  newestId: string;
}

/** A notification as a page lists it: with who is behind it, read with it (null when nobody is). */
export interface NotificationEntry extends NotificationRow {
  actors: NotificationActors | null;
  /** The text of what it is about, as it is now: the reply's when it names one, else the post's; null for a follow. */
  aboutText: string | null;
}

export type ReactionKind = 'like' | 'dislike';

/** Which members or posts a batched read covers: some ids, or every one. */
export type Scope = readonly string[] | 'all';

export interface FollowLists {
  followers: string[];
  following: string[];
}

export interface ReactionLists {
  likedBy: string[];
  dislikedBy: string[];
}

/** A post's reposts and quotes (the `reposts` extension). */
export interface ShareCounts {
  reposts: number;
  quotes: number;
}

/**
 * What a list of posts shows beside each post, read at once (see `StoreReader.postFacts`): the same
 * as `reactionLists`, `replyCounts`, `pinnedAmong` and `shareCounts` of those posts.
 */
export interface PostFacts {
  reactions: Map<string, ReactionLists>;
  replyCounts: Map<string, number>;
  pinned: Set<string>;
  shares: Map<string, ShareCounts>;
}

/** `StoreReader.postFacts` read one kind at a time, through the reader's own calls. */
export async function postFactsOneByOne(reader: StoreReader, postIds: readonly string[], leaveOut?: ReadonlySet<string>): Promise<PostFacts> {
  return {
    reactions: await reader.reactionLists(postIds),
    replyCounts: await reader.replyCounts(postIds, leaveOut),
    pinned: await reader.pinnedAmong(postIds),
    shares: await reader.shareCounts(postIds),
  };
}

/** Where a token's session stands (see `StoreReader.tokenHolder`). */
export interface TokenHolder {
  /** Whether the token was ended (logged out, or its session ended from another device). */
  revoked: boolean;
  /** The member it was issued to, unless they are gone. */
  member: MemberRow | undefined;
}

/** Where a member stands with others (the `mute-block` extension); each list in the order it grew. */
export interface Relations {
  /** The members this one mutes. */
  muting: string[];
  /** The members this one blocks. */
  blocking: string[];
  /** The members who block this one. */
  blockedBy: string[];
}

/** Where a viewer stands with everyone (see `StoreReader.standing`). */
export interface Standing extends Relations {
  /** The members whose accounts are set to be deleted (the viewer among them when they are). */
  leaving: string[];
}

/**
 * Which posts a page is cut from. `viewerId` (on every post list but an author's) leaves out the
 * posts of members the viewer mutes, and of members in a block with the viewer either way; the
 * feed leaves them out for its member.
 */
export type PostSource =
  | { kind: 'all'; viewerId?: string }
  | { kind: 'author'; authorId: string }
  /** The home feed: the member's own posts and those of the members they follow. */
  | { kind: 'feed'; memberId: string }
  /**
   * The posts whose text holds a tag (the `tags` extension), by its normalised form
   * (contract/richText.ts normaliseTag): a post's tags are those its text has now.
   */
  | { kind: 'tag'; tag: string; viewerId?: string }
  /**
   * The posts a search finds (the `post-search` extension, contract/search.ts): whose text, in its
   * search form, holds every word; whose tags hold every tag; by `authorId` when it names one.
   */
  | { kind: 'search'; words: string[]; tags: string[]; authorId?: string; viewerId?: string }
  /** The posts that quote a post (the `reposts` extension). */
  | { kind: 'quotes'; postId: string; viewerId?: string };

/**
 * Whether a page cut from `source` in `order` holds reposts: a member's home feed and their own
 * list, newest first. Every other list (and every other order) holds the originals alone.
 */
export function holdsReposts(source: PostSource, order: string): boolean {
  return (source.kind === 'feed' || source.kind === 'author') && order === 'latest';
}

export interface PageRequest {
  limit: number;
  /** Where the previous page ended: a cursor this store issued. */
  cursor?: string;
}

export interface Page<T> {
  items: T[];
  /** Where this page ends, for the next one; null when nothing follows. */
  nextCursor: string | null;
}

/**
 * Where a page of a post's replies begins: after `cursor` (or at the start); at a reply (`at`); or
 * so that it ends just before the position `before` names.
 */
export interface ReplyPageRequest extends PageRequest {
  at?: { createdAt: string; id: string };
  before?: string;
}

export interface ReplyPage extends Page<ReplyRow> {
  /** Where this page begins, for the page before it (as `before`); null when nothing comes before. */
  previousCursor: string | null;
}

export interface StoreReader {
  memberById(id: string): Promise<MemberRow | undefined>;
  /** Usernames are unique ignoring case. */
  memberByUsername(username: string): Promise<MemberRow | undefined>;
  /** Every member, in joining order. */
  members(): Promise<MemberRow[]>;
  /**
   * What a page shows of members (MemberCard), in joining order, but those in `except` and those
   * `unfollowedBy` follows, and with `named` only those whose first or last name holds it
   * (`nameHolds`): the first `limit`, and how many there are. Whom to follow, the people found; the
   * store does the looking, so the whole network never crosses to the caller.
   */
  memberCardsFirst(wanted: { except: readonly string[]; unfollowedBy?: string; named?: string }, limit: number): Promise<MembersFound>;
  /** The admins and moderators (`moderation`): admins first, then by username ignoring case. */
  staffMembers(): Promise<MemberRow[]>;
  /** The network's rules, in the admin's order (`moderation`). */
  networkRules(): Promise<NetworkRule[]>;
  /** The members with these ids that exist, in joining order. */
  membersByIds(ids: readonly string[]): Promise<MemberRow[]>;
  /** What a page shows of the members with these ids that exist (MemberCard), in joining order. */
  memberCardsByIds(ids: readonly string[]): Promise<MemberCard[]>;
  post(id: string): Promise<PostRow | undefined>;
  /** Every post, newest first (ties by id). */
  posts(): Promise<PostRow[]>;
  /** One member's posts, newest first. */
  postsByAuthor(authorId: string): Promise<PostRow[]>;
  /** The posts with these ids that exist (any order). */
  postsByIds(ids: readonly string[]): Promise<PostRow[]>;

  /** Who likes and dislikes each post, in the order they did (a post nobody reacted to may have no entry). */
  reactionLists(postIds: Scope): Promise<Map<string, ReactionLists>>;
  /** Each member's followers and followings, in the order they began; every member of the scope has an entry. */
  followLists(memberIds: Scope): Promise<Map<string, FollowLists>>;
  /** Each member's bookmarked post ids, in the order they were added; every member of the scope has an entry. */
  bookmarkLists(memberIds: Scope): Promise<Map<string, string[]>>;

  reaction(postId: string, memberId: string): Promise<ReactionKind | undefined>;
  /** How many members like and dislike the post. */
  reactionCounts(postId: string): Promise<{ likeCount: number; dislikeCount: number }>;
  isFollowing(followerId: string, followeeId: string): Promise<boolean>;
  isBookmarked(memberId: string, postId: string): Promise<boolean>;
  /** The ids of the member's pinned posts, in the order they were pinned (`pins`). */
  pinnedPostIds(memberId: string): Promise<string[]>;
  /** Which of these posts their authors pinned (`pins`). */
  pinnedAmong(postIds: Scope): Promise<Set<string>>;
  /** How many reposts and quotes each post has (the `reposts` extension); a post with neither is left out. */
  shareCounts(postIds: readonly string[]): Promise<Map<string, ShareCounts>>;
  /**
   * `reactionLists`, `replyCounts` (less the replies by `leaveOut`), `pinnedAmong` and `shareCounts`
   * of these posts at once: what a page of posts shows beside each, in one read on a database.
   */
  postFacts(postIds: readonly string[], leaveOut?: ReadonlySet<string>): Promise<PostFacts>;
  /** The ids of the posts the member reposted, the latest first. */
  repostedBy(memberId: string): Promise<string[]>;
  /** The member's repost of the post, when they reposted it. */
  repostBy(memberId: string, postId: string): Promise<PostRow | undefined>;
  /** Whether the member has a quote of the post (another than `exceptId`). */
  quotesBy(memberId: string, postId: string, exceptId: string): Promise<boolean>;
  isTokenRevoked(jti: string): Promise<boolean>;
  /**
   * `isTokenRevoked(jti)` and `memberById(memberId)` at once: what every call made with a token asks
   * first (`authenticate`), in one read on a database.
   */
  tokenHolder(jti: string, memberId: string): Promise<TokenHolder>;
  /** The member whose email address this is, ignoring case (`accounts`). */
  memberByEmail(email: string): Promise<MemberRow | undefined>;
  /** The password reset a link's token hash names, unless it expired by `at` (`accounts`). */
  passwordReset(tokenHash: string, at: string): Promise<PasswordResetRow | undefined>;
  /** How many password reset links the member was sent since `since` (`accounts`). */
  passwordResetsSince(memberId: string, since: string): Promise<number>;
  /** The email confirmation a link's token hash names, unless it expired by `at` (`accounts`). */
  emailConfirmation(tokenHash: string, at: string): Promise<EmailConfirmationRow | undefined>;
  /** How many confirmation links the member was sent since `since`. */
  emailConfirmationsSince(memberId: string, since: string): Promise<number>;
  /** The member's devices whose tokens have not expired by `at`, in no particular order (`accounts`). */
  sessionsOf(memberId: string, at: string): Promise<SessionRow[]>;
  /** The member's two-factor sign-in, when it is on (`accounts`). */
  twoFactorOf(memberId: string): Promise<TwoFactorRow | undefined>;
  /** The member's account's deletion, when they set it (`accounts`). */
  accountDeletionOf(memberId: string): Promise<AccountDeletionRow | undefined>;
  /** The members whose accounts' grace period is over by `at`, the earliest first. */
  accountDeletionsDue(at: string): Promise<string[]>;
  /** The member's scheduled posts, the soonest first (ties by id) (`scheduled-posts`). */
  scheduledPostsOf(memberId: string): Promise<ScheduledPostRow[]>;
  scheduledPost(id: string): Promise<ScheduledPostRow | undefined>;
  /** When the soonest scheduled post of anyone's is due; null when none waits. */
  nextScheduledAt(): Promise<string | null>;
  /** The member's reports, the latest first (ties by id) (`moderation`). */
  reportsBy(reporterId: string): Promise<ReportRow[]>;
  /** The reporter's open report of this subject, when they have one. */
  openReport(reporterId: string, subjectKind: ReportRow['subjectKind'], subjectId: string): Promise<ReportRow | undefined>;
  /** The subject's open reports, the newest first (ties by id, the greater first). */
  openReportsAbout(subjectKind: ReportRow['subjectKind'], subjectId: string): Promise<ReportRow[]>;
  /**
   * One page of the subjects with open reports, the one reported last first: each item the subject's
   * open reports, the newest first (ties by id, the greater first). A cursor the store did not issue
   * is refused.
   */
  openSubjectPage(page: PageRequest): Promise<Page<ReportRow[]>>;
  /** How many reports are open. */
  openReportCount(): Promise<number>;
  /**
   * Each member's history with the moderators, for a page of the queue at once: every member asked
   * for has an entry (one with no past: no closed reports, no actions, in good standing).
   */
  moderationHistories(memberIds: readonly string[]): Promise<Map<string, ModerationHistory>>;
  /** The audit log's entries about the member, the newest first. */
  auditOf(memberId: string): Promise<AuditRow[]>;
  /** One page of the audit log, the newest first. A cursor the store did not issue is refused. */
  auditPage(page: PageRequest): Promise<Page<AuditRow>>;
  /** Where the member stands with the moderators: 'good' for most. */
  standingOf(memberId: string): Promise<MemberStanding>;
  /** The members whose posts reach their followers alone. */
  limitedMembers(): Promise<string[]>;
  /**
   * One page of the members who are limited or suspended, by username (lower-cased, in code point
   * order), each with their standing. A cursor the store did not issue is refused.
   */
  restrictedMemberPage(page: PageRequest): Promise<Page<{ member: MemberRow; standing: Exclude<MemberStanding, 'good'> }>>;

  /**
   * One page of posts in an order (contract/order.ts), after the cursor. Each page costs the same
   * however many posts there are. A cursor the store did not issue is refused (pageCursorInvalid).
   */
  postPage(source: PostSource, order: PostOrder, page: PageRequest): Promise<Page<PostRow>>;
  /** One page of a member's bookmarked posts, most recently bookmarked first. */
  bookmarkPage(memberId: string, page: PageRequest): Promise<Page<PostRow>>;
  /**
   * One page of the members who follow (`followers`) or are followed by (`following`) a member,
   * the latest follow first (the `member-lists` extension). A cursor the store did not issue is refused.
   */
  followPage(memberId: string, side: 'followers' | 'following', page: PageRequest): Promise<Page<MemberRow>>;
  /** One page of the members who like a post, the latest like first. A cursor the store did not issue is refused. */
  likerPage(postId: string, page: PageRequest): Promise<Page<MemberRow>>;

  reply(id: string): Promise<ReplyRow | undefined>;
  /** The replies with these ids that exist (any order). */
  repliesByIds(ids: readonly string[]): Promise<ReplyRow[]>;
  /** One member's replies, to anyone's posts, oldest first (ties by id): what their data export holds. */
  repliesByAuthor(authorId: string): Promise<ReplyRow[]>;
  /**
   * One page of a post's replies, oldest first (ties by id), from where the request says; each page
   * costs the same however many replies there are. A cursor the store did not issue is refused.
   */
  replyPage(postId: string, page: ReplyPageRequest): Promise<ReplyPage>;
  /**
   * How many replies each post has (every post of the scope has an entry), less the replies by the
   * members of `leaveOut` (those in a block with the reader, whose replies page leaves them out).
   */
  replyCounts(postIds: Scope, leaveOut?: ReadonlySet<string>): Promise<Map<string, number>>;
  /** Who likes each reply, in the order they did (every reply asked for has an entry). */
  replyLikeLists(replyIds: readonly string[]): Promise<Map<string, string[]>>;
  isReplyLiked(replyId: string, memberId: string): Promise<boolean>;

  /**
   * One page of a member's notifications, the one that arrived or grew last first, after the
   * cursor, each with who is behind it among the members the member sees (not muted, not in a block
   * either way; null when none of them is left); each page costs the same however many the member
   * has. A cursor the store did not issue is refused.
   */
  notificationPage(memberId: string, page: PageRequest): Promise<Page<NotificationEntry>>;
  /**
   * How many of the member's notifications are unread and still name someone the member sees (not
   * muted, not in a block either way), counting no further than `max`.
   */
  unreadNotificationCount(memberId: string, max: number): Promise<number>;
  /** The members who have a notification about the post (or about one of its replies) or the reply. */
  notificationRecipients(about: { postId: string } | { replyId: string }): Promise<string[]>;

  /** Whom the member mutes and blocks, and who blocks them. */
  relations(memberId: string): Promise<Relations>;
  /** Whether either member blocks the other. */
  blockedBetween(memberId: string, otherId: string): Promise<boolean>;
  /**
   * What a viewer's lists leave out, in one read: whom they mute and block and who blocks them
   * (all empty for a caller without a token), and the members whose accounts are set to be deleted.
   */
  standing(viewerId: string | undefined): Promise<Standing>;
  /**
   * Whether `otherId` is out of the viewer's sight, in one read: their account is set to be
   * deleted, or (for a viewer with a token) a block stands between them either way.
   */
  unseenBy(viewerId: string | undefined, otherId: string): Promise<boolean>;

  /**
   * Whether the network is the demo network, whose members' password is published: the stand-in's
   * always is; the server's when it seeded it into this database.
   */
  demoNetwork(): Promise<boolean>;

  /** The network's version: the id of the last event committed (contract/events.ts). */
  lastEventId(): Promise<number>;
  /**
   * The events committed after `id`, in order; 'reset' when some of them are no longer kept (or `id`
   * is not a version this store has reached).
   */
  eventsAfter(id: number): Promise<StoredEvent[] | 'reset'>;
}

/** A create's claim of its Idempotency-Key (contract/idempotency.ts). */
export interface IdempotencyClaim {
  /** Whose key it is: the member's id, or '' for a signup (nobody's yet). */
  scope: string;
  key: string;
  /** What the call was: its route, parameters and body, hashed. */
  fingerprint: string;
  /** Now: a key kept since IDEMPOTENCY_KEPT_MS before this is free again. */
  at: string;
}

/** What a create under a key answered: its status and what it created. */
export interface IdempotentOutcome {
  status: number;
  resourceId: string;
}

export interface StoreTx extends StoreReader {
  /**
   * Takes the key for this transaction, or answers what it already holds. While another
   * transaction holds the key, this waits for it to end. Undefined: the key is this transaction's,
   * and keepIdempotentOutcome must follow before it commits; a rollback frees it again. Expired keys
   * are swept here, a few at a time.
   */
  claimIdempotencyKey(claim: IdempotencyClaim): Promise<(IdempotentOutcome & { fingerprint: string }) | undefined>;
  /** Records what the create answered under the key this transaction claimed. */
  keepIdempotentOutcome(scope: string, key: string, outcome: IdempotentOutcome): Promise<void>;
  insertMember(row: MemberRow): Promise<void>;
  /** Sets a member's role (`moderation`). */
  setRole(memberId: string, role: Role): Promise<void>;
  /** Replaces the network's rules with these, in this order (`moderation`). */
  replaceNetworkRules(rules: readonly NetworkRule[]): Promise<void>;
  updateMember(id: string, changes: Partial<Pick<MemberRow, 'passwordHash' | 'image' | 'userBio' | 'userPortfolioUrl' | 'language' | 'quotePolicy' | 'email' | 'emailConfirmed' | 'sessionVersion' | 'updatedAt'>>): Promise<void>;
  insertPost(row: PostRow): Promise<void>;
  updatePost(id: string, changes: Pick<PostRow, 'content' | 'updatedAt' | 'imageAlt' | 'editedAt' | 'warning' | 'moreImages'>): Promise<void>;
  /** Deletes the post with its reactions, its replies, its pin, every bookmark of it and every notification about it. */
  deletePost(id: string): Promise<void>;
  /** Sets or clears a member's reaction; a new or changed reaction goes to the end of its list. */
  setReaction(postId: string, memberId: string, kind: ReactionKind | null): Promise<void>;
  setFollow(followerId: string, followeeId: string, following: boolean): Promise<void>;
  setBookmark(memberId: string, postId: string, bookmarked: boolean): Promise<void>;
  /** Pins the member's post to their profile, or takes it off; a new pin goes to the end of the member's list. */
  setPin(memberId: string, postId: string, pinned: boolean): Promise<void>;
  /** Mutes or unmutes `otherId` for the member; a new one goes to the end of the member's list. */
  setMute(memberId: string, otherId: string, muted: boolean): Promise<void>;
  /** Blocks or unblocks `otherId` for the member (follows are the rules' to end); a new one goes to the end. */
  setBlock(memberId: string, otherId: string, blocked: boolean): Promise<void>;
  insertReply(row: ReplyRow): Promise<void>;
  /** Deletes the reply with its likes and the notifications about it; replies that answered it keep its author's name. */
  deleteReply(id: string): Promise<void>;
  /** A like of a reply; a new one goes to the end of its list. */
  setReplyLike(replyId: string, memberId: string, liked: boolean): Promise<void>;
  /**
   * Adds `actorId` to the member's notification named by `key` (contract/notifications.ts), making
   * it anew when there is none: it becomes unread and the newest, at `at`. An actor already in it
   * changes nothing. `id` names a notification made anew.
   */
  addNotificationActor(notification: Omit<NotificationRow, 'unread' | 'updatedAt'> & { key: string }, actorId: string, at: string): Promise<void>;
  /**
   * Takes `actorId` out of the member's notification named by `key`; the notification goes when
   * nobody is left in it. Whether anything changed.
   */
  removeNotificationActor(recipientId: string, key: string, actorId: string): Promise<boolean>;
  markNotificationsRead(memberId: string): Promise<void>;
  revokeToken(jti: string, expiresAt: string): Promise<void>;
  /** Keeps a password reset link's token hash (`accounts`). */
  addPasswordReset(row: PasswordResetRow): Promise<void>;
  /** Forgets every password reset link of the member's, and those expired by `at` of anyone's. */
  dropPasswordResets(memberId: string, at: string): Promise<void>;
  /** Keeps an email confirmation link's token hash. */
  addEmailConfirmation(row: EmailConfirmationRow): Promise<void>;
  /** Forgets every confirmation link of the member's, and those expired by `at` of anyone's. */
  dropEmailConfirmations(memberId: string, at: string): Promise<void>;
  /** Forgets the member's device records named, or all of them (`accounts`). */
  endSessions(memberId: string, ids?: readonly string[]): Promise<void>;
  /** Turns the member's two-factor sign-in on with this key and these recovery codes (`accounts`). */
  setTwoFactor(row: TwoFactorRow): Promise<void>;
  /** Turns it off: the key and the recovery codes are forgotten. */
  dropTwoFactor(memberId: string): Promise<void>;
  /** Keeps a post to publish later (`scheduled-posts`); its image was kept by keepImage in this transaction. */
  insertScheduledPost(row: ScheduledPostRow): Promise<void>;
  updateScheduledPost(id: string, changes: Pick<ScheduledPostRow, 'content' | 'imageAlt' | 'warning' | 'publishAt' | 'updatedAt' | 'moreImages'>): Promise<void>;
  /** Cancels a scheduled post, letting go of its image. */
  deleteScheduledPost(id: string): Promise<void>;
  /**
   * Takes up to `limit` scheduled posts due by `at`, the soonest first, out of the waiting list for
   * this transaction to publish (their images become the posts'). One another transaction holds is
   * skipped, never taken twice.
   */
  takeDueScheduledPosts(at: string, limit: number): Promise<ScheduledPostRow[]>;
  /**
   * Keeps a report (`moderation`). A second open report of one subject by one reporter is refused
   * by the store (the rules check first; two at once lose the race, and the loser is run again).
   */
  insertReport(row: ReportRow): Promise<void>;
  /** Sets these reports' status (open ones only change). */
  closeReports(ids: readonly string[], status: 'resolved' | 'dismissed'): Promise<void>;
  /** Adds an entry to the audit log. */
  insertAudit(row: AuditRow): Promise<void>;
  /** Sets where the member stands with the moderators. */
  setStanding(memberId: string, standing: MemberStanding): Promise<void>;
  /** Sets the member's account to be deleted (`accounts`), or changes when. */
  scheduleAccountDeletion(row: AccountDeletionRow): Promise<void>;
  /** Keeps the account after all: false when it was not set to be deleted. */
  cancelAccountDeletion(memberId: string): Promise<boolean>;
  /**
   * Deletes the member and everything that names them: their posts (with every reply, reaction,
   * bookmark, pin and notification of them), replies, reactions, reply likes, follows both ways,
   * bookmarks, mutes and blocks both ways, notifications to them and their part in others' (a
   * notification nobody else is behind goes), devices, links, two-factor sign-in, idempotency keys,
   * scheduled posts, the reports they made, and the images nothing else names. Reports about them
   * stay, with what was reported, for the moderators.
   */
  deleteMember(memberId: string): Promise<void>;
  /** Takes a code of time step `step`: false when one of it or of a later step was taken already. */
  takeTwoFactorStep(memberId: string, step: number): Promise<boolean>;
  /** Uses up the recovery code whose hash this is: false when the member has no such code unused. */
  takeRecoveryCode(memberId: string, codeHash: string): Promise<boolean>;
  /**
   * Keeps an uploaded image, with its smaller copies, and returns the URLs answers carry for them:
   * the stand-in keeps data URLs; the server stores the bytes once by their SHA-256 and answers
   * `/media/<sha256>.<ext>`, and `/media/<sha256>-<width>.webp` for a copy.
   */
  keepImage(image: PreparedImage): Promise<KeptImage>;
  /** The URL answers carry for an image that ships with the app (`/images/...`). */
  keepShippedImage(path: string): Promise<string>;
  /**
   * Records what the transaction changed, for the live stream: committed with it (each event taking
   * the next version), or dropped with it.
   */
  emit(event: NetworkEvent): Promise<void>;
}

/** After a follow or an unfollow: how many follow the other member, and how many the caller follows. */
export interface FollowCounts {
  followerCount: number;
  followingCount: number;
}

/**
 * What a write done in one statement answers: the refusal's key, or 'recheck' when the store cannot
 * tell alone (the caller then runs the rules), or what the answer needs.
 */
export type OneStatementOutcome<T> = { refused: MessageKey | 'recheck' } | { done: T };

/** What a write in one statement needs for the notification it may make or leave (rules/notifications.ts). */
export interface NotifyingWrite {
  at: string;
  /** The notification's id, if the write makes a new one, and the key of the one it joins or leaves. */
  notificationId: string;
  notificationKey: string;
  unreadMax: number;
}

/**
 * Writes a store may do in one statement each, session check included, for a token whose signature
 * is already verified: the same checks, changes, events and notifications as the rules in rules/
 * (the contract's suite holds both to the same answers). A store without them runs the rules.
 */
export interface OneStatementWrites {
  /** rules/posts.ts likePost and dislikePost; the post's counts after it. */
  react(claims: TokenClaims, write: { postId: string; reaction: ReactionKind } & NotifyingWrite): Promise<OneStatementOutcome<{ likeCount: number; dislikeCount: number }>>;
  /** rules/bookmarks.ts addBookmark and removeBookmark. */
  bookmark(claims: TokenClaims, write: { postId: string; bookmarked: boolean }): Promise<OneStatementOutcome<true>>;
  /**
   * rules/users.ts follow and unfollow; the follow's notification's id and key as for `react`. How
   * many follow the other member after it, and how many the caller follows (FollowCounts).
   */
  follow(claims: TokenClaims, write: { userId: string; following: boolean } & NotifyingWrite): Promise<OneStatementOutcome<FollowCounts>>;
}

export interface Store {
  /** Writes in one statement each, where the store has them. */
  readonly oneStatement?: OneStatementWrites;
  /**
   * A consistent read of committed data. `latest`: of what is committed now, never a read replica's
   * copy, which may lag (whether a token still stands: a session ended is ended everywhere at once).
   */
  read<T>(work: (reader: StoreReader) => Promise<T>, options?: { latest?: boolean }): Promise<T>;
  /** All of `work`'s changes, or none of them when it throws. */
  transaction<T>(work: (tx: StoreTx) => Promise<T>): Promise<T>;
  /** The whole network, as plain data. */
  snapshot(): Promise<DbSnapshot>;
  /** Replaces the whole network with the snapshot's. */
  load(snapshot: DbSnapshot): Promise<void>;
  /**
   * Records that a device was seen (`accounts`): made when new, else its User-Agent, address and
   * last seen updated. Outside any transaction, with no event: nobody else is told. Nothing is made
   * for a token revoked or of another session version than the member's, or a member not there, so a
   * call that raced the device's logout does not bring its record back.
   */
  seeSession(row: SessionRow): Promise<void>;
}
