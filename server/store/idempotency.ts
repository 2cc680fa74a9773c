/** Idempotency keys (migration 0009): claimed, completed and swept inside a create's transaction. */
import { IDEMPOTENCY_KEPT_MS } from '../../contract/idempotency';
import type { StoreTx } from '../../contract/store';
import type { Sql } from '../db/database';

/** How many expired keys one claim sweeps: enough to keep up with the keys a day brings. */
const SWEEP_BATCH = 16;

export function idempotencyWrites(sql: Sql) {
  return {
    async claimIdempotencyKey({ scope, key, fingerprint, at }) {
      const expiredBefore = new Date(Date.parse(at) - IDEMPOTENCY_KEPT_MS).toISOString();
      // A few expired rows at a time, skipping any another transaction holds, so no create waits on a sweep.
      await sql.query(
        `DELETE FROM idempotency_keys WHERE ctid IN (
           SELECT ctid FROM idempotency_keys WHERE created_at <= $1 LIMIT ${SWEEP_BATCH} FOR UPDATE SKIP LOCKED)`,
        [expiredBefore],
      );
      // Waits while another transaction holds the key; then takes it unless it holds a live answer.
      const claimed = await sql.query(
        `INSERT INTO idempotency_keys (scope, key, fingerprint, created_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (scope, key) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, created_at = EXCLUDED.created_at, status = NULL, resource_id = NULL
           WHERE idempotency_keys.created_at <= $5
         RETURNING 1`,
        [scope, key, fingerprint, at, expiredBefore],
      );
      if (claimed.length > 0) return undefined;
      const [kept] = await sql.query('SELECT fingerprint, status, resource_id FROM idempotency_keys WHERE scope = $1 AND key = $2', [scope, key]);
      if (!kept || kept.status === null || kept.resource_id === null) throw new Error('an idempotency key held without its outcome');
      return { fingerprint: String(kept.fingerprint), status: Number(kept.status), resourceId: String(kept.resource_id) };
    },
    async keepIdempotentOutcome(scope, key, { status, resourceId }) {
      await sql.query('UPDATE idempotency_keys SET status = $3, resource_id = $4 WHERE scope = $1 AND key = $2', [scope, key, status, resourceId]);
    },
  } satisfies Partial<StoreTx>;
}
