/**
 * The `idempotency` extension: a create (a post, a reply, a signup) sent with an `Idempotency-Key`
 * is stored once however often it is sent. The key is claimed, and what the create answered kept
 * with it, in the create's own transaction, so a crash keeps both or neither. A repeat with the same
 * key and the same call (route, parameters and body) is answered with the first answer's status and
 * what it created, marked `Idempotent-Replayed: true`; the same key with another call is refused
 * (422 idempotencyKeyReused). Two calls with one key at once: the second waits for the first's
 * transaction and is then answered as a repeat. A refusal keeps nothing: the key stays free.
 */
import type { RuleContext } from './context';
import { refusal } from './errors';
import { LIMITS } from './limits';
import type { IdempotentOutcome, Store } from './store';

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** On an answer given again from a kept outcome. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
/** How long a key's answer is kept: a day. */
export const IDEMPOTENCY_KEPT_MS = 24 * 60 * 60 * 1000;

const KEY_CHARACTERS = /^[A-Za-z0-9_-]+$/;

/** The key as sent, or the refusal of a malformed one. */
export function readIdempotencyKey(header: string): string {
  const key = header.trim();
  if (key.length < LIMITS.idempotencyKeyMin || key.length > LIMITS.idempotencyKeyMax || !KEY_CHARACTERS.test(key)) {
    throw refusal('idempotencyKeyInvalid');
  }
  return key;
}

/** What a call was, as a SHA-256 in hex: its method, route, parameters and body as sent. */
export async function fingerprintOf(call: { method: string; path: string; params: Readonly<Record<string, string>>; body?: string }): Promise<string> {
  const params = Object.keys(call.params).sort().map((name) => [name, call.params[name]]);
  const text = JSON.stringify([call.method, call.path, params, call.body ?? '']);
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Thrown out of a create's transaction (rolling it back) when its key already holds an answer. */
export class KeptOutcome extends Error {
  constructor(readonly outcome: IdempotentOutcome) {
    super('the key already holds an answer');
    this.name = 'KeptOutcome';
  }
}

export interface IdempotentCall {
  scope: string;
  key: string;
  fingerprint: string;
  status: number;
  /** The id of what the create's transaction made, from what it returned. */
  createdId: (created: unknown) => string;
}

/**
 * The rules' context for one create under a key: its transaction first claims the key (or ends with
 * KeptOutcome, or the refusal of a key used for another call), then does the create, then keeps its
 * outcome, all in one transaction.
 */
export function idempotentContext(ctx: RuleContext, call: IdempotentCall): RuleContext {
  const store: Store = {
    ...ctx.store,
    read: (work) => ctx.store.read(work),
    transaction: (work) => ctx.store.transaction(async (tx) => {
      const kept = await tx.claimIdempotencyKey({ scope: call.scope, key: call.key, fingerprint: call.fingerprint, at: ctx.now().toISOString() });
      if (kept) {
        if (kept.fingerprint !== call.fingerprint) throw refusal('idempotencyKeyReused');
        throw new KeptOutcome({ status: kept.status, resourceId: kept.resourceId });
      }
      const created = await work(tx);
      await tx.keepIdempotentOutcome(call.scope, call.key, { status: call.status, resourceId: call.createdId(created) });
      return created;
    }),
  };
  return { ...ctx, store };
}

/** Whether a kept record, made at `createdAt`, has expired by `at` (both ISO times). */
export function idempotencyExpired(createdAt: string, at: string): boolean {
  return Date.parse(createdAt) + IDEMPOTENCY_KEPT_MS <= Date.parse(at);
}
