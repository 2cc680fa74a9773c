/**
 * The live stream (the `events` extension, GET /api/events): what changes in the network, as it
 * happens, in the order it happened. Each event is small, ids and counts, never a list or a text: a
 * client that holds what an event names patches it, or loads that one thing again.
 *
 * Each event has an `id`, the network's version after it: rising, in the order the writes were
 * committed. A client that reconnects with `Last-Event-ID` gets what it missed, in order, once;
 * when what it missed is no longer kept, one `reset` tells it to load again.
 *
 * Who receives what:
 * - everyone with a stream: posts created, edited, deleted and reacted to; replies written, deleted
 *   and liked; members joined and their
 *   profiles changed; follows and unfollows (who follows whom is public, as profiles show it);
 * - the member alone, on every device: their bookmarks added or removed (bookmarks are private),
 *   their notifications changed (a new one, one taken away, all read) with their unread count after it,
 *   and whom they mute or block (the other member is not told, but for a block their devices hear that
 *   the blocker's content leaves their screens, as a reload would show them anyway);
 * - nobody hears of a new post or reply by a member they mute, or with whom a block stands either way
 *   (the ids of an edit, a deletion or a reaction may still pass: loading that post again is refused);
 * - moderators and admins alone: `report-opened`, a new report and the open count after it (a member
 *   named a moderator hears it from the `role-changed` that tells them, on the streams they hold open);
 * - one session: `session-ended` reaches the streams its end concerns (the one token a logout ends,
 *   every older token after a password change or "log out everywhere else"), and ends them.
 */

/** What a stream sends, by its SSE event name, with the payload its `data` carries. */
export interface EventPayloads {
  /**
   * A new post; Home shows it as new when the reader follows its author (or wrote it). A repost (the
   * `reposts` extension) is one too, by the reposter, under its own id, naming its original.
   */
  'post-created': { postId: string; authorId: string; repostOf?: string };
  'post-edited': { postId: string };
  /** Gone, with its replies, likes and every member's bookmark of it. */
  'post-deleted': { postId: string };
  /** A member liked, disliked or took back a reaction; the post's counts after it. */
  'post-reacted': { postId: string; memberId: string; reaction: 'like' | 'dislike' | null; likeCount: number; dislikeCount: number };
  /**
   * A member reposted a post or took the repost back, or quoted it or deleted the quote (the
   * `reposts` extension); the post's counts after it. A repost is also a `post-created` (its own id,
   * by the reposter, with `repostOf`) for the reposter's followers' Home.
   */
  'post-shared': { postId: string; memberId: string; kind: 'repost' | 'quote'; shared: boolean; repostCount: number; quoteCount: number };
  /** A new member; "Who to follow?" may list them. */
  'member-joined': { memberId: string };
  /** Names, bio, link or avatar changed. */
  'member-updated': { memberId: string };
  'follow-changed': { followerId: string; followeeId: string; following: boolean };
  'bookmark-changed': { memberId: string; postId: string; bookmarked: boolean };
  /** A new reply to a post (the `replies` extension), and the post's reply count after it. */
  'reply-created': { postId: string; replyId: string; authorId: string; replyCount: number };
  /** A reply deleted, and the post's reply count after it. */
  'reply-deleted': { postId: string; replyId: string; replyCount: number };
  /** A member liked a reply or took the like back; the reply's like count after it. */
  'reply-reacted': { postId: string; replyId: string; memberId: string; liked: boolean; likeCount: number };
  /**
   * The member's notifications changed (the `notifications` extension): one arrived, grew, was taken
   * away, or all were read; how many are unread after it (counted up to NOTIFICATIONS_UNREAD_MAX).
   */
  'notifications-changed': { memberId: string; unreadCount: number };
  /** The member muted, unmuted, blocked or unblocked another (the `mute-block` extension): where they stand after it. */
  'relation-changed': { memberId: string; otherId: string; muted: boolean; blocked: boolean };
  /**
   * What `otherId` wrote and shows leaves the member's screens (`otherId` blocked them): their posts,
   * replies and profile now answer the member not found. Only what a reload would show anyway: no
   * reason, and nothing when a block ends (what comes back comes with the member's next load).
   */
  'member-withdrawn': { memberId: string; otherId: string };
  /**
   * The member set their account to be deleted (`accounts`): what they wrote and show leaves every
   * other member's screens, as the next load would show it.
   */
  'member-left': { memberId: string };
  /**
   * A logout ended one token (`jti`); a password change, a logout of every other device or an account
   * set to be deleted ended every token older than `sessionVersion`.
   */
  'session-ended': { memberId: string; reason: 'logout'; jti: string } | { memberId: string; reason: 'password' | 'elsewhere' | 'leaving' | 'suspended'; sessionVersion: number };
  /**
   * A member reported something (the `moderation` extension): to moderators' and admins' streams
   * alone, with how many reports are open after it.
   */
  'report-opened': { reportId: string; openCount: number };
  /**
   * The moderators acted on something of the member's, or on the member (`moderation`): to the
   * member alone, who reads why in their notices.
   */
  'moderation-notice': { memberId: string };
  /**
   * An admin named the member a moderator, or made them a member again (`moderation`): to the member
   * alone, whose open streams carry `report-opened` from then on, or no longer.
   */
  'role-changed': { memberId: string; role: 'member' | 'moderator' | 'admin' };
}

