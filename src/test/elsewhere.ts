import { act } from '@testing-library/react';
import { TEST_API_BASE, tokenFor } from '../../mocks/testing/node';

/**
 * Another member (or the member on another device) calls the same backend. Inside act: the live event
 * that call sends renders here while it is under way, as a click's answer would. Its answer's body.
 */
export async function elsewhere<T = unknown>(username: string, method: string, path: string, body?: unknown): Promise<T> {
  return act(async () => {
    const headers: Record<string, string> = { authorization: await tokenFor(username) };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const answer = await fetch(`${TEST_API_BASE}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    if (!answer.ok) throw new Error(`${method} ${path} as ${username}: ${answer.status}`);
    return (await answer.json()) as T;
  });
}
