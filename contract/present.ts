/**
 * Rows to wire objects (spec section 3). Every field is picked by name, so a password or hash can
 * never slip into an answer; members inside posts and users are summaries read at answer time, so
 * they are always current. Each function reads what it needs in a few batched calls, whatever the
 * number of posts or members.
 */
import { NOTIFICATION_EXCERPT_MAX, type AppNotification, type Post, type Reply, type User, type UserSummary } from './api';
import { hiddenFor } from './rules/relations';
import type { MemberRow, NotificationEntry, PostRow, ReplyRow, Scope, StoreReader } from './store';
import { firstGraphemes } from './validation';

export function toUserSummary(member: MemberRow): UserSummary {
  return { _id: member.id, username: member.username, firstName: member.firstName, lastName: member.lastName, image: member.image };
}

/** The members `ids` names, less those gone, as summaries. */
function summaries(members: ReadonlyMap<string, MemberRow>, ids: readonly string[]): UserSummary[] {
  return ids.flatMap((id) => members.get(id) ?? []).map(toUserSummary);
}

/** The author's fields a post or a reply carries; empty ones when the author is gone. */
function authorFields(members: ReadonlyMap<string, MemberRow>, authorId: string) {
  const author = members.get(authorId);
  const firstName = author?.firstName ?? '';
  const lastName = author?.lastName ?? '';
  return { _id: authorId, username: author?.username ?? '', firstName, lastName, userFullName: `${firstName} ${lastName}`.trim(), image: author?.image ?? '' };
}

/**
 * `posts` as the wire shows them to `viewerId` (undefined: a caller without a token). Members in a
 * block with the viewer leave what the post shows of others: its likers and dislikers, and the
 * replies its count counts, as the replies page leaves them out. The like count stays the network's,
 * as the Liked by list counts it while leaving them out: it is what the live stream and the sort by
 * likes carry, the same for every reader. `scope: 'all'` says they are every post there is (one read
 * of each table).
 */
export async function presentPosts(reader: StoreReader, posts: readonly PostRow[], viewerId: string | undefined, scope?: 'all'): Promise<Post[]> {
  if (posts.length === 0) return [];
  const postIds: Scope = scope ?? posts.map((post) => post.id);
  const { blocked } = await hiddenFor(reader, viewerId);
  const reactions = await reader.reactionLists(postIds);
  const replyCounts = await reader.replyCounts(postIds, blocked);
  const pinned = await reader.pinnedAmong(postIds);
  let members: MemberRow[];
  if (scope === 'all') {
    members = await reader.members();
  } else {
    const ids = new Set<string>();
    for (const post of posts) {
      ids.add(post.authorId);
      const lists = reactions.get(post.id);
      for (const id of lists?.likedBy ?? []) ids.add(id);
      for (const id of lists?.dislikedBy ?? []) ids.add(id);
    }
    members = await reader.membersByIds([...ids]);
  }
  const byId = new Map(members.map((member) => [member.id, member]));
  const seen = (users: UserSummary[]) => (blocked.size === 0 ? users : users.filter((user) => !blocked.has(user._id)));
  return posts.map((post) => {
    const lists = reactions.get(post.id);
    const likers = summaries(byId, lists?.likedBy ?? []);
    return {
      ...authorFields(byId, post.authorId),
      id: post.id,
      content: post.content,
      postImage: post.postImage,
      likes: { likeCount: likers.length, likedBy: seen(likers), dislikedBy: seen(summaries(byId, lists?.dislikedBy ?? [])) },
      createdAt: post.createdAt,
      updatedAt: post.updatedAt,
      replyCount: replyCounts.get(post.id) ?? 0,
      imageAlt: post.imageAlt,
      editedAt: post.editedAt,
      warning: post.warning,
      ...(post.imageSizes ? { imageSizes: post.imageSizes } : {}),
      ...(pinned.has(post.id) ? { pinned: true } : {}),
    };
  });
}

/**
 * `replies` as the wire shows them, with their authors, likes and whom they answer read in a few
 * batches, to a reader for whom the members in `blocked` (a block either
 * way) leave the replies' likers; the like count stays the network's, as a post's does.
 */
export async function presentReplies(reader: StoreReader, replies: readonly ReplyRow[], blocked: ReadonlySet<string> = new Set()): Promise<Reply[]> {
  if (replies.length === 0) return [];
  const likes = await reader.replyLikeLists(replies.map((reply) => reply.id));
  const ids = new Set<string>();
  for (const reply of replies) {
    ids.add(reply.authorId);
    if (reply.replyToAuthorId !== null) ids.add(reply.replyToAuthorId);
    for (const id of likes.get(reply.id) ?? []) ids.add(id);
  }
  const byId = new Map((await reader.membersByIds([...ids])).map((member) => [member.id, member]));
  return replies.map((reply) => {
    const answered = reply.replyToAuthorId === null ? undefined : byId.get(reply.replyToAuthorId);
    const likedBy = summaries(byId, likes.get(reply.id) ?? []);
    return {
      id: reply.id,
      postId: reply.postId,
      ...authorFields(byId, reply.authorId),
      content: reply.content,
      replyTo: answered ? { replyId: reply.replyToId, _id: answered.id, username: answered.username } : null,
      likes: { likeCount: likedBy.length, likedBy: blocked.size === 0 ? likedBy : likedBy.filter((user) => !blocked.has(user._id)) },
      createdAt: reply.createdAt,
    };
  });
}

