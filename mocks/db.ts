/**
 * The stand-in backend's in-memory store: members (with their passwords, which never leave the
 * backend) and posts. Records hold ids only; names, avatars and counts are derived when answering,
 * so a profile change shows everywhere at once and likeCount always equals likedBy.length.
 * Creating a store has no side effects beyond the object it returns.
 */

export interface UserRecord {
  id: string;
  firstName: string;
  lastName: string;
  username: string;
  /**
   * Kept in plain text: this is an in-browser stand-in with demo accounts, not a server. The
   * serialisers never copy it into an answer.
   */
  password: string;
  image: string;
  userBio: string;
  userPortfolioUrl: string;
  /** Ids of the members following this one. */
  followers: string[];
  /** Ids of the members this one follows. */
  following: string[];
  /** Ids of bookmarked posts, in the order they were added. */
  bookmarks: string[];
  createdAt: string;
  updatedAt: string;
}

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

export interface PostRecord {
  id: string;
  authorId: string;
  content: string;
  /** Image URL or data URL; empty when none. */
  postImage: string;
  /** Ids of the members who like the post; its like count is the length of this list. */
  likedBy: string[];
  dislikedBy: string[];
  createdAt: string;
  updatedAt: string;
}

/** A plain, serialisable copy of the whole store: what seeds build and what persistence saves. */
export interface DbSnapshot {
  version: typeof DB_SNAPSHOT_VERSION;
  users: UserRecord[];
  posts: PostRecord[];
}

export const DB_SNAPSHOT_VERSION = 1;

export interface Db {
  readonly users: Map<string, UserRecord>;
  readonly posts: Map<string, PostRecord>;
  /** Replaces the whole content with a copy of the snapshot. */
  load(snapshot: DbSnapshot): void;
  /** A deep copy of the whole content. */
  snapshot(): DbSnapshot;
  /** Usernames are unique ignoring case. */
  findUserByUsername(username: string): UserRecord | undefined;
}

export function emptySnapshot(): DbSnapshot {
  return { version: DB_SNAPSHOT_VERSION, users: [], posts: [] };
}

export function createDb(seed: DbSnapshot = emptySnapshot()): Db {
  const users = new Map<string, UserRecord>();
  const posts = new Map<string, PostRecord>();

  const db: Db = {
    users,
    posts,
    load(snapshot) {
      const copy = structuredClone(snapshot);
      users.clear();
      posts.clear();
      for (const user of copy.users) users.set(user.id, user);
      for (const post of copy.posts) posts.set(post.id, post);
    },
    snapshot() {
      return structuredClone({ version: DB_SNAPSHOT_VERSION, users: [...users.values()], posts: [...posts.values()] });
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

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

function hasStrings(value: Record<string, unknown>, keys: readonly string[]): boolean {
  return keys.every((key) => typeof value[key] === 'string');
}

function isUserRecord(value: unknown): value is UserRecord {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return hasStrings(record, ['id', 'firstName', 'lastName', 'username', 'password', 'image', 'userBio', 'userPortfolioUrl', 'createdAt', 'updatedAt'])
    && isStringArray(record.followers) && isStringArray(record.following) && isStringArray(record.bookmarks);
}

function isPostRecord(value: unknown): value is PostRecord {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return hasStrings(record, ['id', 'authorId', 'content', 'postImage', 'createdAt', 'updatedAt'])
    && isStringArray(record.likedBy) && isStringArray(record.dislikedBy);
}

/** Whether a value read back from browser storage is a snapshot this version can load. */
export function isDbSnapshot(value: unknown): value is DbSnapshot {
  if (typeof value !== 'object' || value === null) return false;
  const snapshot = value as Record<string, unknown>;
  return snapshot.version === DB_SNAPSHOT_VERSION
    && Array.isArray(snapshot.users) && snapshot.users.every(isUserRecord)
    && Array.isArray(snapshot.posts) && snapshot.posts.every(isPostRecord);
}

/**
 * Every broken rule of the store's consistency, as readable sentences; empty when all hold.
 * Tests call it after every request.
 */
export function findInconsistencies(db: Db): string[] {
  const problems: string[] = [];
  const seenUsernames = new Set<string>();
  for (const user of db.users.values()) {
    const lower = user.username.toLowerCase();
    if (seenUsernames.has(lower)) problems.push(`username ${user.username} is used twice`);
    seenUsernames.add(lower);
    for (const id of user.following) {
      if (!db.users.get(id)?.followers.includes(user.id)) problems.push(`${user.id} follows ${id} but is not among its followers`);
    }
    for (const id of user.followers) {
      if (!db.users.get(id)?.following.includes(user.id)) problems.push(`${id} is a follower of ${user.id} but does not follow it`);
    }
    if (user.following.includes(user.id)) problems.push(`${user.id} follows itself`);
    if (new Set(user.following).size !== user.following.length) problems.push(`${user.id} follows someone twice`);
    if (new Set(user.bookmarks).size !== user.bookmarks.length) problems.push(`${user.id} has a bookmark twice`);
    for (const id of user.bookmarks) {
      if (!db.posts.has(id)) problems.push(`${user.id} bookmarks the missing post ${id}`);
    }
  }
  for (const post of db.posts.values()) {
    if (!db.users.has(post.authorId)) problems.push(`post ${post.id} has the missing author ${post.authorId}`);
    if (new Set(post.likedBy).size !== post.likedBy.length) problems.push(`post ${post.id} is liked twice by one member`);
    if (new Set(post.dislikedBy).size !== post.dislikedBy.length) problems.push(`post ${post.id} is disliked twice by one member`);
    for (const id of post.likedBy) {
      if (post.dislikedBy.includes(id)) problems.push(`post ${post.id} is both liked and disliked by ${id}`);
      if (!db.users.has(id)) problems.push(`post ${post.id} is liked by the missing member ${id}`);
    }
  }
  return problems;
}
