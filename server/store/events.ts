/**
 * The events a write records (contract/events.ts), as the SQL store keeps them: each takes the next
 * version in the write's transaction and is kept for streams that reconnect; the version and the
 * events then reach every server process with the commit (NOTIFY).
 */
import type { NetworkEvent, StoredEvent } from '../../contract/events';
import type { StoreReader } from '../../contract/store';
import type { Sql } from '../db/database';

/** The events kept for a stream that reconnects; one further behind loads again. */
export const EVENTS_KEPT = 10_000;

/** What a committed write tells every process: the version after it and its events (or a reset: load). */
export interface CommittedWrite {
  version: number;
  events: StoredEvent[];
  reset?: true;
}

/**
 * The type of the row kept for a version that a write without events took (a post kept for later, a
 * two-factor key): it tells no stream anything, and a stream that reconnects across it finds no gap.
 * A version with no row at all is a gap: events no longer kept, a member's gone with them, a load.
 */
export const NO_EVENT = 'none';

/** The network's version: the id of the last event committed (or of the last write without events). */
export async function readNetworkVersion(sql: Sql): Promise<number> {
  const [row] = await sql.query('SELECT version FROM network_state');
  return Number(row?.version ?? 0);
}

export function eventReads(sql: Sql): Pick<StoreReader, 'lastEventId' | 'eventsAfter' | 'demoNetwork'> {
  return {
    // Migration 0017: the row the seed wrote.
    demoNetwork: async () => (await sql.query('SELECT EXISTS (SELECT 1 FROM demo_network) AS demo'))[0]?.demo === true,
    lastEventId: () => readNetworkVersion(sql),
    async eventsAfter(id) {
      // One statement, so one snapshot: the version, and the events up to it. Rows past a version
      // read apart would be writes committed in between, and would look like a gap.
      const rows = await sql.query(
        'SELECT s.version, e.id, e.type, e.payload FROM network_state s LEFT JOIN events e ON e.id > $1 AND e.id <= s.version ORDER BY e.id',
        [id],
      );
      const version = Number(rows[0]?.version ?? 0);
      if (id === version) return [];
      if (id > version) return 'reset';
      const kept = rows.filter((row) => row.id !== null);
      // Every version since `id` must be there: a gap (events no longer kept, a store loaded afresh) is a reset.
      if (kept.length !== version - id) return 'reset';
      return kept.filter((row) => row.type !== NO_EVENT).map((row) => ({ ...(row.payload as object), type: row.type, id: Number(row.id) }) as StoredEvent);
    },
  };
}

/**
 * Gives the write's events their versions (the update locks the version's row until the commit, so
 * writes take versions in the order they commit) and keeps them; a write without events takes one
 * version of its own, kept as NO_EVENT, unless it `resets` the streams (it replaced the network):
 * that version is left a gap.
 */
export async function commitEvents(sql: Sql, emitted: readonly NetworkEvent[], { resets = false }: { resets?: boolean } = {}): Promise<CommittedWrite> {
  const [row] = await sql.query('UPDATE network_state SET version = version + $1 RETURNING version', [Math.max(1, emitted.length)]);
  const version = Number(row?.version);
  const first = version - emitted.length + 1;
  const events = emitted.map((event, index) => ({ ...event, id: first + index }) as StoredEvent);
  if (events.length > 0) {
    await sql.query(
      'INSERT INTO events (id, type, payload) SELECT * FROM unnest($1::bigint[], $2::text[], $3::jsonb[])',
      [events.map((event) => event.id), events.map((event) => event.type), events.map(({ id: _id, type: _type, ...payload }) => JSON.stringify(payload))],
    );
  } else if (!resets) {
    await sql.query('INSERT INTO events (id, type, payload) VALUES ($1, $2, \'{}\')', [version, NO_EVENT]);
  }
  if (Math.floor(version / 1000) !== Math.floor((version - Math.max(1, emitted.length)) / 1000)) {
    await sql.query('DELETE FROM events WHERE id <= $1', [version - EVENTS_KEPT]);
  }
  return resets ? { version, events, reset: true } : { version, events };
}
