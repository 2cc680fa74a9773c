/**
 * The contract's calls as data (spec section 7, plus logout and health), and the one walk every call
 * takes on either backend: authenticate when the call acts for a member, read the body, run the rule
 * in a transaction, answer through a presenter. A refusal becomes `{ errors: [message], code }` with
 * its status; anything else is the backend's to report as a 500.
 */
import {
  API_EXTENSIONS,
  type BookmarkChange, type BookmarksResponse, type FollowResponse, type HealthResponse, type LoginResponse, type PostRemoval,
  type PostResponse, type PostsPage, type PostsResponse, type SignupResponse, type UserEditResponse, type UserResponse, type UsersResponse,
} from './api';
import type { RuleContext } from './context';
import { refusalAnswer, RuleError } from './errors';
import { presentMember, presentMembers, presentPost, presentPosts } from './present';
import { authenticate, login, logout, signup, type Session } from './rules/auth';
import { addBookmark, listBookmarks, removeBookmark } from './rules/bookmarks';
import { createPost, deletePost, dislikePost, editPost, findPost, findUsername, likePost, postsOfUsername } from './rules/posts';
import { feedOrderOf, pageOf, wantsMinimal, type Query } from './rules/pages';
import { editProfile, findUser, follow, unfollow } from './rules/users';
import type { Page, PostRow, StoreReader } from './store';
import { parseJsonBody } from './validation';

export type Method = 'get' | 'post' | 'delete';

/**
 * What a backend hands a route: path parameters, the query, the authorization and Prefer headers,
 * and the body's text.
 */
export interface RouteRequest {
  params: Readonly<Record<string, string>>;
  query?: Query;
  authorization?: string;
  /** The Prefer header: `return=minimal` asks a mutation for only what changed. */
  prefer?: string;
  /** The body as sent; undefined when there is none. */
  body?: string;
}

export interface RouteAnswer {
  status: number;
  body: unknown;
  /** Headers to add: `Preference-Applied` when a preference was honoured. */
  headers?: Readonly<Record<string, string>>;
  /** The member the call acted for, once the token was accepted (for the backend's logs). */
  memberId?: string;
}

/** A mutation's answer: only what changed when the caller prefers it, else the spec's full answer. */
class Minimal {
  constructor(readonly body: unknown) {}
}

async function changed(request: RouteRequest, minimal: () => Promise<unknown>, full: () => Promise<unknown>): Promise<unknown> {
  return wantsMinimal(request.prefer) ? new Minimal(await minimal()) : full();
}

interface RouteInput extends RouteRequest {
  ctx: RuleContext;
}

interface MemberRouteInput extends RouteInput {
  session: Session;
}

interface RouteBase {
  method: Method;
  /** Path under the API base, with :params: '/posts/like/:postId'. */
  path: string;
  /** 200 or 201 (spec section 9: 200 for GET, 201 for POST; DELETE and login answer 200). */
  status: 200 | 201;
  /** Whether a success changed the store. */
  writes: boolean;
}

export type RouteSpec =
  | (RouteBase & { auth: false; handle: (input: RouteInput) => Promise<unknown> })
  | (RouteBase & { auth: true; handle: (input: MemberRouteInput) => Promise<unknown> });

function publicRoute(method: Method, path: string, status: 200 | 201, handle: (input: RouteInput) => Promise<unknown>, writes = false): RouteSpec {
  return { method, path, status, auth: false, writes, handle };
}

function memberRoute(method: Method, path: string, status: 200 | 201, handle: (input: MemberRouteInput) => Promise<unknown>): RouteSpec {
  return { method, path, status, auth: true, writes: method !== 'get', handle };
}

/** A path parameter; '' when absent. */
export function param(params: Readonly<Record<string, string>>, name: string): string {
  return params[name] ?? '';
}

/** The body as JSON (400 when it is not); read after authentication, before any check-and-change. */
function readBody(input: RouteRequest): unknown {
  return parseJsonBody(input.body ?? '');
}

/** Every post, newest first: what every post write answers (spec section 7). */
function allPosts(ctx: RuleContext): Promise<PostsResponse> {
  return ctx.store.read(async (reader) => ({ posts: await presentPosts(reader, await reader.posts(), 'all') }));
}

function bookmarksOf(ctx: RuleContext, memberId: string): Promise<BookmarksResponse> {
  return ctx.store.read(async (reader) => ({ bookmarks: await presentPosts(reader, await listBookmarks(reader, memberId)) }));
}

async function presentPage(reader: StoreReader, page: Page<PostRow>): Promise<PostsPage> {
  return { posts: await presentPosts(reader, page.items), nextCursor: page.nextCursor };
}

