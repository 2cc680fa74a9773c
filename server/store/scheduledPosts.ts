/**
 * Scheduled posts (the `scheduled-posts` extension): the scheduled_posts table. Due posts are taken
 * with FOR UPDATE SKIP LOCKED, so processes that look at once each take different ones.
 */
import type { ScheduledPostRow, StoreReader, StoreTx } from '../../contract/store';
import type { Row, Sql } from '../db/database';
import { releaseImages } from './media';
import { IMAGE_COLUMNS, imageSizesOf, imagesNamed, moreImagesColumn, moreImagesOf } from './posts';
import { iso, storable } from './rows';

export const SCHEDULED_COLUMNS = 'id, author_id, content, image, image_alt, image_sizes, warning, publish_at, created_at, updated_at, more_images';
const SOONEST_FIRST = 'ORDER BY publish_at, id';

export function toScheduledPost(row: Row): ScheduledPostRow {
  return {
    id: String(row.id),
    authorId: String(row.author_id),
    content: String(row.content),
    postImage: String(row.image),
    imageAlt: String(row.image_alt),
    imageSizes: imageSizesOf(row.image_sizes),
    moreImages: moreImagesOf(row.more_images),
    warning: String(row.warning),
    publishAt: iso(row.publish_at),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export function scheduledPostReads(sql: Sql) {
  return {
    async scheduledPostsOf(memberId) {
      return (await sql.query(`SELECT ${SCHEDULED_COLUMNS} FROM scheduled_posts WHERE author_id = $1 ${SOONEST_FIRST}`, [memberId])).map(toScheduledPost);
    },
    async scheduledPost(id) {
      if (!storable(id)) return undefined;
      const [row] = await sql.query(`SELECT ${SCHEDULED_COLUMNS} FROM scheduled_posts WHERE id = $1`, [id]);
      return row && toScheduledPost(row);
    },
    async nextScheduledAt() {
      const [row] = await sql.query(`SELECT publish_at FROM scheduled_posts ${SOONEST_FIRST} LIMIT 1`);
      return row ? iso(row.publish_at) : null;
    },
  } satisfies Partial<StoreReader>;
}

export function scheduledPostWrites(sql: Sql) {
  return {
    async insertScheduledPost(row) {
      await sql.query(
        `INSERT INTO scheduled_posts (${SCHEDULED_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10, $11::jsonb)`,
        [
          row.id, row.authorId, row.content, row.postImage, row.imageAlt, row.imageSizes === null ? null : JSON.stringify(row.imageSizes), row.warning, row.publishAt, row.createdAt, row.updatedAt,
          moreImagesColumn(row.moreImages),
        ],
      );
    },
    async updateScheduledPost(id, changes) {
      await sql.query(
        'UPDATE scheduled_posts SET content = $2, image_alt = $3, warning = $4, publish_at = $5, updated_at = $6, more_images = $7::jsonb WHERE id = $1',
        [id, changes.content, changes.imageAlt, changes.warning, changes.publishAt, changes.updatedAt, moreImagesColumn(changes.moreImages)],
      );
    },
    async deleteScheduledPost(id) {
      // Cancelled: each of its images goes once nothing else names it.
      const deleted = await sql.query(`DELETE FROM scheduled_posts WHERE id = $1 RETURNING ${IMAGE_COLUMNS}`, [id]);
      await releaseImages(sql, imagesNamed(deleted));
    },
    async takeDueScheduledPosts(at, limit) {
      // Deleted here and published as posts in the same transaction: one that rolls back puts them back.
      const rows = await sql.query(
        `DELETE FROM scheduled_posts WHERE id IN (
           SELECT id FROM scheduled_posts WHERE publish_at <= $1 ${SOONEST_FIRST} LIMIT $2 FOR UPDATE SKIP LOCKED)
         RETURNING ${SCHEDULED_COLUMNS}`,
        [at, limit],
      );
      return rows.map(toScheduledPost).sort((a, b) => a.publishAt.localeCompare(b.publishAt) || a.id.localeCompare(b.id));
    },
  } satisfies Partial<StoreTx>;
}
