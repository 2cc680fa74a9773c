/**
 * Helpers the contract suite shares: real HTTP calls (fetch) to the target under test, tokens,
 * a view of its store through snapshots, and the rules that must hold after every call.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Post, User } from '../api';
import { findInconsistencies, type DbSnapshot, type PostRecord, type UserRecord } from '../snapshot';
import { IMAGE_KINDS, readUploadedImage, sniffImage } from '../validation';
import type { ContractTarget, TokenRequest } from './target';
import type { OutgoingMail } from '../mail';

export { PNG_DATA_URL, dataUrl } from './fixtures';

let current: ContractTarget | undefined;

export function target(): ContractTarget {
  if (!current) throw new Error('No contract target is open: a runner calls runAgainst() first.');
  return current;
}

/** Uses a target that is already open (one the surrounding tests set up and reset themselves). */
export function bindTarget(open: ContractTarget): void {
  current = open;
}

/**
 * Opens the runner's target before the suite, starts every test from the default seed, and closes
 * the target afterwards.
 */
export function runAgainst(open: () => Promise<ContractTarget>): void {
  beforeAll(async () => {
    current = await open();
  }, 120_000);
  beforeEach(() => target().reset(), 30_000);
  afterAll(async () => {
    await current?.close();
    current = undefined;
  }, 30_000);
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface CallOptions {
  /** Sent as JSON unless it is a string (then sent as is). */
  body?: unknown;
  /** The authorization header, exactly. */
  authorization?: string;
  /** More headers (Prefer, for one). */
  headers?: Record<string, string>;
}

export interface CallResult<T = Record<string, unknown>> {
  status: number;
  json: T;
  headers: Headers;
}

export async function call<T = Record<string, unknown>>(method: Method, path: string, options: CallOptions = {}): Promise<CallResult<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.authorization !== undefined) headers.authorization = options.authorization;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  }
  const response = await fetch(`${target().baseUrl}${path}`, { method, headers, body });
  return { status: response.status, json: (await response.json()) as T, headers: response.headers };
}

/** A view of the target's whole store at one moment. */
export interface StoreView {
  users: UserRecord[];
  posts: PostRecord[];
  user(id: string): UserRecord | undefined;
  userByUsername(username: string): UserRecord | undefined;
  post(id: string): PostRecord | undefined;
}

export function viewOf(snapshot: DbSnapshot): StoreView {
  return {
    users: snapshot.users,
    posts: snapshot.posts,
    user: (id) => snapshot.users.find((user) => user.id === id),
    userByUsername: (username) => snapshot.users.find((user) => user.username.toLowerCase() === username.toLowerCase()),
    post: (id) => snapshot.posts.find((post) => post.id === id),
  };
}

export async function db(): Promise<StoreView> {
  return viewOf(await target().snapshot());
}

/** Changes the target's store: `change` edits a snapshot of it, which then replaces it. */
export async function arrange(change: (snapshot: DbSnapshot) => void): Promise<void> {
  const snapshot = await target().snapshot();
  change(snapshot);
  await target().load(snapshot);
}

/** A valid token for a member of the store (by id or username), as login would give it. */
export async function tokenFor(idOrUsername: string, request: Partial<TokenRequest> = {}): Promise<string> {
  const view = await db();
  const member = view.user(idOrUsername) ?? view.userByUsername(idOrUsername);
  if (!member) throw new Error(`tokenFor: no member "${idOrUsername}" in the ${target().name} store`);
  return target().signToken({ sub: member.id, username: member.username, ver: member.sessionVersion ?? 0, ...request });
}

/** Calls as a member of the store (by username or id), with the token as stored. */
export async function callAs<T = Record<string, unknown>>(member: string, method: Method, path: string, body?: unknown): Promise<CallResult<T>> {
  return call<T>(method, path, { body, authorization: await tokenFor(member) });
}

/** A describe block of its own: GET /health lists `extension`. */
export function describeListedExtension(extension: string): void {
  describe(`${extension}: GET /health`, () => {
    it(`lists the '${extension}' extension`, async () => {
      expect((await call<{ extensions: string[] }>('GET', '/health')).json.extensions).toContain(extension);
    });
  });
}

/** The usernames a list of members answers (`GET path`), asked as `member` when given, else without a token. */
export async function usernamesAt(path: string, member?: string): Promise<string[]> {
  const result = member === undefined ? await call<{ users: Array<{ username: string }> }>('GET', path) : await callAs<{ users: Array<{ username: string }> }>(member, 'GET', path);
  expect(result.status).toBe(200);
  return result.json.users.map((user) => user.username);
}

