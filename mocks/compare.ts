/**
 * Does the stand-in still tell the truth? The contract's sample calls, made in turn to the stand-in
 * (its handlers, on a fresh demo seed of their own, without a network: in `npm run compare`'s
 * process, or in the tab whose workbench asks) and to a real server (by URL): a new member signs up,
 * posts, likes, bookmarks, replies, edits, deletes, and is refused as the contract says. Each
 * answer's status and shape (its fields and their types, not their values) are compared, and the
 * extensions each lists in its health; every difference is listed. A field that is null on one side
 * matches any type on the other (a cursor at the end of a list, a post without a reply): the data of
 * two networks differ, their contract does not.
 */
import { getResponse } from 'msw';
import { createMockContext } from './context';
import { createHandlers } from './handlers';
import { buildDefaultSeed } from '../contract/seed/default';

/** One backend, as the calls see it: a fetch to its API base. */
export type Backend = (path: string, init: RequestInit) => Promise<Response>;

/** The stand-in of the app, in this process: its handlers answer without a network or a browser. */
export function standInBackend(): Backend {
  const base = 'http://stand-in.invalid/api';
  const handlers = createHandlers(createMockContext({ baseUrl: base, delayMs: 0, seed: buildDefaultSeed() }));
  return async (path, init) => {
    const request = new Request(`${base}${path}`, init);
    const answer = await getResponse(handlers, request);
    if (!answer) throw new Error(`The stand-in has no handler for ${init.method ?? 'GET'} ${path}.`);
    return answer;
  };
}

/** A real server at `url` (its origin, or its API base ending in /api). */
export function serverBackend(url: string): Backend {
  const base = url.replace(/\/+$/, '').replace(/(\/api)?$/, '/api');
  return (path, init) => fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(15_000) });
}

type Shape = string | { [key: string]: Shape } | Shape[];

/** What a value is made of: each field's type, an array's by its first item. */
export function shapeOf(value: unknown): Shape {
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.length === 0 ? [] : [shapeOf(value[0])];
  if (typeof value === 'object') return Object.fromEntries(Object.entries(value as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)).map(([key, item]) => [key, shapeOf(item)]));
  return typeof value;
}

/** Where two shapes differ, as `path: stand-in ... / server ...` lines. */
export function shapeDifferences(standIn: Shape, server: Shape, path = ''): string[] {
  if (standIn === 'null' || server === 'null') return [];
  if (Array.isArray(standIn) && Array.isArray(server)) {
    return standIn.length === 0 || server.length === 0 ? [] : shapeDifferences(standIn[0]!, server[0]!, `${path}[0]`);
  }
  const isObject = (shape: Shape): shape is { [key: string]: Shape } => typeof shape === 'object' && !Array.isArray(shape);
  if (isObject(standIn) && isObject(server)) {
    const keys = [...new Set([...Object.keys(standIn), ...Object.keys(server)])].sort();
    return keys.flatMap((key) => {
      const at = path === '' ? key : `${path}.${key}`;
      if (!(key in server)) return [`${at}: the stand-in sends it, the server does not`];
      if (!(key in standIn)) return [`${at}: the server sends it, the stand-in does not`];
      return shapeDifferences(standIn[key]!, server[key]!, at);
    });
  }
  const name = (shape: Shape) => (Array.isArray(shape) ? 'array' : typeof shape === 'object' ? 'object' : shape);
  return name(standIn) === name(server) ? [] : [`${path || 'the body'}: ${name(standIn)} on the stand-in, ${name(server)} on the server`];
}

interface Answer {
  status: number;
  body: unknown;
}

/** What a step remembers of its answers, for the steps after it (the new post's id, the token). */
interface Memory {
  token?: string;
  memberId?: string;
  postId?: string;
  replyId?: string;
}

interface Step {
  name: string;
  method: 'GET' | 'POST' | 'DELETE';
  path: (memory: Memory) => string;
  body?: (memory: Memory) => unknown;
  /** Sent with the member's token (else with none). */
  auth?: boolean;
  prefer?: string;
  remember?: (body: unknown, memory: Memory) => void;
}

const MINIMAL = 'return=minimal';

