import type { FetchArgs } from '@reduxjs/toolkit/query';
import type { WaitingKind, WaitingWrite } from './outboxSlice';

let made = 0;

/**
 * The waiting write for the call `args` a member made (its kind named by the endpoint); the post (or
 * the member followed) is the call's last path segment, as every one of these calls has it.
 */
export function waitingWriteOf(kind: WaitingKind, member: string, args: string | FetchArgs, at: number = Date.now()): WaitingWrite | undefined {
  const request = typeof args === 'string' ? { url: args } : args;
  const last = request.url.split('?')[0]?.split('/').pop();
  if (!last) return undefined;
  const headers = request.headers ? Object.fromEntries(new Headers(request.headers as HeadersInit).entries()) : undefined;
  made += 1;
  return {
    id: `${at.toString(36)}-${made.toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
    member,
    kind,
    target: decodeURIComponent(last),
    request: { url: request.url, method: (request.method ?? 'POST').toUpperCase(), ...(headers ? { headers } : {}) },
    at,
  };
}