export function presentReply(reader: StoreReader, reply: ReplyRow, blocked?: ReadonlySet<string>): Promise<Reply> {
  return presentOne((from, rows: readonly ReplyRow[]) => presentReplies(from, rows, blocked), reader, reply);
}

/**
 * What a notification quotes of the text it is about: its first NOTIFICATION_EXCERPT_MAX graphemes,
 * its lines and spaces run together into one line, with "…" when the text goes on; null when there
 * is no text.
 */
export function excerptOf(text: string | null): string | null {
  const line = text?.replace(/\s+/gu, ' ').trim() ?? '';
  if (line === '') return null;
  const opening = firstGraphemes(line, NOTIFICATION_EXCERPT_MAX);
  return opening.length < line.length ? `${opening.trimEnd()}…` : opening;
}

/** A page of notifications as the wire shows them: who acted last, and how many more, in one batched read. */
export async function presentNotifications(reader: StoreReader, notifications: readonly NotificationEntry[]): Promise<AppNotification[]> {
  if (notifications.length === 0) return [];
  const newest = [...new Set(notifications.flatMap((notification) => (notification.actors ? [notification.actors.newestId] : [])))];
  const byId = new Map((await reader.membersByIds(newest)).map((member) => [member.id, member]));
  return notifications.flatMap((notification) => {
    const behind = notification.actors;
    const actor = behind && byId.get(behind.newestId);
    if (!behind || !actor) return [];
    return [{
      id: notification.id,
      kind: notification.kind,
      actor: toUserSummary(actor),
      others: behind.count - 1,
      postId: notification.postId,
      replyId: notification.replyId,
      excerpt: excerptOf(notification.aboutText),
      read: !notification.unread,
      createdAt: notification.updatedAt,
    }];
  });
}

/** One row presented by the function that presents a list of them. */
async function presentOne<R extends { id: string }, T>(presentAll: (reader: StoreReader, rows: readonly R[]) => Promise<T[]>, reader: StoreReader, row: R): Promise<T> {
  const [presented] = await presentAll(reader, [row]);
  if (!presented) throw new Error(`${row.id} could not be presented`);
  return presented;
}

export function presentPost(reader: StoreReader, post: PostRow, viewerId: string | undefined): Promise<Post> {
  return presentOne((from, rows) => presentPosts(from, rows, viewerId), reader, post);
}

/**
 * `members` as the wire shows them to `viewerId` (the member whose session the call carries, its
 * token verified; undefined for anyone else). A member's bookmarks are theirs alone: every other
 * reader, and a caller without a token, finds the list empty; their language, likewise, is absent. `scope: 'all'` says they are every
 * member there is.
 */
export async function presentMembers(reader: StoreReader, members: readonly MemberRow[], viewerId: string | undefined, scope?: 'all'): Promise<User[]> {
  if (members.length === 0) return [];
  const ids: Scope = scope ?? members.map((member) => member.id);
  const follows = await reader.followLists(ids);
  const own = viewerId !== undefined && members.some((member) => member.id === viewerId);
  const bookmarks = own ? await reader.bookmarkLists([viewerId]) : new Map<string, string[]>();
  const byId = new Map(members.map((member) => [member.id, member]));
  if (scope !== 'all') {
    const others = new Set<string>();
    for (const lists of follows.values()) {
      for (const id of [...lists.followers, ...lists.following]) if (!byId.has(id)) others.add(id);
    }
    for (const member of await reader.membersByIds([...others])) byId.set(member.id, member);
  }
  return members.map((member) => {
    const lists = follows.get(member.id);
    return {
      _id: member.id,
      id: member.id,
      firstName: member.firstName,
      lastName: member.lastName,
      username: member.username,
      image: member.image,
      userBio: member.userBio,
      userPortfolioUrl: member.userPortfolioUrl,
      followers: summaries(byId, lists?.followers ?? []),
      following: summaries(byId, lists?.following ?? []),
      bookmarks: member.id === viewerId ? [...(bookmarks.get(member.id) ?? [])] : [],
      // The member's own choice of language, like their bookmarks: to them alone.
      ...(member.id === viewerId ? { language: member.language } : {}),
      createdAt: member.createdAt,
      updatedAt: member.updatedAt,
    };
  });
}

/** One member as `viewerId` sees them (presentMembers): their bookmarks only to themselves. */
export function presentMember(reader: StoreReader, member: MemberRow, viewerId: string | undefined): Promise<User> {
  return presentOne((from, rows) => presentMembers(from, rows, viewerId), reader, member);
}
