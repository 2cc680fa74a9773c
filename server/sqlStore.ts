/**
 * The contract's Store over SQL (PostgreSQL or PGlite): one SQL transaction per call, every
 * parameter bound, counts derived from rows. Images are stored once by their SHA-256 in `media`.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeCursor, encodeCursor, postCursor, postCursorKey } from '../contract/cursor';
import { refusal } from '../contract/errors';
import type { Orderable, PostOrder } from '../contract/order';
import { DB_SNAPSHOT_VERSION, type DbSnapshot, type PostRecord, type UserRecord } from '../contract/snapshot';
import type {
  FollowLists, MemberRow, Page, PageRequest, PostRow, PostSource, ReactionKind, ReactionLists, Scope, Store, StoreReader, StoreTx,
} from '../contract/store';
import { IMAGE_KINDS, imageDimensions, isShippedImagePath, LIMITS, readImageDataUrl, sniffImage, type CheckedImage } from '../contract/validation';
import type { PasswordHasher } from '../contract/passwords';
import { CHANGES_CHANNEL, type ChangeFeed } from './answerCache';
import type { Database, Row, Sql } from './db/database';

const MEMBER_COLUMNS = 'id, username, first_name, last_name, password_hash, image, bio, portfolio_url, session_version, created_at, updated_at';
const POST_COLUMNS = 'id, author_id, content, image, created_at, updated_at';
const NEWEST_FIRST = 'ORDER BY created_at DESC, id ASC';

function iso(value: unknown): string {
  return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
}

function toMember(row: Row): MemberRow {
  return {
    id: String(row.id),
    username: String(row.username),
    firstName: String(row.first_name),
    lastName: String(row.last_name),
    passwordHash: String(row.password_hash),
    image: String(row.image),
    userBio: String(row.bio),
    userPortfolioUrl: String(row.portfolio_url),
    sessionVersion: Number(row.session_version),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

function toPost(row: Row): PostRow {
  return {
    id: String(row.id),
    authorId: String(row.author_id),
    content: String(row.content),
    postImage: String(row.image),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/**
 * Whether text can be a key in the database at all: PostgreSQL text holds neither NUL nor broken
 * Unicode. A lookup by such a value finds nothing, rather than failing.
 */
function storable(value: string): boolean {
  return !value.includes('\u0000') && value.isWellFormed();
}

/** The URL an image is answered with, from its bytes. */
export function mediaUrl(sha256: string, kind: CheckedImage['kind']): string {
  return `/media/${sha256}.${IMAGE_KINDS[kind].ext}`;
}

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

async function keepBytes(sql: Sql, image: CheckedImage): Promise<string> {
  const hash = sha256(image.bytes);
  await sql.query('INSERT INTO media (sha256, kind, bytes) VALUES ($1, $2, $3) ON CONFLICT (sha256) DO NOTHING', [hash, image.kind, Buffer.from(image.bytes)]);
  return mediaUrl(hash, image.kind);
}

export interface SqlStoreOptions {
  /** The folder of the images that ship with the app (`/images/...`): public/. */
  publicDir: string;
  /** Hashes the plain passwords of an imported snapshot. */
  passwords: PasswordHasher;
  /** Told of every committed write (answers kept in memory are then out of date). */
  changes?: ChangeFeed;
}

/** An image shipped under public/, checked like an upload. */
function readShippedImage(publicDir: string, path: string): CheckedImage | undefined {
  if (!isShippedImagePath(path)) return undefined;
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(readFileSync(join(publicDir, path)));
  } catch {
    return undefined;
  }
  const kind = sniffImage(bytes);
  if (!kind || bytes.length > LIMITS.imageBytesMax) return undefined;
  const size = imageDimensions(kind, bytes);
  if (size && size.width * size.height > LIMITS.imagePixelsMax) return undefined;
  return { kind, bytes };
}

/**
 * Each order's ORDER BY, and the condition for "after this key" in it, given the key's placeholders
 * (created_at, id, and like_count for trending: every placeholder must be used).
 */