/** The post as it now is (a minimal answer). */
function postNow(ctx: RuleContext, postId: string): Promise<PostResponse> {
  return ctx.store.read(async (reader) => ({ post: await presentPost(reader, await findPost(reader, postId)) }));
}

const authRoutes: RouteSpec[] = [
  publicRoute('post', '/auth/signup', 201, async ({ ctx, ...request }): Promise<SignupResponse> => {
    const member = await signup(ctx, readBody(request));
    const createdUser = await ctx.store.read((reader) => presentMember(reader, member));
    return { createdUser, encodedToken: await ctx.tokens.sign(member) };
  }, true),

  publicRoute('post', '/auth/login', 200, async ({ ctx, ...request }): Promise<LoginResponse> => {
    const member = await login(ctx, readBody(request));
    const foundUser = await ctx.store.read((reader) => presentMember(reader, member));
    return { foundUser, encodedToken: await ctx.tokens.sign(member) };
  }),

  memberRoute('post', '/auth/logout', 200, async ({ ctx, session }): Promise<Record<string, never>> => {
    await logout(ctx, session);
    return {};
  }),
];

const postRoutes: RouteSpec[] = [
  publicRoute('get', '/posts', 200, async ({ ctx, query }): Promise<PostsResponse | PostsPage> => {
    const page = pageOf(query);
    if (!page) return allPosts(ctx);
    return ctx.store.read(async (reader) => presentPage(reader, await reader.postPage({ kind: 'all' }, 'latest', page)));
  }),

  publicRoute('get', '/posts/user/:username', 200, async ({ ctx, params, query }): Promise<PostsResponse | PostsPage> => {
    const page = pageOf(query);
    return ctx.store.read(async (reader) => {
      if (!page) return { posts: await presentPosts(reader, await postsOfUsername(reader, param(params, 'username'))) };
      const author = await findUsername(reader, param(params, 'username'));
      return presentPage(reader, await reader.postPage({ kind: 'author', authorId: author.id }, 'latest', page));
    });
  }),

  publicRoute('get', '/posts/:postId', 200, ({ ctx, params }): Promise<PostResponse> => ctx.store.read(async (reader) => (
    { post: await presentPost(reader, await findPost(reader, param(params, 'postId'))) }
  ))),

  memberRoute('post', '/posts', 201, async ({ ctx, session, ...request }) => {
    const post = await createPost(ctx, session.member, readBody(request));
    return changed(request, () => postNow(ctx, post.id), () => allPosts(ctx));
  }),

  memberRoute('delete', '/posts/:postId', 200, async ({ ctx, session, ...request }) => {
    const postId = param(request.params, 'postId');
    await deletePost(ctx, session.member, postId);
    return changed(request, async (): Promise<PostRemoval> => ({ postId }), () => allPosts(ctx));
  }),

  memberRoute('post', '/posts/edit/:postId', 201, async ({ ctx, session, ...request }) => {
    const body = readBody(request);
    const postId = param(request.params, 'postId');
    await editPost(ctx, session.member, postId, body);
    return changed(request, () => postNow(ctx, postId), () => allPosts(ctx));
  }),

  memberRoute('post', '/posts/like/:postId', 201, async ({ ctx, session, ...request }) => {
    const postId = param(request.params, 'postId');
    await likePost(ctx, session.member, postId);
    return changed(request, () => postNow(ctx, postId), () => allPosts(ctx));
  }),

  memberRoute('post', '/posts/dislike/:postId', 201, async ({ ctx, session, ...request }) => {
    const postId = param(request.params, 'postId');
    await dislikePost(ctx, session.member, postId);
    return changed(request, () => postNow(ctx, postId), () => allPosts(ctx));
  }),
];

/** The bookmark routes come before GET /users/:userId, which would otherwise match /users/bookmark. */
const bookmarkRoutes: RouteSpec[] = [
  memberRoute('get', '/users/bookmark', 200, async ({ ctx, session, query }): Promise<BookmarksResponse | PostsPage> => {
    const page = pageOf(query);
    if (!page) return bookmarksOf(ctx, session.member.id);
    return ctx.store.read(async (reader) => presentPage(reader, await reader.bookmarkPage(session.member.id, page)));
  }),

  memberRoute('post', '/users/bookmark/:postId', 201, async ({ ctx, session, ...request }) => {
    const postId = param(request.params, 'postId');
    await addBookmark(ctx, session.member.id, postId);
    return changed(request, async (): Promise<BookmarkChange> => ({ postId, bookmarked: true, post: (await postNow(ctx, postId)).post }), () => bookmarksOf(ctx, session.member.id));
  }),

  memberRoute('post', '/users/remove-bookmark/:postId', 201, async ({ ctx, session, ...request }) => {
    const postId = param(request.params, 'postId');
    await removeBookmark(ctx, session.member.id, postId);
    return changed(request, async (): Promise<BookmarkChange> => ({ postId, bookmarked: false }), () => bookmarksOf(ctx, session.member.id));
  }),
];

