/** Posts, the reactions to them and members' bookmarks of them, with their pages in every order. */
import { decodeCursor, encodeCursor, postCursor, postCursorKey } from '../../contract/cursor';
import { refusal } from '../../contract/errors';
import type { Orderable, PostOrder } from '../../contract/order';
import type { ImageSizes } from '../../contract/api';
import { holdsReposts, type MoreImageRow, type Page, type PageRequest, type PostRow, type PostFacts, type PostSource, type ReactionKind, type ReactionLists, type Scope, type ShareCounts, type StoreReader, type StoreTx } from '../../contract/store';
import type { Row, Sql } from '../db/database';
import { entryOf, iso, NO_LOCKS, rowById, setPair, storable, storableIds, type RowLocks } from './rows';
import { releaseImages } from './media';
import { notHidden, notLimitedFor } from './leaving';
import { shownToViewer } from './relations';
import { replaceTags, tagRowsQuery, writeTags } from './tags';

export const POST_COLUMNS = 'id, author_id, content, image, created_at, updated_at, image_alt, edited_at, image_sizes, warning, repost_of, quote_of, more_images';
/** Every post but the reposts (the `reposts` extension), which only a feed and a member's own list hold. */
const ORIGINALS = 'repost_of IS NULL';
const NEWEST_FIRST = 'ORDER BY created_at DESC, id ASC';

/**
 * How many of the network's next posts a home feed page looks through for its authors' before it
 * reads each author's own: enough to fill a page at once for a member whose authors write a
 * thirtieth of the network's posts (about 33 in the window), few enough that looking costs about a
 * millisecond when it does not.
 */
export const FEED_WINDOW = 1_000;

export function toPost(row: Row): PostRow {
  return {
    id: String(row.id),
    authorId: String(row.author_id),
    content: String(row.content),
    postImage: String(row.image),
    imageAlt: String(row.image_alt ?? ''),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    editedAt: row.edited_at === null || row.edited_at === undefined ? null : iso(row.edited_at),
    imageSizes: imageSizesOf(row.image_sizes),
    warning: String(row.warning ?? ''),
    repostOf: row.repost_of === null || row.repost_of === undefined ? null : String(row.repost_of),
    quoteOf: row.quote_of === null || row.quote_of === undefined ? null : String(row.quote_of),
    moreImages: moreImagesOf(row.more_images),
  };
}

/** The `image_sizes` column as read: jsonb comes back parsed (or as its text, by a driver that does not parse it). */
export function imageSizesOf(value: unknown): ImageSizes | null {
  if (value === null || value === undefined) return null;
  return (typeof value === 'string' ? JSON.parse(value) : value) as ImageSizes;
}

/** One image after the first as the `more_images` column keeps it (migration 0033). */
interface MoreImageStored {
  url: string;
  alt: string;
  sizes: ImageSizes | null;
}

/** The `more_images` column as read (parsed, or its text, as imageSizesOf reads image_sizes): [] when none. */
export function moreImagesOf(value: unknown): MoreImageRow[] {
  if (value === null || value === undefined) return [];
  const stored = (typeof value === 'string' ? JSON.parse(value) : value) as MoreImageStored[];
  return stored.map(({ url, alt, sizes }) => ({ url, alt, sizes: sizes ?? null }));
}

/** The `more_images` column as written: each image's url, alt and sizes (null when unknown), in order. */
export function moreImagesColumn(images: readonly MoreImageRow[]): string {
  return JSON.stringify(images.map(({ url, alt, sizes }): MoreImageStored => ({ url, alt, sizes })));
}

/**
 * Every image a deleted row of posts or scheduled_posts named, from its `image` and `more_images`
 * (the columns a DELETE returns as IMAGE_COLUMNS): each one to let go of once.
 */
export function imagesNamed(rows: ReadonlyArray<Row>): string[] {
  return rows.flatMap((row) => [String(row.image), ...moreImagesOf(row.more_images).map((image) => image.url)]);
}

/** What a DELETE of posts or scheduled posts returns for imagesNamed. */
export const IMAGE_COLUMNS = 'image, more_images';

/** A value's place in a statement, written as the type it is compared with. */
type Placeholder = (value: unknown, type: 'timestamptz' | 'text' | 'integer') => string;

/**
 * Each order's ORDER BY, and the condition for "after this key" in it, given the key's placeholders
 * (created_at, id, and like_count for trending: every placeholder must be used).
 */
