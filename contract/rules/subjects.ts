/**
 * What a report or a moderator's action is about: exactly one of a post, a reply or a member,
 * named by its id, as `{ post: id }`, `{ reply: id }` or `{ member: id }`.
 */
import type { MessageKey } from '../messages';
import { refusal } from '../errors';
import type { ReportRow } from '../store';

export type SubjectKind = ReportRow['subjectKind'];

const KINDS: readonly SubjectKind[] = ['post', 'reply', 'member'];

/** Reads a subject as sent; anything else is refused with `invalid`, the caller's refusal. */
export function readSubject(value: unknown, invalid: MessageKey): { kind: SubjectKind; subjectId: string } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw refusal(invalid);
  const entries = Object.entries(value);
  const [entry] = entries;
  if (entries.length !== 1 || !entry) throw refusal(invalid);
  const [kind, subjectId] = entry;
  if (!(KINDS as readonly string[]).includes(kind) || typeof subjectId !== 'string' || subjectId === '') throw refusal(invalid);
  return { kind: kind as SubjectKind, subjectId };
}