/**
 * Every page of a paged list (`path`, with or without a query), `limit` a page, following its cursors
 * to the end: each page answered 200 and no longer than asked. `itemsOf` reads a page's items.
 */
export async function everyPage<P extends { nextCursor: string | null }, T>(
  path: string, limit: number, itemsOf: (page: P) => T[], options: CallOptions = {},
): Promise<{ items: T[]; pages: number }> {
  const items: T[] = [];
  let cursor: string | null = '';
  let pages = 0;
  const separator = path.includes('?') ? '&' : '?';
  while (cursor !== null) {
    const result: CallResult<P> = await call<P>('GET', `${path}${separator}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, options);
    expect(result.status).toBe(200);
    const found = itemsOf(result.json);
    expect(found.length).toBeLessThanOrEqual(limit);
    items.push(...found);
    cursor = result.json.nextCursor;
    pages += 1;
    if (pages > 100) throw new Error('the pages never end');
  }
  return { items, pages };
}

/** Whether `password` logs `username` in (the store keeps only what it keeps: a hash, on the server). */
export async function passwordWorks(username: string, password: string): Promise<boolean> {
  return (await call('POST', '/auth/login', { body: { username, password } })).status === 200;
}

/** Every place, however deep, where a key named like a password or hash appears. */
export function findPasswordKeys(value: unknown, path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => findPasswordKeys(item, `${path}[${index}]`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) => [
    ...(/password|hash|secret/i.test(key) ? [`${path}.${key}`] : []),
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
export async function expectHealthy(answer?: unknown): Promise<void> {
  expect(findInconsistencies(await target().snapshot())).toEqual([]);
  if (answer !== undefined) {
    expect(findPasswordKeys(answer)).toEqual([]);
    expect(JSON.stringify(answer)).not.toMatch(/\$argon2/);
    for (const post of findPosts(answer)) expect(post.likes.likeCount).toBe(post.likes.likedBy.length);
  }
}

export function errorOf(result: CallResult): string | undefined {
  const errors = (result.json as { errors?: unknown }).errors;
  return Array.isArray(errors) ? (errors[0] as string) : undefined;
}

/** The call was refused with this status and message. */
export function expectRefusal(result: CallResult, status: number, message: string): void {
  expect({ status: result.status, message: errorOf(result) }).toEqual({ status, message });
}

const publicDir = join(__dirname, '..', '..', 'public');

/**
 * The URL the target answers for an image it was given as `source` (a data URL, or a path shipped
 * under public/). An upload as the target prepares it (the server draws it again; the stand-in keeps
 * the cleaned bytes): its data URL on the stand-in, its stored copy `/media/<sha256>.<ext>` on the
 * server, as a shipped image's is. '' stays ''.
 */
export async function imageUrl(source: string): Promise<string> {
  if (source === '') return source;
  if (source.startsWith('data:')) {
    const kept = await target().images.prepare(readUploadedImage(source), 'imageInvalid');
    return target().traits.imageUrl === 'data-url' ? kept.dataUrl : mediaUrlOf(kept.image.bytes);
  }
  return target().traits.imageUrl === 'data-url' ? source : mediaUrlOf(new Uint8Array(readFileSync(join(publicDir, source))));
}

function mediaUrlOf(bytes: Uint8Array): string {
  const kind = sniffImage(bytes);
  if (!kind) throw new Error('imageUrl: not an image');
  return `/media/${createHash('sha256').update(bytes).digest('hex')}.${IMAGE_KINDS[kind].ext}`;
}

export type { Post, User };

/** The links of one kind the backend mailed since its reset ('reset-password', 'confirm-email'), once `count` have come (2 s at most). */
export async function mailedLinks(page: 'reset-password' | 'confirm-email', count = 0): Promise<OutgoingMail[]> {
  const of = () => target().sentMail().filter((mail) => mail.link.includes(`/${page}#`));
  for (let waited = 0; of().length < count && waited < 2_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
  return of();
}

/** The token a mailed link carries in its fragment (`#token=…`). */
export function tokenInLink(mail: OutgoingMail | undefined): string {
  const match = /#token=([A-Za-z0-9_-]+)$/.exec(mail?.link ?? '');
  if (!match?.[1]) throw new Error(`no link with a token in ${JSON.stringify(mail)}`);
  return match[1];
}