const ORDERS: Record<PostOrder, { by: string; after: (key: Orderable, param: (value: unknown) => string) => string }> = {
  latest: {
    by: 'created_at DESC, id ASC',
    after: (key, param) => {
      const [c, i] = [param(key.createdAt), param(key.id)];
      return `(created_at < ${c} OR (created_at = ${c} AND id > ${i}))`;
    },
  },
  oldest: {
    by: 'created_at ASC, id ASC',
    after: (key, param) => `(created_at, id) > (${param(key.createdAt)}::timestamptz, ${param(key.id)}::text)`,
  },
  trending: {
    by: 'like_count DESC, created_at DESC, id ASC',
    after: (key, param) => {
      const [l, c, i] = [param(key.likeCount), param(key.createdAt), param(key.id)];
      return `(like_count < ${l} OR (like_count = ${l} AND (created_at < ${c} OR (created_at = ${c} AND id > ${i}))))`;
    },
  },
};

async function postPage(sql: Sql, source: PostSource, order: PostOrder, { limit, cursor }: PageRequest): Promise<Page<PostRow>> {
  const params: unknown[] = [];
  const param = (value: unknown): string => {
    params.push(value);
    return `$${params.length}`;
  };
  const { by, after } = ORDERS[order];
  let condition = 'TRUE';
  if (cursor !== undefined) {
    const key = postCursorKey(order, cursor);
    if (Number.isNaN(Date.parse(key.createdAt)) || !storable(key.id)) throw refusal('pageCursorInvalid');
    condition = after(key, param);
  }
  const columns = `${POST_COLUMNS}, like_count`;
  const take = param(limit + 1);
  let text: string;
  if (source.kind === 'feed') {
    const member = param(source.memberId);
    // Each followed member's first posts after the cursor, by the per-author index, then merged.
    text = `SELECT ${columns} FROM (SELECT followee_id AS author FROM follows WHERE follower_id = ${member} UNION ALL SELECT ${member}::text) AS authors
      CROSS JOIN LATERAL (SELECT ${columns} FROM posts WHERE author_id = authors.author AND ${condition} ORDER BY ${by} LIMIT ${take}) AS page
      ORDER BY ${by} LIMIT ${take}`;
  } else {
    const where = source.kind === 'author' ? `author_id = ${param(source.authorId)} AND ${condition}` : condition;
    text = `SELECT ${columns} FROM posts WHERE ${where} ORDER BY ${by} LIMIT ${take}`;
  }
  const rows = await sql.query(text, params);
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  const lastPost = last && toPost(last);
  return {
    items: items.map(toPost),
    nextCursor: rows.length > limit && last && lastPost ? postCursor(order, { createdAt: lastPost.createdAt, id: lastPost.id, likeCount: Number(last.like_count) }) : null,
  };
}

async function bookmarkPage(sql: Sql, memberId: string, { limit, cursor }: PageRequest): Promise<Page<PostRow>> {
  let before = '';
  const params: unknown[] = [memberId, limit + 1];
  if (cursor !== undefined) {
    const [, seq] = decodeCursor(cursor, 'bookmarks', ['s', 'n']);
    params.push(seq);
    before = 'AND b.seq < $3';
  }
  const rows = await sql.query(
    `SELECT ${POST_COLUMNS.split(', ').map((column) => `p.${column}`).join(', ')}, b.seq::text AS bookmark_seq
     FROM bookmarks b JOIN posts p ON p.id = b.post_id
     WHERE b.member_id = $1 ${before} ORDER BY b.seq DESC LIMIT $2`,
    params,
  );
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return {
    items: items.map(toPost),
    nextCursor: rows.length > limit && last ? encodeCursor('bookmarks', [String(last.id), Number(last.bookmark_seq)]) : null,
  };
}

/** What a read of one row adds to lock it: nothing outside a write. */
interface RowLocks {
  /** A post or a member the rules check. */
  record: string;
  /** A follow or a bookmark the rules find. */
  pair: string;
}

const NO_LOCKS: RowLocks = { record: '', pair: '' };

