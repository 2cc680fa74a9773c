/**
 * Helpers for the stand-in backend's own contract tests: real fetch calls to msw/node.
 */
import type { Post, User } from '../contract/api';
import { findInconsistencies } from './db';
import { getMockDb, TEST_API_BASE, tokenFor } from './node';

export interface CallOptions {
  /** Sent as JSON unless it is a string (then sent as is). */
  body?: unknown;
  /** The authorization header, exactly. */
  authorization?: string;
}

export interface CallResult<T = Record<string, unknown>> {
  status: number;
  json: T;
}

export async function call<T = Record<string, unknown>>(method: 'GET' | 'POST' | 'DELETE', path: string, options: CallOptions = {}): Promise<CallResult<T>> {
  const headers: Record<string, string> = {};
  if (options.authorization !== undefined) headers.authorization = options.authorization;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  }
  const response = await fetch(`${TEST_API_BASE}${path}`, { method, headers, body });
  return { status: response.status, json: (await response.json()) as T };
}

/** Calls as a member of the store (by username or id), with the token as stored. */
export async function callAs<T = Record<string, unknown>>(member: string, method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<CallResult<T>> {
  return call<T>(method, path, { body, authorization: await tokenFor(member) });
}

/** Every place, however deep, where a key named password appears. */
export function findPasswordKeys(value: unknown, path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => findPasswordKeys(item, `${path}[${index}]`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) => [
    ...(/password/i.test(key) ? [`${path}.${key}`] : []),
    ...findPasswordKeys(item, `${path}.${key}`),
  ]);
}

/** Every post object found anywhere in an answer. */
export function findPosts(value: unknown): Post[] {
  if (Array.isArray(value)) return value.flatMap(findPosts);
  if (typeof value !== 'object' || value === null) return [];
  const record = value as Record<string, unknown>;
  const own = typeof record.likes === 'object' && record.likes !== null ? [record as unknown as Post] : [];
  return [...own, ...Object.values(record).flatMap(findPosts)];
}

/** The rules that must hold after every call: store consistency, likeCount == likedBy.length, no password. */
export function expectHealthy(answer?: unknown): void {
  expect(findInconsistencies(getMockDb())).toEqual([]);
  if (answer !== undefined) {
    expect(findPasswordKeys(answer)).toEqual([]);
    for (const post of findPosts(answer)) expect(post.likes.likeCount).toBe(post.likes.likedBy.length);
  }
}

export function errorOf(result: CallResult): string | undefined {
  const errors = (result.json as { errors?: unknown }).errors;
  return Array.isArray(errors) ? (errors[0] as string) : undefined;
}

export { PNG_DATA_URL, dataUrl } from '../contract/tests/fixtures';

export type { Post, User };
