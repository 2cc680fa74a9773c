/**
 * Rows to wire objects (spec section 3). Every field is picked by name, so a password or hash can
 * never slip into an answer; members inside posts and users are summaries read at answer time, so
 * they are always current. Each function reads what it needs in a few batched calls, whatever the
 * number of posts or members.
 */
import { NOTIFICATION_EXCERPT_MAX, type AppNotification, type Post, type QuotedPost, type Reply, type User, type UserSummary } from './api';
import { hiddenFor, type Hidden } from './rules/relations';
import { moreImageOut, type MemberCard, type MemberRow, type NotificationEntry, type PostRow, type ReplyRow, type Scope, type StoreReader } from './store';
import { firstGraphemes } from './validation';

export function toUserSummary(member: MemberCard): UserSummary {
  return { _id: member.id, username: member.username, firstName: member.firstName, lastName: member.lastName, image: member.image };
}

/**
 * The summaries made from one answer's members, by id: a member named in many lists (the members
 * list names each one in everyone's followers and following) is one object in the answer, made once.
 */
const summariesMade = new WeakMap<ReadonlyMap<string, MemberCard>, Map<string, UserSummary>>();

/** The members `ids` names, less those gone, as summaries. */
function summaries(members: ReadonlyMap<string, MemberCard>, ids: readonly string[]): UserSummary[] {
  let made = summariesMade.get(members);
  if (!made) {
    made = new Map();
    summariesMade.set(members, made);
  }
  const named: UserSummary[] = [];
  for (const id of ids) {
    let summary = made.get(id);
    if (!summary) {
      const member = members.get(id);
      if (!member) continue;
      summary = toUserSummary(member);
      made.set(id, summary);
    }
    named.push(summary);
  }
  return named;
}

/** The author's fields a post or a reply carries; empty ones when the author is gone. */
function authorFields(members: ReadonlyMap<string, MemberCard>, authorId: string) {
  const author = members.get(authorId);
  const firstName = author?.firstName ?? '';
  const lastName = author?.lastName ?? '';
  return { _id: authorId, username: author?.username ?? '', firstName, lastName, userFullName: `${firstName} ${lastName}`.trim(), image: author?.image ?? '' };
}

/** How a post row is shown: itself, or (a repost) the original, with the repost that brought it. */
interface Shown {
  post: PostRow;
  repost?: PostRow;
}

/**
 * `posts` as the wire shows them to `viewerId` (undefined: a caller without a token). Members in a
 * block with the viewer leave what the post shows of others: its likers and dislikers, and the
 * replies its count counts, as the replies page leaves them out. The like count stays the network's,
 * as the Liked by list counts it while leaving them out: it is what the live stream and the sort by
 * likes carry, the same for every reader. `scope: 'all'` says they are every post there is (one read
 * of each table).
 *
 * A repost (the `reposts` extension) is shown as its original, with who reposted it; a list
 * (`listed`) shows each original once, where it first comes, and leaves out reposts of members the
 * viewer mutes. A repost whose original is gone, or whose author is in a block with the viewer, is
 * left out; a quote carries the post it quotes, or null when that is gone for the viewer.
 */
export async function presentPosts(reader: StoreReader, posts: readonly PostRow[], viewerId: string | undefined, scope?: 'all', listed = true): Promise<Post[]> {
  if (posts.length === 0) return [];
  const hidden = await hiddenFor(reader, viewerId);
  const { blocked } = hidden;
  const shown = await showing(reader, posts, hidden, listed);
  const quotedIds = [...new Set(shown.flatMap(({ post }) => (post.quoteOf === null ? [] : [post.quoteOf])))];
  const quoted = new Map((quotedIds.length === 0 ? [] : await reader.postsByIds(quotedIds))
    .filter((post) => post.repostOf === null && !blocked.has(post.authorId))
    .map((post) => [post.id, post]));
  const rows = [...new Map([...shown.map(({ post }) => post), ...quoted.values()].map((post) => [post.id, post])).values()];
  const ids = rows.map((post) => post.id);
  // Every post there is holds the originals and the quoted posts too.
  const postIds: Scope = scope ?? ids;
  // A page's few posts: their facts in one read. Every post there is: each kind read whole.
  const { reactions, replyCounts, pinned, shares } = postIds === 'all'
    ? { reactions: await reader.reactionLists('all'), replyCounts: await reader.replyCounts('all', blocked), pinned: await reader.pinnedAmong('all'), shares: await reader.shareCounts(ids) }
    : await reader.postFacts(postIds, blocked);
  let members: MemberCard[];
  if (postIds === 'all') {
    members = await reader.members();
  } else {
    const memberIds = new Set<string>();
    for (const post of rows) {
      memberIds.add(post.authorId);
      const lists = reactions.get(post.id);
      for (const id of lists?.likedBy ?? []) memberIds.add(id);
      for (const id of lists?.dislikedBy ?? []) memberIds.add(id);
    }
    for (const { repost } of shown) if (repost) memberIds.add(repost.authorId);
    members = await reader.memberCardsByIds([...memberIds]);
  }
  const byId = new Map(members.map((member) => [member.id, member]));
  const seen = (users: UserSummary[]) => (blocked.size === 0 ? users : users.filter((user) => !blocked.has(user._id)));
  // Each post's object is built as one literal, the optional fields added after it: spreads in the
  // middle of a literal of this size took V8's slow path (about 12 µs a post, most of a page's time).
  const fields = (post: PostRow): QuotedPost => {
    const lists = reactions.get(post.id);
    const likers = summaries(byId, lists?.likedBy ?? []);
    const share = shares.get(post.id);
    const { _id, username, firstName, lastName, userFullName, image } = authorFields(byId, post.authorId);
    const shownPost: QuotedPost = {
      _id,
      username,
      firstName,
      lastName,
      userFullName,
      image,
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
      repostCount: share?.reposts ?? 0,
      quoteCount: share?.quotes ?? 0,
      quotePolicy: byId.get(post.authorId)?.quotePolicy ?? 'anyone',
    };
    if (post.imageSizes) shownPost.imageSizes = post.imageSizes;
    if (post.moreImages.length > 0) shownPost.moreImages = post.moreImages.map(moreImageOut);
    if (pinned.has(post.id)) shownPost.pinned = true;
    return shownPost;
  };
  return shown.map(({ post, repost }) => {
    const shownPost: Post = fields(post);
    const reposter = repost && byId.get(repost.authorId);
    if (repost && reposter) shownPost.repost = { id: repost.id, by: toUserSummary(reposter), createdAt: repost.createdAt };
    if (post.quoteOf !== null) {
      const quote = quoted.get(post.quoteOf);
      shownPost.quote = { postId: post.quoteOf, post: quote ? fields(quote) : null };
    }
    return shownPost;
  });
}