/** The home feed, on the server's side (the 'feed' extension): always paged. */
const feedRoutes: RouteSpec[] = [
  memberRoute('get', '/feed', 200, async ({ ctx, session, query }): Promise<PostsPage> => {
    const order = feedOrderOf(query);
    const page = pageOf(query, true) ?? { limit: 20 };
    return ctx.store.read(async (reader) => presentPage(reader, await reader.postPage({ kind: 'feed', memberId: session.member.id }, order, page)));
  }),
];

const userRoutes: RouteSpec[] = [
  publicRoute('get', '/users', 200, ({ ctx }): Promise<UsersResponse> => ctx.store.read(async (reader) => (
    { users: await presentMembers(reader, await reader.members(), 'all') }
  ))),

  memberRoute('post', '/users/edit', 201, async ({ ctx, session, ...request }): Promise<UserEditResponse> => {
    const { member, passwordChanged } = await editProfile(ctx, session.member, readBody(request));
    const user = await ctx.store.read((reader) => presentMember(reader, member));
    // Older tokens are refused after a password change: this device carries on with a new one.
    return passwordChanged ? { user, encodedToken: await ctx.tokens.sign(member) } : { user };
  }),

  memberRoute('post', '/users/follow/:userId', 201, async ({ ctx, session, params }): Promise<FollowResponse> => {
    const other = await follow(ctx, session.member, param(params, 'userId'));
    return followAnswer(ctx, session.member.id, other.id);
  }),

  memberRoute('post', '/users/unfollow/:userId', 201, async ({ ctx, session, params }): Promise<FollowResponse> => {
    const other = await unfollow(ctx, session.member, param(params, 'userId'));
    return followAnswer(ctx, session.member.id, other.id);
  }),

  publicRoute('get', '/users/:userId', 200, ({ ctx, params }): Promise<UserResponse> => ctx.store.read(async (reader) => (
    { user: await presentMember(reader, await findUser(reader, param(params, 'userId'))) }
  ))),
];

function followAnswer(ctx: RuleContext, memberId: string, otherId: string): Promise<FollowResponse> {
  return ctx.store.read(async (reader) => {
    const [me, other] = [await findUser(reader, memberId), await findUser(reader, otherId)];
    const [user, followUser] = await presentMembers(reader, me.id === other.id ? [me] : [me, other]);
    if (!user) throw new Error('the member could not be presented');
    return { user, followUser: followUser ?? user };
  });
}

const healthRoutes: RouteSpec[] = [
  publicRoute('get', '/health', 200, async ({ ctx }): Promise<HealthResponse> => {
    await ctx.store.read((reader) => reader.memberById(''));
    return { status: 'ok', extensions: [...API_EXTENSIONS] };
  }),
];

/** Every call, in matching order (static paths before the parameters that would swallow them). */
export const ROUTES: readonly RouteSpec[] = [...authRoutes, ...postRoutes, ...bookmarkRoutes, ...feedRoutes, ...userRoutes, ...healthRoutes];

/** The calls of spec section 7 that act for a member. */
export const MEMBER_ROUTES: readonly RouteSpec[] = ROUTES.filter((route) => route.auth);

function answer(route: RouteSpec, body: unknown): RouteAnswer {
  if (body instanceof Minimal) return { status: route.status, body: body.body, headers: { 'preference-applied': 'return=minimal' } };
  return { status: route.status, body };
}

/**
 * Runs one call. Refusals become their answers; any other failure is thrown for the backend to
 * log and answer as a 500, with nothing of the failure in the answer.
 */
export async function runRoute(ctx: RuleContext, route: RouteSpec, request: RouteRequest): Promise<RouteAnswer> {
  let memberId: string | undefined;
  try {
    if (!route.auth) return answer(route, await route.handle({ ...request, ctx }));
    const session = await authenticate(ctx, request.authorization);
    memberId = session.member.id;
    return { ...answer(route, await route.handle({ ...request, ctx, session })), memberId };
  } catch (error) {
    if (error instanceof RuleError) return { ...refusalAnswer(error), memberId };
    throw error;
  }
}