/** The sample calls, in order: each backend gets the same, with its own ids. */
function sampleCalls(username: string): Step[] {
  const password = 'compare-Pass-1234';
  const field = (body: unknown, ...path: string[]): string | undefined => {
    let at: unknown = body;
    for (const key of path) at = (at as Record<string, unknown> | undefined)?.[key];
    return typeof at === 'string' ? at : undefined;
  };
  return [
    { name: 'health', method: 'GET', path: () => '/health' },
    {
      name: 'signup', method: 'POST', path: () => '/auth/signup',
      body: () => ({ firstName: 'Compare', lastName: 'Run', username, password }),
    },
    {
      name: 'login', method: 'POST', path: () => '/auth/login', body: () => ({ username, password }),
      remember: (body, memory) => {
        memory.token = field(body, 'encodedToken');
        memory.memberId = field(body, 'foundUser', '_id');
      },
    },
    { name: 'the first page of posts', method: 'GET', path: () => '/posts?limit=3' },
    {
      name: 'a post written', method: 'POST', path: () => '/posts', auth: true, prefer: MINIMAL,
      body: () => ({ postData: { text: 'Written to compare the backends.' } }),
      remember: (body, memory) => {
        memory.postId = field(body, 'post', 'id');
      },
    },
    { name: 'the post', method: 'GET', path: (m) => `/posts/${m.postId}` },
    { name: 'a like', method: 'POST', path: (m) => `/posts/like/${m.postId}`, auth: true, prefer: `${MINIMAL}, reaction-counts` },
    { name: 'a like twice (refused)', method: 'POST', path: (m) => `/posts/like/${m.postId}`, auth: true, prefer: `${MINIMAL}, reaction-counts` },
    { name: 'a dislike', method: 'POST', path: (m) => `/posts/dislike/${m.postId}`, auth: true, prefer: `${MINIMAL}, reaction-counts` },
    { name: 'a bookmark', method: 'POST', path: (m) => `/users/bookmark/${m.postId}`, auth: true, prefer: `${MINIMAL}, change-counts` },
    { name: 'the bookmarks', method: 'GET', path: () => '/users/bookmark', auth: true },
    { name: 'a bookmark removed', method: 'POST', path: (m) => `/users/remove-bookmark/${m.postId}`, auth: true, prefer: `${MINIMAL}, change-counts` },
    {
      name: 'a reply', method: 'POST', path: (m) => `/posts/${m.postId}/replies`, auth: true,
      body: () => ({ replyData: { text: 'A reply, to compare.' } }),
      remember: (body, memory) => {
        memory.replyId = field(body, 'reply', 'id');
      },
    },
    { name: 'the replies', method: 'GET', path: (m) => `/posts/${m.postId}/replies` },
    { name: 'a post edited', method: 'POST', path: (m) => `/posts/edit/${m.postId}`, auth: true, prefer: MINIMAL, body: () => ({ postData: { text: 'Edited, to compare.' } }) },
    { name: 'the feed', method: 'GET', path: () => '/feed?limit=3', auth: true },
    { name: 'the notifications', method: 'GET', path: () => '/notifications', auth: true },
    { name: 'the member', method: 'GET', path: (m) => `/users/${m.memberId}` },
    { name: 'whom to follow', method: 'GET', path: () => '/users/suggestions?limit=5', auth: true },
    { name: 'the people found', method: 'GET', path: () => '/users/search?q=ma' },
    { name: 'the profile edited', method: 'POST', path: () => '/users/edit', auth: true, body: () => ({ userData: { userBio: 'Comparing backends.' } }) },
    { name: 'a post deleted', method: 'DELETE', path: (m) => `/posts/${m.postId}`, auth: true, prefer: MINIMAL },
    { name: 'a post that does not exist', method: 'GET', path: () => '/posts/00000000-0000-4000-8000-000000000000' },
    { name: 'an empty post (refused)', method: 'POST', path: () => '/posts', auth: true, body: () => ({ postData: { text: '' } }) },
    { name: 'a change without a login (refused)', method: 'POST', path: () => '/users/bookmark/x' },
    { name: 'a route that does not exist', method: 'GET', path: () => '/no-such-route' },
    { name: 'logout', method: 'POST', path: () => '/auth/logout', auth: true },
  ];
}

async function run(backend: Backend, steps: readonly Step[]): Promise<Answer[]> {
  const memory: Memory = {};
  const answers: Answer[] = [];
  for (const step of steps) {
    const headers: Record<string, string> = {};
    if (step.auth && memory.token) headers.authorization = `Bearer ${memory.token}`;
    if (step.prefer) headers.prefer = step.prefer;
    const body = step.body?.(memory);
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await backend(step.path(memory), { method: step.method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text === '' ? null : JSON.parse(text);
    } catch {
      // Not JSON: compared as a string.
    }
    step.remember?.(parsed, memory);
    answers.push({ status: response.status, body: parsed });
  }
  return answers;
}

export interface Difference {
  call: string;
  what: string;
}

/** Every difference between the stand-in's answers and the server's to the sample calls. */
export async function compareBackends(server: Backend, standIn: Backend = standInBackend()): Promise<{ calls: number; differences: Difference[] }> {
  const username = `compare_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.slice(0, 20);
  const steps = sampleCalls(username);
  const [fromStandIn, fromServer] = [await run(standIn, steps), await run(server, steps)];
  const differences = steps.flatMap((step, index) => {
    const ours = fromStandIn[index]!;
    const theirs = fromServer[index]!;
    const call = `${step.method} ${step.path({ postId: ':postId', memberId: ':userId', replyId: ':replyId' })} (${step.name})`;
    if (ours.status !== theirs.status) return [{ call, what: `status ${ours.status} on the stand-in, ${theirs.status} on the server` }];
    return shapeDifferences(shapeOf(ours.body), shapeOf(theirs.body)).map((what) => ({ call, what }));
  });
  // The extensions are values, not shape: each one the one lists and the other does not.
  const extensions = (answer: Answer | undefined) => new Set(((answer?.body as { extensions?: unknown } | undefined)?.extensions as string[] | undefined) ?? []);
  const [ourExtensions, theirExtensions] = [extensions(fromStandIn[0]), extensions(fromServer[0])];
  for (const name of ourExtensions) if (!theirExtensions.has(name)) differences.push({ call: 'GET /health (health)', what: `the extension "${name}": the stand-in has it, the server does not` });
  for (const name of theirExtensions) if (!ourExtensions.has(name)) differences.push({ call: 'GET /health (health)', what: `the extension "${name}": the server has it, the stand-in does not` });
  return { calls: steps.length, differences };
}