const ORDERS: Record<PostOrder, { by: string; after: (key: Orderable, param: Placeholder) => string }> = {
  latest: {
    by: 'created_at DESC, id ASC',
    after: (key, param) => {
      const [c, i] = [param(key.createdAt, 'timestamptz'), param(key.id, 'text')];
      return `(created_at < ${c} OR (created_at = ${c} AND id > ${i}))`;
    },
  },
  oldest: {
    by: 'created_at ASC, id ASC',
    after: (key, param) => `(created_at, id) > (${param(key.createdAt, 'timestamptz')}, ${param(key.id, 'text')})`,
  },
  trending: {
    by: 'like_count DESC, created_at DESC, id ASC',
    after: (key, param) => {
      const [l, c, i] = [param(key.likeCount, 'integer'), param(key.createdAt, 'timestamptz'), param(key.id, 'text')];
      return `(like_count < ${l} OR (like_count = ${l} AND (created_at < ${c} OR (created_at = ${c} AND id > ${i}))))`;
    },
  },
};

/** `%` and `_` match any text in a LIKE pattern, and `\\` escapes: a word's own are escaped. */
function likeEscaped(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * A search's condition on posts (contract/search.ts): every word in the text's search form
 * (search_text, migration 0025), looked up by its trigram index posts_search (the words come in their
 * search form); every tag; the author.
 */
function searchCondition(source: Extract<PostSource, { kind: 'search' }>, param: (value: unknown) => string): string {
  const conditions = [
    ...source.words.map((word) => `search_text LIKE ${param(`%${likeEscaped(word)}%`)}`),
    ...source.tags.map((tag) => `id IN (SELECT post_id FROM post_tags WHERE tag = ${param(tag)})`),
    ...(source.authorId === undefined ? [] : [`author_id = ${param(source.authorId)}`]),
  ];
  return conditions.length === 0 ? 'TRUE' : conditions.join(' AND ');
}

/** Whether any member is limited or suspended (`moderation`). */
async function anyStanding(sql: Sql): Promise<boolean> {
  const [row] = await sql.query('SELECT EXISTS (SELECT 1 FROM member_standing) AS any');
  return row?.any === true;
}

async function postPage(sql: Sql, source: PostSource, order: PostOrder, { limit, cursor }: PageRequest): Promise<Page<PostRow>> {
  const params: unknown[] = [];
  const param = (value: unknown): string => {
    params.push(value);
    return `$${params.length}`;
  };
  const typed: Placeholder = (value, type) => `${param(value)}::${type}`;
  // A value the planner cannot look into: a subquery's, known only once the statement runs.
  const blind: Placeholder = (value, type) => `(SELECT ${param(value)}::${type})`;
  const { by, after } = ORDERS[order];
  let key: Orderable | undefined;
  if (cursor !== undefined) {
    key = postCursorKey(order, cursor);
    if (Number.isNaN(Date.parse(key.createdAt)) || !storable(key.id)) throw refusal('pageCursorInvalid');
  }
  const columns = `${POST_COLUMNS}, like_count`;
  let text: string;
  // A viewer's tag list leaves authors out (mute-block): it takes the general path below, so that a page stays whole.
  // So does a network with limited or suspended members (`moderation`).
  if (source.kind === 'tag' && order === 'latest' && source.viewerId === undefined && !(await anyStanding(sql))) {
    const joined = columns.split(', ').map((column) => `p.${column}`).join(', ');
    text = `SELECT ${joined} FROM (${tagRowsQuery(source.tag, key, limit + 1, param)}) AS tagged
      JOIN posts p ON p.id = tagged.post_id ORDER BY tagged.created_at DESC, tagged.post_id ASC`;
  } else {
    // The home feed's statement is planned once per connection, not on every call: its values (the
    // member, the cursor's key) reach the planner blind, and its limits as written numbers, so its
    // plan is the same for every member and every page and PostgreSQL keeps it. Estimated by the
    // member's own follows and the cursor's place, a plan for the call's values always looked cheaper
    // than the kept one for some members (those who follow fewer than most), and a LIMIT sent as a
    // value is guessed at a tenth of the rows under it: planning took 0.58 ms of the statement's
    // 0.83 ms at a million posts. The other pages here write their limit so too (one of a few small
    // integers).
    const condition = `${key === undefined ? 'TRUE' : after(key, source.kind === 'feed' ? blind : typed)}${holdsReposts(source, order) ? '' : ` AND ${ORIGINALS}`}`;
    if (!Number.isSafeInteger(limit) || limit < 0) throw new RangeError(`a page's limit must be a whole number, not ${limit}`);
    const take = String(limit + 1);
    if (source.kind === 'feed') {
      const member = blind(source.memberId, 'text');
      const window = String(FEED_WINDOW);
      // First, the network's next posts in the page's order (at most FEED_WINDOW of them), read by
      // the order's index, each kept when the member wrote or follows its author (the member's
      // follows read once by their key), stopping once the page is full: when that fills it, it is the
      // page, as every other post of theirs comes after the whole window. When it does not (the
      // member follows few, or quiet, members), each followed author's first posts after the cursor
      // are read by the per-author index and merged. Muted members (and any in a block) are left
      // out either way.
      text = `WITH recent AS MATERIALIZED (
          SELECT ${columns} FROM (SELECT ${columns} FROM posts WHERE ${condition} ORDER BY ${by} LIMIT ${window}) AS network
          WHERE (network.author_id = ${member} OR EXISTS (SELECT 1 FROM follows WHERE follower_id = ${member} AND followee_id = network.author_id))
            AND ${shownToViewer('network.author_id', member)}
          ORDER BY ${by} LIMIT ${take})
        SELECT ${columns} FROM recent WHERE (SELECT count(*) FROM recent) >= ${take}
        UNION ALL
        SELECT ${columns} FROM (
          SELECT page.* FROM (SELECT followee_id AS author FROM follows WHERE follower_id = ${member} AND ${shownToViewer('followee_id', member)}
              UNION ALL SELECT ${member}) AS authors
            CROSS JOIN LATERAL (SELECT ${columns} FROM posts WHERE author_id = authors.author AND ${condition} ORDER BY ${by} LIMIT ${take}) AS page
          ORDER BY ${by} LIMIT ${take}) AS merged
        WHERE (SELECT count(*) FROM recent) < ${take}
        ORDER BY ${by}`;
    } else {
      let where = source.kind === 'author' ? `author_id = ${param(source.authorId)} AND ${condition}`
        // A tag's posts in another order than newest first: every post of the tag is sorted.
        : source.kind === 'tag' ? `id IN (SELECT post_id FROM post_tags WHERE tag = ${param(source.tag)}) AND ${condition}`
        : source.kind === 'search' ? `${searchCondition(source, param)} AND ${condition}`
        : source.kind === 'quotes' ? `quote_of = ${param(source.postId)} AND ${condition}`
        : condition;
      if (source.kind !== 'author') {
        const viewer = source.viewerId === undefined ? null : param(source.viewerId);
        where += ` AND ${viewer === null ? notHidden('author_id') : shownToViewer('author_id', viewer)} AND ${notLimitedFor('author_id', viewer)}`;
      }
      text = `SELECT ${columns} FROM posts WHERE ${where} ORDER BY ${by} LIMIT ${take}`;
    }
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

/** A text[] column as the driver gives it (null when an aggregate found nothing). */
function textArray(value: unknown): string[] {
  return Array.isArray(value) ? value.map(String) : [];
}

export function postReads(sql: Sql, locks: RowLocks = NO_LOCKS) {
  return {
    async post(id) {
      return rowById(sql, 'posts', POST_COLUMNS, id, locks.record, toPost);
    },
    async posts() {
      return (await sql.query(`SELECT ${POST_COLUMNS} FROM posts WHERE ${ORIGINALS} ${NEWEST_FIRST}`)).map(toPost);
    },
    async postsByAuthor(authorId) {
      return (await sql.query(`SELECT ${POST_COLUMNS} FROM posts WHERE author_id = $1 AND ${ORIGINALS} ${NEWEST_FIRST}`, [authorId])).map(toPost);
    },
    async postsByIds(ids) {
      if (ids.length === 0) return [];
      return (await sql.query(`SELECT ${POST_COLUMNS} FROM posts WHERE id = ANY($1::text[])`, [storableIds(ids)])).map(toPost);
    },
    async reactionLists(scope: Scope) {
      const rows = scope === 'all'
        ? await sql.query('SELECT post_id, member_id, kind FROM reactions ORDER BY seq')
        : await sql.query('SELECT post_id, member_id, kind FROM reactions WHERE post_id = ANY($1::text[]) ORDER BY seq', [storableIds(scope)]);
      const lists = new Map<string, ReactionLists>();
      for (const id of scope === 'all' ? [] : scope) lists.set(id, { likedBy: [], dislikedBy: [] });
      for (const row of rows) {
        const entry = entryOf(lists, String(row.post_id), () => ({ likedBy: [], dislikedBy: [] }));
        (row.kind === 'like' ? entry.likedBy : entry.dislikedBy).push(String(row.member_id));
      }
      return lists;
    },
    async bookmarkLists(scope: Scope) {
      const rows = scope === 'all'
        ? await sql.query('SELECT member_id, post_id FROM bookmarks ORDER BY seq')
        : await sql.query('SELECT member_id, post_id FROM bookmarks WHERE member_id = ANY($1::text[]) ORDER BY seq', [storableIds(scope)]);
      const lists = new Map<string, string[]>();
      for (const id of scope === 'all' ? [] : scope) lists.set(id, []);
      for (const row of rows) entryOf(lists, String(row.member_id), () => []).push(String(row.post_id));
      return lists;
    },
    async reaction(postId, memberId) {
      const [row] = await sql.query('SELECT kind FROM reactions WHERE post_id = $1 AND member_id = $2', [postId, memberId]);
      return row ? (row.kind as ReactionKind) : undefined;
    },
    async reactionCounts(postId) {
      const [row] = await sql.query(
        "SELECT count(*) FILTER (WHERE kind = 'like')::int AS likes, count(*) FILTER (WHERE kind = 'dislike')::int AS dislikes FROM reactions WHERE post_id = $1",
        [postId],
      );
      return { likeCount: Number(row?.likes ?? 0), dislikeCount: Number(row?.dislikes ?? 0) };
    },
    async isBookmarked(memberId, postId) {
      if (!storable(postId)) return false;
      return (await sql.query(`SELECT 1 FROM bookmarks WHERE member_id = $1 AND post_id = $2${locks.pair}`, [memberId, postId])).length > 0;
    },
    async pinnedPostIds(memberId) {
      if (!storable(memberId)) return [];
      return (await sql.query('SELECT post_id FROM pins WHERE member_id = $1 ORDER BY seq', [memberId])).map((row) => String(row.post_id));
    },
    async pinnedAmong(scope: Scope) {
      const rows = scope === 'all'
        ? await sql.query('SELECT post_id FROM pins')
        : scope.length === 0 ? [] : await sql.query('SELECT post_id FROM pins WHERE post_id = ANY($1::text[])', [storableIds(scope)]);
      return new Set(rows.map((row) => String(row.post_id)));
    },
    async shareCounts(postIds) {
      const counts = new Map<string, ShareCounts>();
      if (postIds.length === 0) return counts;
      const ids = storableIds(postIds);
      // Each by its partial index: the reposts of each post, and the quotes of each.
      const rows = await sql.query(
        `SELECT repost_of AS post_id, count(*)::int AS reposts, 0 AS quotes FROM posts WHERE repost_of = ANY($1::text[]) GROUP BY repost_of
         UNION ALL SELECT quote_of, 0, count(*)::int FROM posts WHERE quote_of = ANY($1::text[]) GROUP BY quote_of`,
        [ids],
      );
      for (const row of rows) {
        const count = entryOf(counts, String(row.post_id), () => ({ reposts: 0, quotes: 0 }));
        count.reposts += Number(row.reposts);
        count.quotes += Number(row.quotes);
      }
      return counts;
    },
    async postFacts(postIds, leaveOut) {
      const facts: PostFacts = { reactions: new Map(), replyCounts: new Map(), pinned: new Set(), shares: new Map() };
      for (const id of postIds) facts.replyCounts.set(id, 0);
      const ids = storableIds(postIds);
      if (ids.length === 0) return facts;
      // Each post's facts by that post's own index entries, as the four reads one at a time would
      // (reactions in order, replies, pins, reposts, quotes); a page asks for about twenty posts.
      const left = leaveOut === undefined || leaveOut.size === 0 ? [] : [storableIds([...leaveOut])];
      const rows = await sql.query(
        `SELECT p.id AS post_id, r.liked_by, r.disliked_by,
           (SELECT count(*)::int FROM replies WHERE post_id = p.id${left.length > 0 ? ' AND author_id <> ALL($2::text[])' : ''}) AS replies,
           EXISTS (SELECT 1 FROM pins WHERE post_id = p.id) AS pinned,
           (SELECT count(*)::int FROM posts WHERE repost_of = p.id) AS reposts,
           (SELECT count(*)::int FROM posts WHERE quote_of = p.id) AS quotes
         FROM unnest($1::text[]) AS p(id)
         CROSS JOIN LATERAL (
           SELECT array_agg(member_id ORDER BY seq) FILTER (WHERE kind = 'like') AS liked_by,
                  array_agg(member_id ORDER BY seq) FILTER (WHERE kind = 'dislike') AS disliked_by
           FROM reactions WHERE post_id = p.id
         ) AS r`,
        [ids, ...left],
      );
      for (const row of rows) {
        const id = String(row.post_id);
        const likedBy = textArray(row.liked_by);
        const dislikedBy = textArray(row.disliked_by);
        if (likedBy.length + dislikedBy.length > 0) facts.reactions.set(id, { likedBy, dislikedBy });
        facts.replyCounts.set(id, Number(row.replies));
        if (row.pinned === true) facts.pinned.add(id);
        const reposts = Number(row.reposts);
        const quotes = Number(row.quotes);
        if (reposts + quotes > 0) facts.shares.set(id, { reposts, quotes });
      }
      return facts;
    },
    async repostedBy(memberId) {
      if (!storable(memberId)) return [];
      return (await sql.query('SELECT repost_of FROM posts WHERE author_id = $1 AND repost_of IS NOT NULL ORDER BY created_at DESC, id', [memberId])).map((row) => String(row.repost_of));
    },
    async repostBy(memberId, postId) {
      if (!storable(memberId) || !storable(postId)) return undefined;
      const [row] = await sql.query(`SELECT ${POST_COLUMNS} FROM posts WHERE repost_of = $2 AND author_id = $1`, [memberId, postId]);
      return row && toPost(row);
    },
    async quotesBy(memberId, postId, exceptId) {
      const rows = await sql.query('SELECT 1 FROM posts WHERE quote_of = $2 AND author_id = $1 AND id <> $3 LIMIT 1', [memberId, postId, exceptId]);
      return rows.length > 0;
    },
    postPage: (source, order, page) => postPage(sql, source, order, page),
    bookmarkPage: (memberId, page) => bookmarkPage(sql, memberId, page),
  } satisfies Partial<StoreReader>;
}

export function postWrites(sql: Sql) {
  return {
    async insertPost(row) {
      await sql.query(
        `INSERT INTO posts (${POST_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $11, $12, $13::jsonb)`,
        [
          row.id, row.authorId, row.content, row.postImage, row.createdAt, row.updatedAt, row.imageAlt, row.editedAt, row.imageSizes === null ? null : JSON.stringify(row.imageSizes),
          row.warning, row.repostOf, row.quoteOf, moreImagesColumn(row.moreImages),
        ],
      );
      await writeTags(sql, [row]);
    },
    async updatePost(id, changes) {
      await sql.query(
        'UPDATE posts SET content = $2, updated_at = $3, image_alt = $4, edited_at = $5, warning = $6, more_images = $7::jsonb WHERE id = $1',
        [id, changes.content, changes.updatedAt, changes.imageAlt, changes.editedAt, changes.warning, moreImagesColumn(changes.moreImages)],
      );
      await replaceTags(sql, [{ id, content: changes.content }]);
    },
    async deletePost(id) {
      // Reactions, bookmarks, its pin, tags and reposts go with it (ON DELETE CASCADE), and its
      // images each once nothing else names it (a repost names none).
      const deleted = await sql.query(`DELETE FROM posts WHERE id = $1 RETURNING ${IMAGE_COLUMNS}`, [id]);
      await releaseImages(sql, imagesNamed(deleted));
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
    async setBookmark(memberId, postId, bookmarked) {
      await setPair(sql, 'bookmarks', ['member_id', 'post_id'], [memberId, postId], bookmarked);
    },
    async setPin(memberId, postId, pinned) {
      await setPair(sql, 'pins', ['member_id', 'post_id'], [memberId, postId], pinned);
    },
  } satisfies Partial<StoreTx>;
}
