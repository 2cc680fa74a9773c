/**
 * The member lists (the `member-lists` extension): who follows a member, whom a member follows, and
 * who likes a post, the latest first, a page at a time by the rows' order (follows_by_followee,
 * follows_by_follower, reactions_in_order). A cursor holds the last member shown and its row's place.
 */
import { decodeCursor, encodeCursor } from '../../contract/cursor';
import type { MemberRow, Page, PageRequest, StoreReader } from '../../contract/store';
import type { Row, Sql } from '../db/database';
import { MEMBER_COLUMNS, toMember } from './members';

const LISTS = {
  followers: { from: 'follows', list: 'followee_id', member: 'follower_id', where: '' },
  following: { from: 'follows', list: 'follower_id', member: 'followee_id', where: '' },
  likes: { from: 'reactions', list: 'post_id', member: 'member_id', where: " AND l.kind = 'like'" },
} as const;

async function listPage(sql: Sql, kind: keyof typeof LISTS, id: string, { limit, cursor }: PageRequest): Promise<Page<MemberRow>> {
  const { from, list, member, where } = LISTS[kind];
  const params: unknown[] = [id, limit + 1];
  let after = '';
  if (cursor !== undefined) {
    const [, seq] = decodeCursor(cursor, kind, ['s', 'n']);
    params.push(seq);
    after = ' AND l.seq < $3';
  }
  const columns = MEMBER_COLUMNS.split(', ').map((column) => `m.${column}`).join(', ');
  const rows: Row[] = await sql.query(
    `SELECT ${columns}, l.seq::text AS list_seq FROM ${from} l JOIN members m ON m.id = l.${member}
     WHERE l.${list} = $1${where}${after} ORDER BY l.seq DESC LIMIT $2`,
    params,
  );
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return {
    items: items.map(toMember),
    nextCursor: rows.length > limit && last ? encodeCursor(kind, [String(last.id), Number(last.list_seq)]) : null,
  };
}

export function memberListReads(sql: Sql) {
  return {
    followPage: (memberId, side, page) => listPage(sql, side, memberId, page),
    likerPage: (postId, page) => listPage(sql, 'likes', postId, page),
  } satisfies Partial<StoreReader>;
}
