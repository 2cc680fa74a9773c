/**
 * The live stream's events (events.ts) as schemas, checked where an event comes from outside the
 * TypeScript that types it: the server hears each committed write's events from the database (the
 * SQL functions write some of them), and a malformed one must fail loudly rather than reach a
 * member's screen. Exact: a field an event does not have is refused too (an event must never carry
 * more than its ids and counts). Kept apart from events.ts so the app, which imports that file, does
 * not carry the schemas' library.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { EventPayloads, EventType, StoredEvent } from './events';

const Id = Type.String({ minLength: 1 });
const Count = Type.Integer({ minimum: 0 });
const exact = <P extends Record<string, TSchema>>(properties: P) => Type.Object(properties, { additionalProperties: false });

/** Each event type's payload, as events.ts types it (a type below holds the two the same). */
const PAYLOADS = {
  'post-created': { postId: Id, authorId: Id, repostOf: Type.Optional(Id) },
  'post-edited': { postId: Id },
  'post-deleted': { postId: Id },
  'post-reacted': { postId: Id, memberId: Id, reaction: Type.Union([Type.Literal('like'), Type.Literal('dislike'), Type.Null()]), likeCount: Count, dislikeCount: Count },
  'post-shared': { postId: Id, memberId: Id, kind: Type.Union([Type.Literal('repost'), Type.Literal('quote')]), shared: Type.Boolean(), repostCount: Count, quoteCount: Count },
  'member-joined': { memberId: Id },
  'member-updated': { memberId: Id },
  'follow-changed': { followerId: Id, followeeId: Id, following: Type.Boolean() },
  'bookmark-changed': { memberId: Id, postId: Id, bookmarked: Type.Boolean() },
  'reply-created': { postId: Id, replyId: Id, authorId: Id, replyCount: Count },
  'reply-deleted': { postId: Id, replyId: Id, replyCount: Count },
  'reply-reacted': { postId: Id, replyId: Id, memberId: Id, liked: Type.Boolean(), likeCount: Count },
  'notifications-changed': { memberId: Id, unreadCount: Count },
  'relation-changed': { memberId: Id, otherId: Id, muted: Type.Boolean(), blocked: Type.Boolean() },
  'member-withdrawn': { memberId: Id, otherId: Id },
  'member-left': { memberId: Id },
  'report-opened': { reportId: Id, openCount: Count },
  'moderation-notice': { memberId: Id },
  'role-changed': { memberId: Id, role: Type.Union([Type.Literal('member'), Type.Literal('moderator'), Type.Literal('admin')]) },
} satisfies Record<Exclude<EventType, 'session-ended'>, Record<string, TSchema>>;

const eventId = { id: Type.Integer({ minimum: 1 }) };

/** One event type's schema: its type, its payload and its id, nothing else. */
const storedOf = <T extends keyof typeof PAYLOADS>(type: T) => exact({ type: Type.Literal(type), ...PAYLOADS[type], ...eventId });
type StoredSchemas = { [T in keyof typeof PAYLOADS]: ReturnType<typeof storedOf<T>> };
const STORED = Object.fromEntries(Object.keys(PAYLOADS).map((type) => [type, storedOf(type as keyof typeof PAYLOADS)])) as StoredSchemas;

/** An event as kept and sent. */
export const STORED_EVENT = Type.Union([
  ...(Object.values(STORED) as StoredSchemas[keyof StoredSchemas][]),
  exact({ type: Type.Literal('session-ended'), memberId: Id, reason: Type.Literal('logout'), jti: Id, ...eventId }),
  exact({ type: Type.Literal('session-ended'), memberId: Id, reason: Type.Union([Type.Literal('password'), Type.Literal('elsewhere'), Type.Literal('leaving'), Type.Literal('suspended')]), sessionVersion: Type.Integer({ minimum: 0 }), ...eventId }),
]);

/**
 * What every server hears after a committed write: the network's version after it, and its events;
 * `reset` when it replaced what the events told (a load of a whole network): every stream loads again.
 */
export const COMMITTED_WRITE = exact({ version: Type.Integer({ minimum: 0 }), events: Type.Array(STORED_EVENT), reset: Type.Optional(Type.Literal(true)) });

// Each payload's schema and events.ts's type say the same, both ways: a field added to one and not
// the other fails the typecheck here.
type SchemaPayloads = { [T in keyof typeof PAYLOADS]: Static<ReturnType<typeof exact<(typeof PAYLOADS)[T]>>> };
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Agreement = { [T in keyof typeof PAYLOADS]: Same<SchemaPayloads[T], EventPayloads[T]> };
const payloadsAgree: Agreement[keyof Agreement] extends true ? true : false = true;
void payloadsAgree;

/** A committed write as every server hears it (COMMITTED_WRITE), its events typed as events.ts has them. */
type HeardWrite = { version: number; events: StoredEvent[]; reset?: true };

/**
 * `value` as a committed write's version and events, or the reason it is not one: the first thing
 * the schema refuses, with where.
 */
export function readCommittedWrite(value: unknown): { write: HeardWrite } | { refused: string } {
  if (Value.Check(COMMITTED_WRITE, value)) return { write: value as HeardWrite };
  const [first] = Value.Errors(COMMITTED_WRITE, value);
  return { refused: first ? `${first.path || '/'}: ${first.message}` : 'not a committed write' };
}