/**
 * In a write, reading a post or a member locks its row until the commit: the rules check what they
 * read (a like against the post's reactions, a password against the member's), so calls that race
 * on one post or member take turns; NO KEY UPDATE lets foreign-key checks through. A follow or
 * bookmark the rule finds is locked too: of two calls removing it, the second waits, then finds it gone.
 */
const WRITE_LOCKS: RowLocks = { record: ' FOR NO KEY UPDATE', pair: ' FOR UPDATE' };

function reader(sql: Sql, locks: RowLocks = NO_LOCKS): StoreReader {
  const idsParam = (ids: readonly string[]): string[] => ids.filter(storable);
  return {
    async memberById(id) {
      if (!storable(id)) return undefined;
      const [row] = await sql.query(`SELECT ${MEMBER_COLUMNS} FROM members WHERE id = $1${locks.record}`, [id]);
      return row && toMember(row);
    },
    async memberByUsername(username) {
      if (!storable(username)) return undefined;
      const [row] = await sql.query(`SELECT ${MEMBER_COLUMNS} FROM members WHERE lower(username) = lower($1)`, [username]);
      return row && toMember(row);
    },
    async members() {
      return (await sql.query(`SELECT ${MEMBER_COLUMNS} FROM members ORDER BY seq`)).map(toMember);
    },
    async membersByIds(ids) {
      if (ids.length === 0) return [];
      return (await sql.query(`SELECT ${MEMBER_COLUMNS} FROM members WHERE id = ANY($1::text[]) ORDER BY seq`, [idsParam(ids)])).map(toMember);
    },
    async post(id) {
      if (!storable(id)) return undefined;
      const [row] = await sql.query(`SELECT ${POST_COLUMNS} FROM posts WHERE id = $1${locks.record}`, [id]);
      return row && toPost(row);
    },
    async posts() {
      return (await sql.query(`SELECT ${POST_COLUMNS} FROM posts ${NEWEST_FIRST}`)).map(toPost);
    },
    async postsByAuthor(authorId) {
      return (await sql.query(`SELECT ${POST_COLUMNS} FROM posts WHERE author_id = $1 ${NEWEST_FIRST}`, [authorId])).map(toPost);
    },
    async postsByIds(ids) {
      if (ids.length === 0) return [];
      return (await sql.query(`SELECT ${POST_COLUMNS} FROM posts WHERE id = ANY($1::text[])`, [idsParam(ids)])).map(toPost);
    },
    async reactionLists(scope: Scope) {
      const rows = scope === 'all'
        ? await sql.query('SELECT post_id, member_id, kind FROM reactions ORDER BY seq')
        : await sql.query('SELECT post_id, member_id, kind FROM reactions WHERE post_id = ANY($1::text[]) ORDER BY seq', [idsParam(scope)]);
      const lists = new Map<string, ReactionLists>();
      for (const id of scope === 'all' ? [] : scope) lists.set(id, { likedBy: [], dislikedBy: [] });
      for (const row of rows) {
        const postId = String(row.post_id);
        let entry = lists.get(postId);
        if (!entry) {
          entry = { likedBy: [], dislikedBy: [] };
          lists.set(postId, entry);
        }
        (row.kind === 'like' ? entry.likedBy : entry.dislikedBy).push(String(row.member_id));
      }
      return lists;
    },
    async followLists(scope: Scope) {
      const rows = scope === 'all'
        ? await sql.query('SELECT follower_id, followee_id FROM follows ORDER BY seq')
        : await sql.query('SELECT follower_id, followee_id FROM follows WHERE follower_id = ANY($1::text[]) OR followee_id = ANY($1::text[]) ORDER BY seq', [idsParam(scope)]);
      const lists = new Map<string, FollowLists>();
      const entry = (id: string): FollowLists => {
        let found = lists.get(id);
        if (!found) {
          found = { followers: [], following: [] };
          lists.set(id, found);
        }
        return found;
      };
      const wanted = scope === 'all' ? undefined : new Set(scope);
      for (const id of wanted ?? []) entry(id);
      for (const row of rows) {
        const follower = String(row.follower_id);
        const followee = String(row.followee_id);
        if (!wanted || wanted.has(follower)) entry(follower).following.push(followee);
        if (!wanted || wanted.has(followee)) entry(followee).followers.push(follower);
      }
      return lists;
    },
    async bookmarkLists(scope: Scope) {
      const rows = scope === 'all'
        ? await sql.query('SELECT member_id, post_id FROM bookmarks ORDER BY seq')
        : await sql.query('SELECT member_id, post_id FROM bookmarks WHERE member_id = ANY($1::text[]) ORDER BY seq', [idsParam(scope)]);
      const lists = new Map<string, string[]>();
      for (const id of scope === 'all' ? [] : scope) lists.set(id, []);
      for (const row of rows) {
        const memberId = String(row.member_id);
        const list = lists.get(memberId) ?? [];
        list.push(String(row.post_id));
        lists.set(memberId, list);
      }
      return lists;
    },
    async reaction(postId, memberId) {
      const [row] = await sql.query('SELECT kind FROM reactions WHERE post_id = $1 AND member_id = $2', [postId, memberId]);
      return row ? (row.kind as ReactionKind) : undefined;
    },
    async likeCount(postId) {
      const [row] = await sql.query("SELECT count(*)::int AS n FROM reactions WHERE post_id = $1 AND kind = 'like'", [postId]);
      return Number(row?.n ?? 0);
    },
    async isFollowing(followerId, followeeId) {
      return (await sql.query(`SELECT 1 FROM follows WHERE follower_id = $1 AND followee_id = $2${locks.pair}`, [followerId, followeeId])).length > 0;
    },
    async isBookmarked(memberId, postId) {
      if (!storable(postId)) return false;
      return (await sql.query(`SELECT 1 FROM bookmarks WHERE member_id = $1 AND post_id = $2${locks.pair}`, [memberId, postId])).length > 0;
    },
    async isTokenRevoked(jti) {
      if (!storable(jti)) return false;
      return (await sql.query('SELECT 1 FROM revoked_tokens WHERE jti = $1', [jti])).length > 0;
    },
    postPage: (source, order, page) => postPage(sql, source, order, page),
    bookmarkPage: (memberId, page) => bookmarkPage(sql, memberId, page),
  };
}

