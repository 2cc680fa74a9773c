/**
 * Records to wire objects (spec section 3). Every field is picked by name, so a password can never
 * slip into an answer; members inside posts and users are summaries read from the users table at
 * answer time, so they are always current.
 */
import type { Post, User, UserSummary } from '../../contract/api';
import type { Db, PostRecord, UserRecord } from '../db';

export function toUserSummary(user: UserRecord): UserSummary {
  return { _id: user.id, username: user.username, firstName: user.firstName, lastName: user.lastName, image: user.image };
}

function summaries(db: Db, ids: readonly string[]): UserSummary[] {
  const found: UserSummary[] = [];
  for (const id of ids) {
    const user = db.users.get(id);
    if (user) found.push(toUserSummary(user));
  }
  return found;
}

export function toUser(db: Db, user: UserRecord): User {
  return {
    _id: user.id,
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    username: user.username,
    image: user.image,
    userBio: user.userBio,
    userPortfolioUrl: user.userPortfolioUrl,
    followers: summaries(db, user.followers),
    following: summaries(db, user.following),
    bookmarks: [...user.bookmarks],
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
  };
}

export function toPost(db: Db, post: PostRecord): Post {
  const author = db.users.get(post.authorId);
  const likedBy = summaries(db, post.likedBy);
  const firstName = author?.firstName ?? '';
  const lastName = author?.lastName ?? '';
  return {
    _id: post.authorId,
    id: post.id,
    content: post.content,
    postImage: post.postImage,
    likes: { likeCount: likedBy.length, likedBy, dislikedBy: summaries(db, post.dislikedBy) },
    username: author?.username ?? '',
    firstName,
    lastName,
    userFullName: `${firstName} ${lastName}`.trim(),
    image: author?.image ?? '',
    createdAt: post.createdAt,
    updatedAt: post.updatedAt,
  };
}

export function toPosts(db: Db, posts: readonly PostRecord[]): Post[] {
  return posts.map((post) => toPost(db, post));
}

export function toUsers(db: Db, users: readonly UserRecord[]): User[] {
  return users.map((user) => toUser(db, user));
}
