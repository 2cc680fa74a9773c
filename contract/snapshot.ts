/**
 * A whole network as plain, serialisable data: what seeds build, what the stand-in keeps in the
 * browser and saves, what the server imports on first start, and what contract tests arrange and
 * inspect on any backend. Records hold ids only; names, avatars and counts are derived when
 * answering, so likeCount always equals likedBy.length.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { StoredEvent } from './events';

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
  createdAt: Type.String(),
  updatedAt: Type.String(),
  /** Raised by a password change: tokens issued before it are refused. Absent means 0. */
  sessionVersion: Type.Optional(Type.Number()),
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

/** A token ended by logout: refused until it would have expired anyway. */
export const RevokedToken = Type.Object({
  jti: Type.String(),
  /** ISO time after which the token is refused by its expiry alone. */
  expiresAt: Type.String(),
});
export type RevokedToken = Static<typeof RevokedToken>;

export const DB_SNAPSHOT_VERSION = 2;

export const DbSnapshot = Type.Object({
  version: Type.Literal(DB_SNAPSHOT_VERSION),
  users: Type.Array(UserRecord),
  posts: Type.Array(PostRecord),
  /** Replies, oldest first; absent when there are none. */
  replies: Type.Optional(Type.Array(ReplyRecord)),
  revokedTokens: Type.Optional(Type.Array(RevokedToken)),
  /**
   * The stand-in's place in its live stream, saved with its store for the browser's other tabs: the
   * network's version and the last events (contract/events.ts). The server keeps its own and reads
   * neither.
   */
  networkVersion: Type.Optional(Type.Integer()),
  events: Type.Optional(Type.Array(Type.Unsafe<StoredEvent>(Type.Object({ id: Type.Integer(), type: Type.String() })))),
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
export function findInconsistencies(snapshot: Pick<DbSnapshot, 'users' | 'posts' | 'replies'>): string[] {
  const problems: string[] = [];
  const users = new Map(snapshot.users.map((user) => [user.id, user]));
  const posts = new Map(snapshot.posts.map((post) => [post.id, post]));
  const seenUsernames = new Set<string>();
  for (const user of users.values()) {
    const lower = user.username.toLowerCase();
    if (seenUsernames.has(lower)) problems.push(`username ${user.username} is used twice`);
    seenUsernames.add(lower);
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
  }
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
  return problems;
}