export type EventType = keyof EventPayloads;

/** One change, as a rule records it in its transaction. */
export type NetworkEvent = { [T in EventType]: { type: T } & EventPayloads[T] }[EventType];

/** An event as kept and sent: with the network's version after it. */
export type StoredEvent = NetworkEvent & { id: number };

/** The control event that tells a client to load everything again. */
export const RESET_EVENT = 'reset';

/** A comment line this often keeps proxies from closing an idle stream. */
export const HEARTBEAT_MS = 15_000;

/** The session a stream was opened for. */
export interface StreamViewer {
  memberId: string;
  jti: string;
  sessionVersion: number;
  /** The members whose new posts and replies the viewer is not told of: muted, or in a block either way. */
  hidden?: ViewerRelations;
  /** Whether the viewer is a moderator or an admin (`moderation`): as the store said when the stream opened, then as `role-changed` says. */
  staff?: boolean;
}

/** Whom a stream's viewer mutes, and the blocks that involve them, kept in step by the stream's own events. */
export class ViewerRelations {
  private readonly muting: Set<string>;
  /** `blocker>blocked` for each block with the viewer on either side. */
  private readonly blocks = new Set<string>();

  constructor(readonly memberId: string, relations: { muting: readonly string[]; blocking: readonly string[]; blockedBy: readonly string[] }) {
    this.muting = new Set(relations.muting);
    for (const id of relations.blocking) this.blocks.add(`${memberId}>${id}`);
    for (const id of relations.blockedBy) this.blocks.add(`${id}>${memberId}`);
  }

  hides(authorId: string): boolean {
    return this.muting.has(authorId) || this.blocks.has(`${this.memberId}>${authorId}`) || this.blocks.has(`${authorId}>${this.memberId}`);
  }

  /** Takes in a relation change that concerns the viewer (any other passes by). */
  follow(event: NetworkEvent): void {
    if (event.type !== 'relation-changed') return;
    if (event.memberId === this.memberId) {
      if (event.muted) this.muting.add(event.otherId);
      else this.muting.delete(event.otherId);
    }
    if (event.memberId === this.memberId || event.otherId === this.memberId) {
      const key = `${event.memberId}>${event.otherId}`;
      if (event.blocked) this.blocks.add(key);
      else this.blocks.delete(key);
    }
  }
}

/** Whether a stream opened for `viewer` carries `event`. */
export function receives(event: NetworkEvent, viewer: StreamViewer): boolean {
  switch (event.type) {
    case 'bookmark-changed':
    case 'notifications-changed':
    case 'relation-changed':
    case 'member-withdrawn':
    case 'moderation-notice':
    case 'role-changed':
      return event.memberId === viewer.memberId;
    case 'report-opened':
      return viewer.staff === true;
    case 'post-created':
    case 'reply-created':
      return !(viewer.hidden?.hides(event.authorId) ?? false);
    case 'session-ended':
      if (event.memberId !== viewer.memberId) return false;
      return event.reason === 'logout' ? event.jti === viewer.jti : viewer.sessionVersion < event.sessionVersion;
    default:
      return true;
  }
}

/** An event as one Server-Sent Events frame: `id`, `event` (its type) and `data` (its payload as JSON). */
export function eventFrame({ id, type, ...payload }: StoredEvent): string {
  return `id: ${id}\nevent: ${type}\ndata: ${JSON.stringify(payload)}\n\n`;
}

/** The frame that tells a client to load again, at the network's version `id`. */
export function resetFrame(id: number): string {
  return `id: ${id}\nevent: ${RESET_EVENT}\ndata: {}\n\n`;
}