const MEMBER_CHANGES: Record<string, string> = {
  passwordHash: 'password_hash',
  image: 'image',
  userBio: 'bio',
  userPortfolioUrl: 'portfolio_url',
  sessionVersion: 'session_version',
  updatedAt: 'updated_at',
};

function writer(sql: Sql, options: SqlStoreOptions): StoreTx {
  return {
    ...reader(sql, WRITE_LOCKS),
    async insertMember(row) {
      await sql.query(
        `INSERT INTO members (${MEMBER_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [row.id, row.username, row.firstName, row.lastName, row.passwordHash, row.image, row.userBio, row.userPortfolioUrl, row.sessionVersion, row.createdAt, row.updatedAt],
      );
    },
    async updateMember(id, changes) {
      const entries = Object.entries(changes).filter(([key, value]) => value !== undefined && key in MEMBER_CHANGES);
      if (entries.length === 0) return;
      const sets = entries.map(([key], index) => `${MEMBER_CHANGES[key]} = $${index + 2}`);
      await sql.query(`UPDATE members SET ${sets.join(', ')} WHERE id = $1`, [id, ...entries.map(([, value]) => value)]);
    },
    async insertPost(row) {
      await sql.query(`INSERT INTO posts (${POST_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6)`, [row.id, row.authorId, row.content, row.postImage, row.createdAt, row.updatedAt]);
    },
    async updatePost(id, changes) {
      await sql.query('UPDATE posts SET content = $2, updated_at = $3 WHERE id = $1', [id, changes.content, changes.updatedAt]);
    },
    async deletePost(id) {
      // Reactions and bookmarks go with it (ON DELETE CASCADE).
      await sql.query('DELETE FROM posts WHERE id = $1', [id]);
    },
    async setReaction(postId, memberId, kind) {
      if (kind === null) {
        await sql.query('DELETE FROM reactions WHERE post_id = $1 AND member_id = $2', [postId, memberId]);
        return;
      }
      await sql.query(
        `INSERT INTO reactions (post_id, member_id, kind) VALUES ($1, $2, $3)
         ON CONFLICT (post_id, member_id) DO UPDATE SET kind = EXCLUDED.kind, seq = nextval('reaction_order')`,
        [postId, memberId, kind],
      );
    },
    async setFollow(followerId, followeeId, following) {
      if (following) {
        await sql.query('INSERT INTO follows (follower_id, followee_id) VALUES ($1, $2)', [followerId, followeeId]);
      } else {
        await sql.query('DELETE FROM follows WHERE follower_id = $1 AND followee_id = $2', [followerId, followeeId]);
      }
    },
    async setBookmark(memberId, postId, bookmarked) {
      if (bookmarked) {
        await sql.query('INSERT INTO bookmarks (member_id, post_id) VALUES ($1, $2)', [memberId, postId]);
      } else {
        await sql.query('DELETE FROM bookmarks WHERE member_id = $1 AND post_id = $2', [memberId, postId]);
      }
    },
    async revokeToken(jti, expiresAt) {
      // Tokens past their expiry are refused anyway: forget them, so the table stays small.
      await sql.query('DELETE FROM revoked_tokens WHERE expires_at < now()');
      await sql.query('INSERT INTO revoked_tokens (jti, expires_at) VALUES ($1, $2) ON CONFLICT (jti) DO NOTHING', [jti, expiresAt]);
    },
    keepImage: (image) => keepBytes(sql, image),
    async keepShippedImage(path) {
      const image = readShippedImage(options.publicDir, path);
      if (!image) throw refusal('avatarInvalid');
      return keepBytes(sql, image);
    },
  };
}

/**
 * An order of follow edges that agrees with every member's `following` and `followers` list, so a
 * snapshot loads back with both kinds of list in the order it had. Falls back to the members'
 * order where the lists say nothing.
 */
export function followOrder(users: readonly UserRecord[]): Array<[string, string]> {
  const key = (follower: string, followee: string): string => `${follower}\u0000${followee}`;
  const edges = new Map<string, [string, string]>();
  for (const user of users) for (const followee of user.following) edges.set(key(user.id, followee), [user.id, followee]);
  const after = new Map<string, string[]>();
  const waiting = new Map<string, number>([...edges.keys()].map((edge) => [edge, 0]));
  const chain = (list: string[]): void => {
    for (let i = 1; i < list.length; i += 1) {
      const [before, next] = [list[i - 1] ?? '', list[i] ?? ''];
      if (!edges.has(before) || !edges.has(next)) continue;
      after.set(before, [...(after.get(before) ?? []), next]);
      waiting.set(next, (waiting.get(next) ?? 0) + 1);
    }
  };
  for (const user of users) {
    chain(user.following.map((followee) => key(user.id, followee)));
    chain(user.followers.map((follower) => key(follower, user.id)));
  }
  const order: Array<[string, string]> = [];
  const ready = [...edges.keys()].filter((edge) => waiting.get(edge) === 0);
  const done = new Set<string>();
  while (ready.length > 0) {
    const edge = ready.shift() ?? '';
    done.add(edge);
    order.push(edges.get(edge) ?? ['', '']);
    for (const next of after.get(edge) ?? []) {
      const left = (waiting.get(next) ?? 1) - 1;
      waiting.set(next, left);
      if (left === 0) ready.push(next);
    }
  }
  // Lists that contradict each other (not from one history): keep the rest in the members' order.
  for (const [edge, pair] of edges) if (!done.has(edge)) order.push(pair);
  return order;
}

export interface SqlStore extends Store {
  readonly database: Database;
  /** Loads the snapshot when the database has no member yet; whether it did. */
  seedIfEmpty(snapshot: DbSnapshot): Promise<boolean>;
}

/** Any number, fixed: the advisory lock a server takes to seed an empty database. */
const SEED_LOCK = 4_242_002;

export function createSqlStore(database: Database, options: SqlStoreOptions): SqlStore {
  const hashes = new Map<string, Promise<string>>();
  /** A snapshot's password as stored: argon2 hashes stay, plain passwords are hashed (once each). */
  const storedPassword = (password: string): Promise<string> => {
    if (password.startsWith('$argon2')) return Promise.resolve(password);
    let hash = hashes.get(password);
    if (!hash) {
      hash = options.passwords.hash(password);
      hashes.set(password, hash);
    }
    return hash;
  };
  /** A snapshot's image as answered: uploads and shipped images become stored media; media URLs stay. */
  const storedImage = async (sql: Sql, value: string): Promise<string> => {
    if (value === '' || value.startsWith('/media/')) return value;
    if (value.startsWith('data:')) return keepBytes(sql, readImageDataUrl(value));
    const shipped = readShippedImage(options.publicDir, value);
    if (!shipped) throw new Error(`The snapshot refers to the image ${value.slice(0, 80)}, which is neither stored nor shipped under public/.`);
    return keepBytes(sql, shipped);
  };


  /** Replaces the whole network with the snapshot's, inside the caller's transaction. */
  const importInto = async (sql: Sql, snapshot: DbSnapshot, passwords: ReadonlyMap<string, string>): Promise<void> => {
    await sql.query('TRUNCATE members, posts, reactions, follows, bookmarks, revoked_tokens RESTART IDENTITY CASCADE');
    const images = new Map<string, string>();
    const image = async (value: string): Promise<string> => {
      let url = images.get(value);
      if (url === undefined) {
        url = await storedImage(sql, value);
        images.set(value, url);
      }
      return url;
    };
    const users = snapshot.users;
    const userImages: string[] = [];
    for (const user of users) userImages.push(await image(user.image));
    await sql.query(
      `INSERT INTO members (${MEMBER_COLUMNS})
       SELECT id, username, first_name, last_name, password_hash, image, bio, portfolio_url, session_version, created_at, updated_at
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::int[], $10::timestamptz[], $11::timestamptz[])
         WITH ORDINALITY AS t(id, username, first_name, last_name, password_hash, image, bio, portfolio_url, session_version, created_at, updated_at, n)
       ORDER BY n`,
      [
        users.map((user) => user.id), users.map((user) => user.username), users.map((user) => user.firstName), users.map((user) => user.lastName),
        users.map((user) => passwords.get(user.password) ?? ''), userImages, users.map((user) => user.userBio), users.map((user) => user.userPortfolioUrl),
        users.map((user) => user.sessionVersion ?? 0), users.map((user) => user.createdAt), users.map((user) => user.updatedAt),
      ],
    );
    const posts = snapshot.posts;
    const postImages: string[] = [];
    for (const post of posts) postImages.push(await image(post.postImage));
    await sql.query(
      `INSERT INTO posts (${POST_COLUMNS})
       SELECT id, author_id, content, image, created_at, updated_at
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::timestamptz[], $6::timestamptz[])
         WITH ORDINALITY AS t(id, author_id, content, image, created_at, updated_at, n)
       ORDER BY n`,
      [posts.map((post) => post.id), posts.map((post) => post.authorId), posts.map((post) => post.content), postImages, posts.map((post) => post.createdAt), posts.map((post) => post.updatedAt)],
    );
    const reactions = posts.flatMap((post) => [
      ...post.likedBy.map((member) => [post.id, member, 'like'] as const),
      ...post.dislikedBy.map((member) => [post.id, member, 'dislike'] as const),
    ]);
    await sql.query(
      `INSERT INTO reactions (post_id, member_id, kind)
       SELECT post_id, member_id, kind FROM unnest($1::text[], $2::text[], $3::text[]) WITH ORDINALITY AS t(post_id, member_id, kind, n) ORDER BY n`,
      [reactions.map((r) => r[0]), reactions.map((r) => r[1]), reactions.map((r) => r[2])],
    );
    const follows = followOrder(users);
    await sql.query(
      `INSERT INTO follows (follower_id, followee_id)
       SELECT follower_id, followee_id FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS t(follower_id, followee_id, n) ORDER BY n`,
      [follows.map((edge) => edge[0]), follows.map((edge) => edge[1])],
    );
    const bookmarks = users.flatMap((user) => user.bookmarks.map((post) => [user.id, post] as const));
    await sql.query(
      `INSERT INTO bookmarks (member_id, post_id)
       SELECT member_id, post_id FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS t(member_id, post_id, n) ORDER BY n`,
      [bookmarks.map((pair) => pair[0]), bookmarks.map((pair) => pair[1])],
    );
    const revoked = snapshot.revokedTokens ?? [];
    if (revoked.length > 0) {
      await sql.query(
        'INSERT INTO revoked_tokens (jti, expires_at) SELECT * FROM unnest($1::text[], $2::timestamptz[])',
        [revoked.map((token) => token.jti), revoked.map((token) => token.expiresAt)],
      );
    }
  };
  const storedPasswords = async (snapshot: DbSnapshot): Promise<Map<string, string>> => {
    const passwords = new Map<string, string>();
    for (const user of snapshot.users) passwords.set(user.password, await storedPassword(user.password));
    return passwords;
  };

  /** A write: committed, then every server on the database hears of it. */
  const write = async <T>(work: (sql: Sql) => Promise<T>): Promise<T> => {
    const result = await database.transaction(async (sql) => {
      const value = await work(sql);
      // Delivered to the listeners only if the transaction commits.
      if (database.kind === 'postgres') await sql.query('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, '']);
      return value;
    });
    options.changes?.changed();
    return result;
  };

  return {
    database,
    // Reads need no single snapshot: an answer is built from committed rows, and every count in it
    // is derived from the lists it shows, so it is consistent with itself.
    read: (work) => database.session((sql) => work(reader(sql))),
    transaction: (work) => write((sql) => work(writer(sql, options))),

    async snapshot() {
      return database.transaction(async (sql) => {
        const members = await sql.query(`SELECT ${MEMBER_COLUMNS} FROM members ORDER BY seq`);
        const posts = await sql.query(`SELECT ${POST_COLUMNS} FROM posts ORDER BY created_at, id`);
        const view = reader(sql);
        const [follows, bookmarks, reactions] = [await view.followLists('all'), await view.bookmarkLists('all'), await view.reactionLists('all')];
        const revoked = await sql.query('SELECT jti, expires_at FROM revoked_tokens ORDER BY jti');
        const users: UserRecord[] = members.map((row) => {
          const member = toMember(row);
          return {
            id: member.id,
            firstName: member.firstName,
            lastName: member.lastName,
            username: member.username,
            password: member.passwordHash,
            image: member.image,
            userBio: member.userBio,
            userPortfolioUrl: member.userPortfolioUrl,
            followers: follows.get(member.id)?.followers ?? [],
            following: follows.get(member.id)?.following ?? [],
            bookmarks: bookmarks.get(member.id) ?? [],
            createdAt: member.createdAt,
            updatedAt: member.updatedAt,
            ...(member.sessionVersion !== 0 ? { sessionVersion: member.sessionVersion } : {}),
          };
        });
        const postRecords: PostRecord[] = posts.map((row) => {
          const post = toPost(row);
          return { ...post, likedBy: reactions.get(post.id)?.likedBy ?? [], dislikedBy: reactions.get(post.id)?.dislikedBy ?? [] };
        });
        return {
          version: DB_SNAPSHOT_VERSION,
          users,
          posts: postRecords,
          ...(revoked.length > 0 ? { revokedTokens: revoked.map((row) => ({ jti: String(row.jti), expiresAt: iso(row.expires_at) })) } : {}),
        };
      }, { readOnly: true });
    },

    async load(snapshot: DbSnapshot) {
      const passwords = await storedPasswords(snapshot);
      await write((sql) => importInto(sql, snapshot, passwords));
    },

    async seedIfEmpty(snapshot: DbSnapshot) {
      const passwords = await storedPasswords(snapshot);
      return write(async (sql) => {
        // Servers starting together on one empty database: one seeds, the others then see it.
        await sql.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);
        const [row] = await sql.query('SELECT EXISTS (SELECT 1 FROM members) AS seeded');
        if (row?.seeded === true) return false;
        await importInto(sql, snapshot, passwords);
        return true;
      });
    },
  };
}