/**
 * The posts `rows` show (see presentPosts): each repost as its original, those whose original is
 * gone or out of the viewer's sight left out, and in a list each original once and no repost of a
 * muted member's post.
 */
async function showing(reader: StoreReader, rows: readonly PostRow[], hidden: Hidden, listed: boolean): Promise<Shown[]> {
  const wanted = rows.flatMap((row) => (row.repostOf === null ? [] : [row.repostOf]));
  if (wanted.length === 0) return rows.map((post) => ({ post }));
  const originals = new Map((await reader.postsByIds([...new Set(wanted)])).map((post) => [post.id, post]));
  const once = new Set<string>();
  return rows.flatMap((row): Shown[] => {
    const original = row.repostOf === null ? row : originals.get(row.repostOf);
    if (!original || hidden.blocked.has(original.authorId)) return [];
    if (listed && (once.has(original.id) || (row !== original && hidden.muted.has(original.authorId)))) return [];
    once.add(original.id);
    return [row === original ? { post: row } : { post: original, repost: row }];
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
  const byId = new Map((await reader.memberCardsByIds([...ids])).map((member) => [member.id, member]));
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
  const byId = new Map((await reader.memberCardsByIds(newest)).map((member) => [member.id, member]));
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
  return presentOne((from, rows) => presentPosts(from, rows, viewerId, undefined, false), reader, post);
}

/**
 * `members` as the wire shows them to `viewerId` (the member whose session the call carries, its
 * token verified; undefined for anyone else). A member's bookmarks are theirs alone: every other
 * reader, and a caller without a token, finds the list empty; their language, quote policy, reposts and role, likewise, are absent. `scope: 'all'` says they are every
 * member there is.
 */
export async function presentMembers(reader: StoreReader, members: readonly MemberRow[], viewerId: string | undefined, scope?: 'all'): Promise<User[]> {
  if (members.length === 0) return [];
  const ids: Scope = scope ?? members.map((member) => member.id);
  const follows = await reader.followLists(ids);
  const own = viewerId !== undefined && members.some((member) => member.id === viewerId);
  const bookmarks = own ? await reader.bookmarkLists([viewerId]) : new Map<string, string[]>();
  const reposts = own ? await reader.repostedBy(viewerId) : [];
  const byId = new Map<string, MemberCard>(members.map((member) => [member.id, member]));
  if (scope !== 'all') {
    const others = new Set<string>();
    for (const lists of follows.values()) {
      for (const id of [...lists.followers, ...lists.following]) if (!byId.has(id)) others.add(id);
    }
    for (const member of await reader.memberCardsByIds([...others])) byId.set(member.id, member);
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
      ...(member.id === viewerId ? { language: member.language, quotePolicy: member.quotePolicy, reposts, role: member.role } : {}),
      createdAt: member.createdAt,
      updatedAt: member.updatedAt,
    };
  });
}

/** One member as `viewerId` sees them (presentMembers): their bookmarks only to themselves. */
export function presentMember(reader: StoreReader, member: MemberRow, viewerId: string | undefined): Promise<User> {
  return presentOne((from, rows) => presentMembers(from, rows, viewerId), reader, member);
}
