/**
 * PGlite runs PostgreSQL's code as WebAssembly in the server's own process, and V8 compiles each of
 * its functions twice: quickly at first, then optimised once it has run a while. A server just
 * started on PGlite therefore writes slowly for its first seconds, and members who call at once
 * queue behind those writes: the writes bench measured a like's p99 at 2.3 s on a fresh server and
 * 131 ms on the same server a few seconds later (docs/performance.md). Before it listens, the server
 * runs the like's statement some rounds in a transaction that is then rolled back, so that its
 * first members meet code already compiled. Nothing of it is kept: the rows go with the rollback,
 * its events are never notified (a notification leaves only with a commit), and the sequences it
 * advances only order rows.
 */
import { randomUUID } from 'node:crypto';
import { NOTIFICATIONS_UNREAD_MAX } from '../../contract/api';
import { notificationKey } from '../../contract/rules/notifications';
import { callOnce, REACT, reactParams, sessionParams } from './sqlStore';
import type { Database } from '../db/database';

/** Rounds of a like and a dislike, and the time they may take at most. */
export const WARM_UP = { rounds: 150, budgetMs: 1_500 } as const;

/** Why the warm-up's transaction ends: it is never committed. */
class WarmedUp extends Error {}

/** How many statements the warm-up ran (0 on a network with no member or no post of another's). */
export async function warmUpWrites(database: Database, { rounds, budgetMs }: { rounds: number; budgetMs: number } = WARM_UP): Promise<number> {
  const [member] = await database.query<{ id: string; username: string; session_version: number }>('SELECT id, username, session_version FROM members ORDER BY id LIMIT 1');
  if (!member) return 0;
  const [post] = await database.query<{ id: string }>('SELECT id FROM posts WHERE author_id <> $1 ORDER BY id LIMIT 1', [member.id]);
  if (!post) return 0;
  const key = notificationKey({ kind: 'like', actorId: member.id, postId: post.id });
  const started = performance.now();
  let ran = 0;
  try {
    await database.transaction(async (sql) => {
      while (ran < rounds * 2 && performance.now() - started < budgetMs) {
        // The like's own statement (sqlStore.ts), its events sent nowhere anyone listens.
        await sql.query(callOnce(REACT), [
          ...sessionParams({ jti: randomUUID(), sub: member.id, username: member.username, ver: member.session_version }),
          ...reactParams({ postId: post.id, reaction: ran % 2 === 0 ? 'like' : 'dislike', at: new Date().toISOString(), notificationId: randomUUID(), notificationKey: key, unreadMax: NOTIFICATIONS_UNREAD_MAX }, 'warm_up'),
        ]);
        ran += 1;
      }
      throw new WarmedUp();
    });
  } catch (error) {
    if (!(error instanceof WarmedUp)) throw error;
  }
  return ran;
}
