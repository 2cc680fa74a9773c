/**
 * The contract's calls as data (spec section 7, plus logout and health), and the one walk every call
 * takes on either backend: authenticate when the call acts for a member, read the body, run the rule
 * in a transaction, answer through a presenter. A refusal becomes `{ errors: [message], code }` with
 * its status; anything else is the backend's to report as a 500.
 */
import type {
  BookmarksResponse, FollowResponse, HealthResponse, LoginResponse, PostResponse, PostsResponse, SignupResponse,
  UserEditResponse, UserResponse, UsersResponse,
} from './api';
import type { RuleContext } from './context';
import { refusalAnswer, RuleError } from './errors';
import { presentMember, presentMembers, presentPost, presentPosts } from './present';
import { authenticate, login, logout, signup, type Session } from './rules/auth';
import { addBookmark, listBookmarks, removeBookmark } from './rules/bookmarks';
import { createPost, deletePost, dislikePost, editPost, findPost, likePost, postsOfUsername } from './rules/posts';
import { editProfile, findUser, follow, unfollow } from './rules/users';
import { parseJsonBody } from './validation';

export type Method = 'get' | 'post' | 'delete';

/** What a backend hands a route: path parameters, the authorization header and the body's text. */
export interface RouteRequest {
  params: Readonly<Record<string, string>>;
  authorization?: string;
  /** The body as sent; undefined when there is none. */
  body?: string;
}

export interface RouteAnswer {
  status: number;
  body: unknown;
  /** The member the call acted for, once the token was accepted (for the backend's logs). */
  memberId?: string;
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
  publicRoute('get', '/posts', 200, ({ ctx }) => allPosts(ctx)),

  publicRoute('get', '/posts/user/:username', 200, ({ ctx, params }): Promise<PostsResponse> => ctx.store.read(async (reader) => (
    { posts: await presentPosts(reader, await postsOfUsername(reader, param(params, 'username'))) }
  ))),

  publicRoute('get', '/posts/:postId', 200, ({ ctx, params }): Promise<PostResponse> => ctx.store.read(async (reader) => (
    { post: await presentPost(reader, await findPost(reader, param(params, 'postId'))) }
  ))),

  memberRoute('post', '/posts', 201, async ({ ctx, session, ...request }) => {
    await createPost(ctx, session.member, readBody(request));
    return allPosts(ctx);
  }),

  memberRoute('delete', '/posts/:postId', 200, async ({ ctx, session, params }) => {
    await deletePost(ctx, session.member, param(params, 'postId'));
    return allPosts(ctx);
  }),

  memberRoute('post', '/posts/edit/:postId', 201, async ({ ctx, session, ...request }) => {
    const body = readBody(request);
    await editPost(ctx, session.member, param(request.params, 'postId'), body);
    return allPosts(ctx);
  }),

  memberRoute('post', '/posts/like/:postId', 201, async ({ ctx, session, params }) => {
    await likePost(ctx, session.member, param(params, 'postId'));
    return allPosts(ctx);
  }),

  memberRoute('post', '/posts/dislike/:postId', 201, async ({ ctx, session, params }) => {
    await dislikePost(ctx, session.member, param(params, 'postId'));
    return allPosts(ctx);
  }),
];

/** The bookmark routes come before GET /users/:userId, which would otherwise match /users/bookmark. */
const bookmarkRoutes: RouteSpec[] = [
  memberRoute('get', '/users/bookmark', 200, ({ ctx, session }) => bookmarksOf(ctx, session.member.id)),

  memberRoute('post', '/users/bookmark/:postId', 201, async ({ ctx, session, params }) => {
    await addBookmark(ctx, session.member.id, param(params, 'postId'));
    return bookmarksOf(ctx, session.member.id);
  }),

  memberRoute('post', '/users/remove-bookmark/:postId', 201, async ({ ctx, session, params }) => {
    await removeBookmark(ctx, session.member.id, param(params, 'postId'));
    return bookmarksOf(ctx, session.member.id);
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
    return { status: 'ok' };
  }),
];

/** Every call, in matching order (static paths before the parameters that would swallow them). */
export const ROUTES: readonly RouteSpec[] = [...authRoutes, ...postRoutes, ...bookmarkRoutes, ...userRoutes, ...healthRoutes];

/** The calls of spec section 7 that act for a member. */
export const MEMBER_ROUTES: readonly RouteSpec[] = ROUTES.filter((route) => route.auth);

/**
 * Runs one call. Refusals become their answers; any other failure is thrown for the backend to
 * log and answer as a 500, with nothing of the failure in the answer.
 */
export async function runRoute(ctx: RuleContext, route: RouteSpec, request: RouteRequest): Promise<RouteAnswer> {
  let memberId: string | undefined;
  try {
    if (!route.auth) return { status: route.status, body: await route.handle({ ...request, ctx }) };
    const session = await authenticate(ctx, request.authorization);
    memberId = session.member.id;
    return { status: route.status, body: await route.handle({ ...request, ctx, session }), memberId };
  } catch (error) {
    if (error instanceof RuleError) return { ...refusalAnswer(error), memberId };
    throw error;
  }
}
