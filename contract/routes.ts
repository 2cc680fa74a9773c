/**
 * The contract's calls as data (spec section 7, plus logout and health), and the one walk every call
 * takes on either backend: authenticate when the call acts for a member, read the body, run the rule
 * in a transaction, answer through a presenter. A refusal becomes `{ errors: [message], code }` with
 * its status; anything else is the backend's to report as a 500.
 */
import type { Static, TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { decodeJwt } from 'jose';
import { API_EXTENSIONS, NOTIFICATIONS_UNREAD_MAX, PAGE_LIMIT_DEFAULT, type Post, type PostsPage } from './api';
import type { RuleContext } from './context';
import { refusal, refusalAnswer, RuleError } from './errors';
import { LIMITS } from './limits';
import { fingerprintOf, idempotentContext, IDEMPOTENT_REPLAYED_HEADER, KeptOutcome, readIdempotencyKey } from './idempotency';
import { presentMember, presentMembers, presentNotifications, presentPost, presentPosts, presentReplies, presentReply, toUserSummary } from './present';
import { authenticate, login, logout, SESSION_REFUSALS, signup, verifiedClaims, type Session } from './rules/auth';
import { addBookmark, bookmarkInOneStatement, listBookmarks, removeBookmark } from './rules/bookmarks';
import { createPost, deletePost, dislikePost, editPost, findUsername, likePost, reactInOneStatement } from './rules/posts';
import { block, hiddenFor, hides, mute, refuseBlocked, relationPage, relationWith, unblock, unmute, visibleMember, visiblePost, visibleReply, type RelationState } from './rules/relations';
import { markRead } from './rules/notifications';
import { pinnedPosts, setPinned } from './rules/pins';
import { repost, undoRepost } from './rules/reposts';
import { askPasswordReset, resetPassword } from './rules/passwordReset';
import { confirmEmail, setEmail } from './rules/email';
import { accountDeletion, deleteAccount, keepAccount } from './rules/leaving';
import { report, reportsOf } from './rules/reports';
import { cancelScheduledPost, editScheduledPost, listScheduledPosts, schedulePost } from './rules/scheduledPosts';
import { beginTwoFactor, disableTwoFactor, enableTwoFactor, twoFactorStatus } from './rules/twoFactor';
import { exportData, importData } from './rules/memberData';
import { changeRole, listRules, listStaff, replaceRules } from './rules/moderation';
import { auditLog, moderate, moderationQueue, noticesOf, openReportCount, restrictedMembers } from './rules/moderationQueue';
import { endOtherSessions, endSession, issueToken, listSessions, noteSeen, type Client } from './rules/sessions';
import { feedOrderOf, pageOf, wantsChangeCounts, wantsMinimal, wantsReactionCounts, type Query } from './rules/pages';
import { createReply, deleteReply, likeReply, unlikeReply } from './rules/replies';
import { taggedPosts } from './rules/tags';
import { parseMemberSearch, parsePostSearch } from './search';
import { editProfile, findMembers, follow, followInOneStatement, followCounts, suggestions, unfollow } from './rules/users';
import * as Schema from './schemas';
import type { FollowCounts, MemberRow, Page, PostRow, ReactionKind, ReplyPageRequest, ReplyRow, StoreReader } from './store';
import { readToken, type TokenClaims } from './tokens';
import { parseJsonBody } from './validation';

export type Method = 'get' | 'post' | 'put' | 'delete';

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
  /** The Idempotency-Key header (the `idempotency` extension), on the creates that read it. */
  idempotencyKey?: string;
  /** The device the call comes from, for the member's list of devices (the `accounts` extension). */
  client?: Client;
}

export interface RouteAnswer {
  status: number;
  body: unknown;
  /** The answer's schema (contract/schemas.ts): what the server serialises it by. */
  schema: TSchema;
  /** Headers to add: `Preference-Applied` when a preference was honoured. */
  headers?: Readonly<Record<string, string>>;
  /** The member the call acted for, once the token was accepted (for the backend's logs). */
  memberId?: string;
}

/** An answer's body with the schema it has. */
class Shaped {
  /** `applied`: the preferences honoured (Preference-Applied), when any was. */
  constructor(readonly schema: TSchema, readonly body: unknown, readonly applied?: string) {}
}

function shaped<S extends TSchema>(schema: S, body: Static<S>): Shaped {
  return new Shaped(schema, body);
}

/** A mutation's answer: only what changed when the caller prefers it, else the spec's full answer. */
async function changed(request: RouteRequest, minimal: () => Promise<Shaped>, full: () => Promise<Shaped>): Promise<Shaped> {
  if (!wantsMinimal(request.prefer)) return full();
  const { schema, body } = await minimal();
  return new Shaped(schema, body, 'return=minimal');
}

/**
 * A like's or a dislike's answer: its counts and the caller's reaction when asked for them (the
 * `reaction-counts` extension; `counts` when the write gave them), else as `changed` answers.
 */
async function reacted(ctx: RuleContext, request: RouteRequest, postId: string, memberId: string, reaction: ReactionKind, counts?: { likeCount: number; dislikeCount: number }): Promise<Shaped> {
  if (!wantsReactionCounts(request.prefer)) return changed(request, () => postNow(ctx, postId, memberId), () => allPosts(ctx, memberId));
  const after = counts ?? await ctx.store.read((reader) => reader.reactionCounts(postId));
  return new Shaped(Schema.ReactionChange, { postId, likeCount: after.likeCount, dislikeCount: after.dislikeCount, reaction: reaction as ReactionKind | null }, 'return=minimal, reaction-counts');
}

/** The body's type in a route's handler: its schema's, or nothing for a route that reads none. */
type Json<S extends TSchema | undefined> = S extends TSchema ? Static<S> : undefined;

interface RouteInput extends RouteRequest {
  ctx: RuleContext;
  /** The body, read as JSON and checked against the route's schema. */
  json: unknown;
  /** Who calls: always there for a route that acts for a member. */
  session?: Session;
  /**
   * Whom the answer is for: the session's member, or on a public route the member whose valid token
   * came with the call (`mute-block` leaves out what they do not see); undefined without one.
   */
  viewer?: MemberRow;
}

export interface RouteSpec {
  method: Method;
  /** Path under the API base, with :params: '/posts/like/:postId'. */
  path: string;
  /** 200 or 201 (spec section 9: 200 for GET, 201 for POST; DELETE and login answer 200). */
  status: 200 | 201;
  /** Whether the call acts for a member (its token is checked first). */
  auth: boolean;
  /** Whether a success changed the store. */
  writes: boolean;
  /** The body's schema, for a route that reads one. */
  body?: TSchema;
  /** The largest body the route reads, in bytes, when it is not the backend's usual one (a server's BODY_LIMIT). */
  bodyBytesMax?: number;
  handle: (input: RouteInput) => Promise<Shaped>;
  /**
   * A create that reads an Idempotency-Key (contract/idempotency.ts): the id of what its
   * transaction made, and the answer that names it again for a repeat of the call.
   */
  idempotent?: {
    createdId: (created: unknown) => string;
    replay: (input: RouteInput, createdId: string) => Promise<Shaped>;
  };
  /**
   * The call as one statement of the store's (Store.oneStatement), session check included, once the
   * token's signature is verified; undefined when the store leaves it to `handle`.
   */
  oneStatement?: (input: RouteRequest & { ctx: RuleContext; claims: TokenClaims }) => Promise<Shaped | undefined>;
  /**
   * A public read whose answer may hold the record of the member `memberId` (what a token names):
   * their token is then verified, so the answer carries what only they see of themselves (their
   * bookmarks).
   */
  ownRecord?: (params: Readonly<Record<string, string>>, memberId: string) => boolean;
}

type PublicInput<S extends TSchema | undefined> = RouteRequest & { ctx: RuleContext; json: Json<S>; viewer?: MemberRow };
type MemberInput<S extends TSchema | undefined> = PublicInput<S> & { session: Session };

function publicRoute<S extends TSchema | undefined>(
  method: Method, path: string, status: 200 | 201, body: S, handle: (input: PublicInput<S>) => Promise<Shaped>, writes = false,
): RouteSpec {
  return { method, path, status, auth: false, writes, body, handle: (input) => handle({ ...input, json: input.json as Json<S> }) };
}

function memberRoute<S extends TSchema | undefined>(
  method: Method, path: string, status: 200 | 201, body: S, handle: (input: MemberInput<S>) => Promise<Shaped>,
): RouteSpec {
  return {
    method, path, status, auth: true, writes: method !== 'get', body,
    handle: ({ session, ...input }) => {
      if (!session) throw new Error(`${path} acts for a member but was called without a session`);
      return handle({ ...input, json: input.json as Json<S>, session });
    },
  };
}

/** A path parameter; '' when absent. */
export function param(params: Readonly<Record<string, string>>, name: string): string {
  return params[name] ?? '';
}

/**
 * The body as JSON of the route's shape: 400 when it is not JSON (or not storable), or not that
 * shape. Read after authentication, before any check-and-change.
 */
function readBody(schema: TSchema, text: string | undefined): unknown {
  const json = parseJsonBody(text ?? '');
  if (!Value.Check(schema, json)) throw refusal('invalidBody');
  return json;
}

/** Every post, newest first: what every post write answers (spec section 7), less what the viewer does not see. */
async function allPosts(ctx: RuleContext, viewerId?: string): Promise<Shaped> {
  return shaped(Schema.PostsResponse, await ctx.store.read(async (reader) => {
    const hidden = await hiddenFor(reader, viewerId);
    const posts = await reader.posts();
    const limited = await limitedAuthors(reader, viewerId);
    const shown = hidden.muted.size + hidden.blocked.size + limited.size === 0 ? posts : posts.filter((post) => !hides(hidden, post.authorId) && !limited.has(post.authorId));
    return { posts: await presentPosts(reader, shown, viewerId, shown === posts ? 'all' : undefined) };
  }));
}

/**
 * The limited members (`moderation`) whose posts a list leaves out for the viewer: all but the
 * viewer and the members they follow.
 */
async function limitedAuthors(reader: StoreReader, viewerId: string | undefined): Promise<ReadonlySet<string>> {
  const limited = await reader.limitedMembers();
  if (limited.length === 0) return new Set();
  const following = new Set(viewerId === undefined ? [] : (await reader.followLists([viewerId])).get(viewerId)?.following ?? []);
  return new Set(limited.filter((id) => id !== viewerId && !following.has(id)));
}

/** The member's bookmarks, less the posts of members in a block with them. */
async function bookmarksOf(ctx: RuleContext, memberId: string): Promise<Shaped> {
  return shaped(Schema.BookmarksResponse, await ctx.store.read(async (reader) => {
    const { blocked } = await hiddenFor(reader, memberId);
    const posts = (await listBookmarks(reader, memberId)).filter((post) => !blocked.has(post.authorId));
    return { bookmarks: await presentPosts(reader, posts, memberId) };
  }));
}

/**
 * A page of posts as `viewerId` sees them; `blocked` leaves out the posts of members in a block with
 * the viewer (the store keeps the page's place).
 */
async function presentPage(reader: StoreReader, page: Page<PostRow>, viewerId: string | undefined, blocked?: ReadonlySet<string>): Promise<Shaped> {
  const items = blocked && blocked.size > 0 ? page.items.filter((post) => !blocked.has(post.authorId)) : page.items;
  const answer: PostsPage = { posts: await presentPosts(reader, items, viewerId), nextCursor: page.nextCursor };
  return shaped(Schema.PostsPage, answer);
}

/** The post as it now is, as the viewer may see it. */
function currentPost(ctx: RuleContext, postId: string, viewerId?: string): Promise<Post> {
  return ctx.store.read(async (reader) => presentPost(reader, await visiblePost(reader, postId, viewerId), viewerId));
}

/** The post as it now is, as an answer (a minimal one, or GET /posts/:postId). */
async function postNow(ctx: RuleContext, postId: string, viewerId?: string): Promise<Shaped> {
  return shaped(Schema.PostResponse, { post: await currentPost(ctx, postId, viewerId) });
}

/** A write the store may do in one statement (RouteSpec.oneStatement). */
function oneStatement(spec: RouteSpec, write: NonNullable<RouteSpec['oneStatement']>): RouteSpec {
  return { ...spec, oneStatement: write };
}

/** A public read that may answer the caller's own record (RouteSpec.ownRecord). */
function ownRecord(spec: RouteSpec, holds: NonNullable<RouteSpec['ownRecord']>): RouteSpec {
  return { ...spec, ownRecord: holds };
}

/** A route that reads a body larger than a backend's usual one, up to `bytes`. */
function largeBody(spec: RouteSpec, bytes: number): RouteSpec {
  return { ...spec, bodyBytesMax: bytes };
}

/** Whether a body is over `max` bytes as UTF-8 (counted only when its length alone cannot tell). */
function overBytes(body: string | undefined, max: number | undefined): boolean {
  if (body === undefined || max === undefined || body.length <= max / 3) return false;
  return body.length > max || new TextEncoder().encode(body).length > max;
}

/** A create that reads an Idempotency-Key. */
function idempotent(spec: RouteSpec, idempotency: NonNullable<RouteSpec['idempotent']>): RouteSpec {
  return { ...spec, idempotent: idempotency };
}

async function signedUp(ctx: RuleContext, member: MemberRow, client: Client | undefined): Promise<Shaped> {
  const createdUser = await ctx.store.read((reader) => presentMember(reader, member, member.id));
  return shaped(Schema.SignupResponse, { createdUser, encodedToken: await issueToken(ctx, member, client) });
}

/** The member a username names, unless a block stands between them and the viewer. */
async function visibleUsername(reader: StoreReader, username: string, viewerId: string | undefined): Promise<MemberRow> {
  const author = await findUsername(reader, username);
  await refuseBlocked(reader, viewerId, author.id, 'userNotFound');
  return author;
}

const authRoutes: RouteSpec[] = [
  idempotent(publicRoute('post', '/auth/signup', 201, Schema.SignupRequest, async ({ ctx, json, client }) => signedUp(ctx, await signup(ctx, json), client), true), {
    createdId: (member) => (member as MemberRow).id,
    // The token is signed anew for the member the first call made: a token is not kept at rest.
    replay: async ({ ctx, client }, memberId) => signedUp(ctx, await ctx.store.read((reader) => visibleMember(reader, memberId, undefined)), client),
  }),

  publicRoute('post', '/auth/login', 200, Schema.LoginRequest, async ({ ctx, json, client }) => {
    const member = await login(ctx, json);
    const foundUser = await ctx.store.read((reader) => presentMember(reader, member, member.id));
    return shaped(Schema.LoginResponse, { foundUser, encodedToken: await issueToken(ctx, member, client) });
  }),

  publicRoute('post', '/auth/forgot-password', 200, Schema.PasswordForgotRequest, async ({ ctx, json }) => {
    await askPasswordReset(ctx, json.login);
    return shaped(Schema.Empty, {});
  }, true),

  publicRoute('post', '/auth/reset-password', 200, Schema.PasswordResetRequest, async ({ ctx, json }) => {
    await resetPassword(ctx, json);
    return shaped(Schema.Empty, {});
  }, true),

  // Public: the link may be opened on a device that is not logged in.
  publicRoute('post', '/auth/confirm-email', 200, Schema.EmailConfirmRequest, async ({ ctx, json }) => {
    await confirmEmail(ctx, json.token);
    return shaped(Schema.Empty, {});
  }, true),

  memberRoute('post', '/auth/logout', 200, undefined, async ({ ctx, session }) => {
    await logout(ctx, session);
    return shaped(Schema.Empty, {});
  }),
];

const postRoutes: RouteSpec[] = [
  publicRoute('get', '/posts', 200, undefined, async ({ ctx, query, viewer }) => {
    const page = pageOf(query);
    if (!page) return allPosts(ctx, viewer?.id);
    return ctx.store.read(async (reader) => presentPage(reader, await reader.postPage({ kind: 'all', ...(viewer ? { viewerId: viewer.id } : {}) }, 'latest', page), viewer?.id));
  }),

  publicRoute('get', '/posts/user/:username', 200, undefined, async ({ ctx, params, query, viewer }) => {
    const page = pageOf(query);
    return ctx.store.read(async (reader) => {
      const author = await visibleUsername(reader, param(params, 'username'), viewer?.id);
      if (!page) return shaped(Schema.PostsResponse, { posts: await presentPosts(reader, await reader.postsByAuthor(author.id), viewer?.id) });
      return presentPage(reader, await reader.postPage({ kind: 'author', authorId: author.id }, 'latest', page), viewer?.id);
    });
  }),

  publicRoute('get', '/posts/:postId', 200, undefined, ({ ctx, params, viewer }) => postNow(ctx, param(params, 'postId'), viewer?.id)),

  idempotent(memberRoute('post', '/posts', 201, Schema.PostDraftPayload, async ({ ctx, session, json, ...request }) => {
    const post = await createPost(ctx, session.member, json);
    return changed(request, () => postNow(ctx, post.id), () => allPosts(ctx, session.member.id));
  }), {
    createdId: (post) => (post as PostRow).id,
    replay: async ({ ctx, ...request }, postId) => changed(request, () => postNow(ctx, postId), () => allPosts(ctx, request.viewer?.id)),
  }),

  memberRoute('delete', '/posts/:postId', 200, undefined, async ({ ctx, session, ...request }) => {
    const postId = param(request.params, 'postId');
    await deletePost(ctx, session.member, postId);
    return changed(request, async () => shaped(Schema.PostRemoval, { postId }), () => allPosts(ctx, session.member.id));
  }),

  memberRoute('post', '/posts/edit/:postId', 201, Schema.PostEditPayload, async ({ ctx, session, json, ...request }) => {
    const postId = param(request.params, 'postId');
    await editPost(ctx, session.member, postId, json);
    return changed(request, () => postNow(ctx, postId, session.member.id), () => allPosts(ctx, session.member.id));
  }),

  // A like and a dislike: the rules' write, or the store's one statement; the same answer.
  ...(['like', 'dislike'] as const).map((kind) => oneStatement(memberRoute('post', `/posts/${kind}/:postId`, 201, undefined, async ({ ctx, session, ...request }) => {
    const postId = param(request.params, 'postId');
    await (kind === 'like' ? likePost : dislikePost)(ctx, session.member, postId);
    return reacted(ctx, request, postId, session.member.id, kind);
  }), async ({ ctx, claims, ...request }) => {
    const postId = param(request.params, 'postId');
    const counts = await reactInOneStatement(ctx, claims, postId, kind);
    return counts && reacted(ctx, request, postId, claims.sub, kind, counts);
  })),
];

/** The change alone, with nothing read after the write (the `change-counts` extension). */
function bookmarkChange(postId: string, bookmarked: boolean): Shaped {
  return new Shaped(Schema.BookmarkChange, { postId, bookmarked }, 'return=minimal, change-counts');
}

/** A bookmark's answer: the change alone where asked, or the post (a removal: the change) or the member's bookmarks. */
function bookmarkAnswer(ctx: RuleContext, request: RouteRequest, memberId: string, postId: string, on: boolean): Promise<Shaped> {
  if (wantsChangeCounts(request.prefer)) return Promise.resolve(bookmarkChange(postId, on));
  return changed(
    request,
    async () => shaped(Schema.BookmarkChange, on ? { postId, bookmarked: true, post: await currentPost(ctx, postId, memberId) } : { postId, bookmarked: false }),
    () => bookmarksOf(ctx, memberId),
  );
}

/** The bookmark routes come before GET /users/:userId, which would otherwise match /users/bookmark. */
const bookmarkRoutes: RouteSpec[] = [
  memberRoute('get', '/users/bookmark', 200, undefined, async ({ ctx, session, query }) => {
    const page = pageOf(query);
    if (!page) return bookmarksOf(ctx, session.member.id);
    return ctx.store.read(async (reader) => presentPage(reader, await reader.bookmarkPage(session.member.id, page), session.member.id, (await hiddenFor(reader, session.member.id)).blocked));
  }),

  // A bookmark and its removal: the rules' write, or the store's one statement; the same answer.
  ...([['bookmark', true], ['remove-bookmark', false]] as const).map(([path, on]) => oneStatement(memberRoute('post', `/users/${path}/:postId`, 201, undefined, async ({ ctx, session, ...request }) => {
    const postId = param(request.params, 'postId');
    await (on ? addBookmark : removeBookmark)(ctx, session.member.id, postId);
    return bookmarkAnswer(ctx, request, session.member.id, postId, on);
  }), async ({ ctx, claims, ...request }) => {
    const postId = param(request.params, 'postId');
    if (!(await bookmarkInOneStatement(ctx, claims, postId, on))) return undefined;
    return bookmarkAnswer(ctx, request, claims.sub, postId, on);
  })),
];

/** The home feed, on the server's side (the 'feed' extension): always paged. */
const feedRoutes: RouteSpec[] = [
  memberRoute('get', '/feed', 200, undefined, async ({ ctx, session, query }) => {
    const order = feedOrderOf(query);
    const page = pageOf(query, true) ?? { limit: 20 };
    return ctx.store.read(async (reader) => presentPage(reader, await reader.postPage({ kind: 'feed', memberId: session.member.id }, order, page), session.member.id));
  }),
];

/** The reply's current state, as an answer. */
async function replyNow(ctx: RuleContext, replyId: string, viewerId: string): Promise<Shaped> {
  return shaped(Schema.ReplyResponse, {
    reply: await ctx.store.read(async (reader) => presentReply(reader, await visibleReply(reader, replyId, viewerId), (await hiddenFor(reader, viewerId)).blocked)),
  });
}

/** How many of the post's replies the viewer sees (the network's count is the live stream's). */
async function replyCountFor(reader: StoreReader, postId: string, blocked: ReadonlySet<string>): Promise<number> {
  return (await reader.replyCounts([postId], blocked)).get(postId) ?? 0;
}

/** A new reply and the post's reply count, as its author sees them. */
function replyCreated(ctx: RuleContext, replyId: string, viewerId: string | undefined): Promise<Shaped> {
  return ctx.store.read(async (reader) => {
    // Read as the first call answered it: a block made since does not refuse the replay.
    const reply = await visibleReply(reader, replyId, undefined);
    const { blocked } = await hiddenFor(reader, viewerId);
    return shaped(Schema.ReplyCreated, { reply: await presentReply(reader, reply, blocked), replyCount: await replyCountFor(reader, reply.postId, blocked) });
  });
}

/** Replies to posts (the 'replies' extension): always paged, oldest first. */
const replyRoutes: RouteSpec[] = [
  publicRoute('get', '/posts/:postId/replies', 200, undefined, async ({ ctx, params, query, viewer }) => {
    const page = pageOf(query, true) ?? { limit: PAGE_LIMIT_DEFAULT };
    // 'reply-links': a page may begin at a reply, or end before a position; from one place only.
    const at = query?.at || undefined;
    const before = query?.before || undefined;
    if ([page.cursor, at, before].filter((start) => start !== undefined).length > 1) throw refusal('pageStartTwice');
    return ctx.store.read(async (reader) => {
      const post = await visiblePost(reader, param(params, 'postId'), viewer?.id);
      let request: ReplyPageRequest = before === undefined ? page : { limit: page.limit, before };
      if (at !== undefined) {
        const reply = await visibleReply(reader, at, viewer?.id);
        if (reply.postId !== post.id) throw refusal('replyNotFound');
        request = { limit: page.limit, at: { createdAt: reply.createdAt, id: reply.id } };
      }
      const found = await reader.replyPage(post.id, request);
      // A page keeps its place; the replies of members in a block with the viewer leave it, and
      // its count.
      const { blocked } = await hiddenFor(reader, viewer?.id);
      const replyCount = await replyCountFor(reader, post.id, blocked);
      return shaped(Schema.RepliesPage, {
        replies: await presentReplies(reader, found.items.filter((reply) => !blocked.has(reply.authorId)), blocked), nextCursor: found.nextCursor, replyCount, previousCursor: found.previousCursor,
      });
    });
  }),

  idempotent(memberRoute('post', '/posts/:postId/replies', 201, Schema.ReplyDraftPayload, async ({ ctx, session, json, params }) => {
    const { reply } = await createReply(ctx, session.member, param(params, 'postId'), json);
    return replyCreated(ctx, reply.id, session.member.id);
  }), {
    createdId: (created) => (created as { reply: ReplyRow }).reply.id,
    replay: async ({ ctx, viewer }, replyId) => replyCreated(ctx, replyId, viewer?.id),
  }),

  memberRoute('delete', '/replies/:replyId', 200, undefined, async ({ ctx, session, params }) => {
    const replyId = param(params, 'replyId');
    const { postId } = await deleteReply(ctx, session.member, replyId);
    return shaped(Schema.ReplyRemoval, { replyId, postId, replyCount: await ctx.store.read(async (reader) => replyCountFor(reader, postId, (await hiddenFor(reader, session.member.id)).blocked)) });
  }),

  memberRoute('post', '/replies/like/:replyId', 201, undefined, async ({ ctx, session, params }) => {
    await likeReply(ctx, session.member, param(params, 'replyId'));
    return replyNow(ctx, param(params, 'replyId'), session.member.id);
  }),

  memberRoute('post', '/replies/unlike/:replyId', 201, undefined, async ({ ctx, session, params }) => {
    await unlikeReply(ctx, session.member, param(params, 'replyId'));
    return replyNow(ctx, param(params, 'replyId'), session.member.id);
  }),
];

/** The posts with a tag (the 'tags' extension): always paged, newest first. */
const tagRoutes: RouteSpec[] = [
  publicRoute('get', '/tags/:tag/posts', 200, undefined, async ({ ctx, params, query, viewer }) => {
    const source = { ...taggedPosts(param(params, 'tag')), ...(viewer ? { viewerId: viewer.id } : {}) };
    const page = pageOf(query, true) ?? { limit: PAGE_LIMIT_DEFAULT };
    return ctx.store.read(async (reader) => presentPage(reader, await reader.postPage(source, 'latest', page), viewer?.id));
  }),
];

/**
 * The posts a search finds (the 'post-search' extension): always paged, newest first. A `from:` that
 * names nobody finds nothing; one the caller does not see finds nothing either (`mute-block`).
 */
const searchRoutes: RouteSpec[] = [
  publicRoute('get', '/search/posts', 200, undefined, async ({ ctx, query, viewer }) => {
    const { words, tags, from } = parsePostSearch(query?.q);
    const page = pageOf(query, true) ?? { limit: PAGE_LIMIT_DEFAULT };
    return ctx.store.read(async (reader) => {
      const author = from === null ? undefined : await reader.memberByUsername(from);
      if (from !== null && author === undefined) return presentPage(reader, { items: [], nextCursor: null }, viewer?.id);
      const source = { kind: 'search' as const, words, tags, ...(author ? { authorId: author.id } : {}), ...(viewer ? { viewerId: viewer.id } : {}) };
      return presentPage(reader, await reader.postPage(source, 'latest', page), viewer?.id);
    });
  }),

  // People by name, or one by username (the 'member-search' extension).
  publicRoute('get', '/users/search', 200, undefined, async ({ ctx, query, viewer }) => {
    const search = parseMemberSearch(query);
    const { limit } = pageOf(query, true) ?? { limit: PAGE_LIMIT_DEFAULT };
    const { members, total } = await ctx.store.read((reader) => findMembers(reader, viewer?.id, search, limit));
    return shaped(Schema.MembersFound, { users: members.map(toUserSummary), total });
  }),
];

/** The member's notifications (the 'notifications' extension): always paged, the latest first. */
const notificationRoutes: RouteSpec[] = [
  memberRoute('get', '/notifications', 200, undefined, async ({ ctx, session, query }) => {
    const page = pageOf(query, true) ?? { limit: PAGE_LIMIT_DEFAULT };
    return ctx.store.read(async (reader) => {
      // Whom a member muted or blocked since it arrived leaves each notification; one nobody is
      // left in leaves the page (which keeps its place).
      const found = await reader.notificationPage(session.member.id, page);
      return shaped(Schema.NotificationsPage, {
        notifications: await presentNotifications(reader, found.items),
        nextCursor: found.nextCursor,
        unreadCount: await reader.unreadNotificationCount(session.member.id, NOTIFICATIONS_UNREAD_MAX),
      });
    });
  }),

  memberRoute('get', '/notifications/unread', 200, undefined, async ({ ctx, session }) => shaped(Schema.UnreadCount, {
    unreadCount: await ctx.store.read((reader) => reader.unreadNotificationCount(session.member.id, NOTIFICATIONS_UNREAD_MAX)),
  })),

  memberRoute('post', '/notifications/read', 201, undefined, async ({ ctx, session }) => {
    await markRead(ctx, session.member);
    return shaped(Schema.UnreadCount, { unreadCount: 0 });
  }),
];

/**
 * Posts a member pins to their profile (the `pins` extension): their own, at most
 * LIMITS.pinnedPostsMax, the latest pinned first. The pin routes come before GET /posts/:postId.
 */
const pinRoutes: RouteSpec[] = [
  ...(['pin', 'unpin'] as const).map((path) => memberRoute('post', `/posts/${path}/:postId`, 201, undefined, async ({ ctx, session, params }) => {
    const postId = param(params, 'postId');
    const pinnedPostIds = await setPinned(ctx, session.member, postId, path === 'pin');
    return shaped(Schema.PinChange, { postId, pinned: path === 'pin', pinnedPostIds });
  })),

  publicRoute('get', '/users/:userId/pinned', 200, undefined, async ({ ctx, params, viewer }) => shaped(Schema.PostsResponse, await ctx.store.read(async (reader) => {
    const member = await visibleMember(reader, param(params, 'userId'), viewer?.id);
    return { posts: await presentPosts(reader, await pinnedPosts(reader, member.id), viewer?.id) };
  }))),
];

/**
 * Reposts and quotes (the 'reposts' extension): a repost and its undoing answer the post's counts
 * after it; a post's quotes come a page at a time, newest first (a quote is written by POST /posts).
 */
const repostRoutes: RouteSpec[] = [
  memberRoute('post', '/posts/:postId/repost', 201, undefined, async ({ ctx, session, params }) => shaped(Schema.RepostChange, await repost(ctx, session.member, param(params, 'postId')))),
  memberRoute('delete', '/posts/:postId/repost', 200, undefined, async ({ ctx, session, params }) => shaped(Schema.RepostChange, await undoRepost(ctx, session.member, param(params, 'postId')))),

  publicRoute('get', '/posts/:postId/quotes', 200, undefined, async ({ ctx, params, query, viewer }) => {
    const page = pageOf(query, true) ?? { limit: PAGE_LIMIT_DEFAULT };
    return ctx.store.read(async (reader) => {
      const post = await visiblePost(reader, param(params, 'postId'), viewer?.id);
      const source = { kind: 'quotes', postId: post.repostOf ?? post.id, ...(viewer ? { viewerId: viewer.id } : {}) } as const;
      return presentPage(reader, await reader.postPage(source, 'latest', page), viewer?.id);
    });
  }),
];

/** A page of members, less those in a block with the viewer (the page keeps its place). */
async function membersPage(reader: StoreReader, viewerId: string | undefined, page: Page<MemberRow>): Promise<Shaped> {
  const { blocked } = await hiddenFor(reader, viewerId);
  return shaped(Schema.MembersPage, { users: page.items.filter((member) => !blocked.has(member.id)).map(toUserSummary), nextCursor: page.nextCursor });
}

/**
 * Who follows a member, whom a member follows, who likes a post (the 'member-lists' extension):
 * always paged, the latest to begin first; an unknown member or post is refused as its read is. And
 * whom a member might follow (the 'suggestions' extension).
 */
const memberListRoutes: RouteSpec[] = [
  ...(['followers', 'following'] as const).map((side) => publicRoute('get', `/users/:userId/${side}`, 200, undefined, async ({ ctx, params, query, viewer }) => {
    const page = pageOf(query, true) ?? { limit: PAGE_LIMIT_DEFAULT };
    return ctx.store.read(async (reader) => membersPage(reader, viewer?.id, await reader.followPage((await visibleMember(reader, param(params, 'userId'), viewer?.id)).id, side, page)));
  })),

  publicRoute('get', '/posts/:postId/likes', 200, undefined, async ({ ctx, params, query, viewer }) => {
    const page = pageOf(query, true) ?? { limit: PAGE_LIMIT_DEFAULT };
    return ctx.store.read(async (reader) => membersPage(reader, viewer?.id, await reader.likerPage((await visiblePost(reader, param(params, 'postId'), viewer?.id)).id, page)));
  }),

  // Whom the caller might follow (the 'suggestions' extension): whom they follow and mute is theirs
  // alone, so their token is always checked.
  ownRecord(publicRoute('get', '/users/suggestions', 200, undefined, async ({ ctx, query, viewer }) => {
    const { limit } = pageOf(query, true) ?? { limit: PAGE_LIMIT_DEFAULT };
    const { members, total } = await ctx.store.read((reader) => suggestions(reader, viewer?.id, limit));
    return shaped(Schema.MemberSuggestions, { users: members.map(toUserSummary), total });
  }), () => true),
];

const userRoutes: RouteSpec[] = [
  // Every member, the caller among them.
  ownRecord(publicRoute('get', '/users', 200, undefined, async ({ ctx, viewer }) => shaped(Schema.UsersResponse, await ctx.store.read(async (reader) => {
    const { blocked } = await hiddenFor(reader, viewer?.id);
    const members = await reader.members();
    const shown = blocked.size === 0 ? members : members.filter((member) => !blocked.has(member.id));
    return { users: await presentMembers(reader, shown, viewer?.id, shown === members ? 'all' : undefined) };
  }))), () => true),

  memberRoute('post', '/users/edit', 201, Schema.UserEditPayload, async ({ ctx, session, json, client }) => {
    const { member, passwordChanged } = await editProfile(ctx, session.member, json);
    const user = await ctx.store.read((reader) => presentMember(reader, member, member.id));
    // Older tokens are refused after a password change: this device carries on with a new one.
    return shaped(Schema.UserEditResponse, passwordChanged ? { user, encodedToken: await issueToken(ctx, member, client) } : { user });
  }),

  // A follow and an unfollow: the rules' write, or the store's one statement; the same answer.
  ...([true, false] as const).map((following) => oneStatement(memberRoute('post', `/users/${following ? 'follow' : 'unfollow'}/:userId`, 201, undefined, async ({ ctx, session, ...request }) => {
    const other = await (following ? follow : unfollow)(ctx, session.member, param(request.params, 'userId'));
    return followed(ctx, request, session.member.id, other.id, following);
  }), async ({ ctx, claims, ...request }) => {
    const otherId = param(request.params, 'userId');
    const counts = await followInOneStatement(ctx, claims, otherId, following);
    return counts && followed(ctx, request, claims.sub, otherId, following, counts);
  })),

  ownRecord(publicRoute('get', '/users/:userId', 200, undefined, async ({ ctx, params, viewer }) => shaped(Schema.UserResponse, await ctx.store.read(async (reader) => (
    { user: await presentMember(reader, await visibleMember(reader, param(params, 'userId'), viewer?.id), viewer?.id) }
  )))), (params, memberId) => param(params, 'userId') === memberId),
];

/**
 * A follow's or an unfollow's answer: the relation and the counts it moved when asked for them (the
 * `change-counts` extension; `counts` when the write gave them), else both members (the spec's).
 */
async function followed(ctx: RuleContext, request: RouteRequest, memberId: string, otherId: string, following: boolean, counts?: FollowCounts): Promise<Shaped> {
  if (!wantsChangeCounts(request.prefer)) return followAnswer(ctx, memberId, otherId);
  const after = counts ?? await ctx.store.read((reader) => followCounts(reader, memberId, otherId));
  return new Shaped(Schema.FollowChange, { userId: otherId, following, followerCount: after.followerCount, followingCount: after.followingCount }, 'return=minimal, change-counts');
}

async function followAnswer(ctx: RuleContext, memberId: string, otherId: string): Promise<Shaped> {
  return shaped(Schema.FollowResponse, await ctx.store.read(async (reader) => {
    const [me, other] = [await visibleMember(reader, memberId, undefined), await visibleMember(reader, otherId, undefined)];
    const [user, followUser] = await presentMembers(reader, me.id === other.id ? [me] : [me, other], me.id);
    if (!user) throw new Error('the member could not be presented');
    return { user, followUser: followUser ?? user };
  }));
}

function relationAnswer(state: RelationState): Shaped {
  return shaped(Schema.Relation, state);
}

/** Mute and block (the 'mute-block' extension): before GET /users/:userId, which would match /users/muted. */
const relationRoutes: RouteSpec[] = [
  memberRoute('post', '/users/mute/:userId', 201, undefined, async ({ ctx, session, params }) => relationAnswer(await mute(ctx, session.member, param(params, 'userId')))),
  memberRoute('post', '/users/unmute/:userId', 201, undefined, async ({ ctx, session, params }) => relationAnswer(await unmute(ctx, session.member, param(params, 'userId')))),
  memberRoute('post', '/users/block/:userId', 201, undefined, async ({ ctx, session, params }) => relationAnswer(await block(ctx, session.member, param(params, 'userId')))),
  memberRoute('post', '/users/unblock/:userId', 201, undefined, async ({ ctx, session, params }) => relationAnswer(await unblock(ctx, session.member, param(params, 'userId')))),
  memberRoute('get', '/users/relation/:userId', 200, undefined, async ({ ctx, session, params }) => ctx.store.read(async (reader) => {
    const { state, other } = await relationWith(reader, session.member, param(params, 'userId'));
    return shaped(Schema.RelationWith, { ...state, user: toUserSummary(other) });
  })),
  ...(['muted', 'blocked'] as const).map((list) => memberRoute('get', `/users/${list}`, 200, undefined, async ({ ctx, session, query }) => {
    const page = pageOf(query, true) ?? { limit: PAGE_LIMIT_DEFAULT };
    return ctx.store.read(async (reader) => {
      const found = await relationPage(reader, session.member.id, list, page);
      return shaped(Schema.MembersPage, { users: found.items.map(toUserSummary), nextCursor: found.nextCursor });
    });
  })),
];

/** The member's devices (the `accounts` extension): listed, one logged out, every other one logged out. */
const sessionRoutes: RouteSpec[] = [
  // The member's own email address, and whether it is confirmed: theirs alone.
  memberRoute('get', '/account/email', 200, undefined, async ({ session }) => shaped(Schema.AccountEmail, { email: session.member.email, emailConfirmed: session.member.emailConfirmed })),
  memberRoute('post', '/account/email', 201, Schema.EmailChangeRequest, async ({ ctx, session, json }) => shaped(Schema.AccountEmail, await setEmail(ctx, session.member, json.email))),
  memberRoute('get', '/account/two-factor', 200, undefined, async ({ ctx, session }) => shaped(Schema.TwoFactorStatus, await twoFactorStatus(ctx, session.member))),
  memberRoute('post', '/account/two-factor/setup', 201, undefined, async ({ ctx, session }) => shaped(Schema.TwoFactorSetup, await beginTwoFactor(ctx, session.member))),
  memberRoute('post', '/account/two-factor/enable', 201, Schema.TwoFactorEnableRequest, async ({ ctx, session, json }) => shaped(Schema.TwoFactorEnabled, { enabled: true, recoveryCodes: await enableTwoFactor(ctx, session.member, json) })),
  memberRoute('post', '/account/two-factor/disable', 200, Schema.TwoFactorCodeRequest, async ({ ctx, session, json }) => {
    await disableTwoFactor(ctx, session.member, json.code);
    // Off: no key and no recovery codes are left to read.
    return shaped(Schema.TwoFactorStatus, { enabled: false, recoveryCodesLeft: 0 });
  }),
  memberRoute('get', '/sessions', 200, undefined, async ({ ctx, session, client }) => shaped(Schema.DeviceSessions, { sessions: await listSessions(ctx, session, client) })),
  memberRoute('post', '/sessions/end-others', 200, undefined, async ({ ctx, session, client }) => {
    const { token, sessions } = await endOtherSessions(ctx, session, client);
    return shaped(Schema.OtherDevicesEnded, { encodedToken: token, sessions });
  }),
  memberRoute('post', '/sessions/end/:sessionId', 200, undefined, async ({ ctx, session, params }) => shaped(Schema.DeviceSessions, { sessions: await endSession(ctx, session, param(params, 'sessionId')) })),
  // Leaving: the account set to be deleted after the grace period, and kept after all.
  memberRoute('get', '/account/deletion', 200, undefined, async ({ ctx, session }) => shaped(Schema.AccountDeletion, await accountDeletion(ctx, session.member))),
  memberRoute('post', '/account/deletion', 201, Schema.AccountDeletionRequest, async ({ ctx, session, json }) => shaped(Schema.AccountDeletion, await deleteAccount(ctx, session.member, json))),
  memberRoute('delete', '/account/deletion', 200, undefined, async ({ ctx, session }) => shaped(Schema.AccountDeletion, await keepAccount(ctx, session.member))),
  // The member's data: everything they made, and an export read back into a new account.
  memberRoute('get', '/account/export', 200, undefined, async ({ ctx, session }) => shaped(Schema.DataExport, await exportData(ctx, session.member.id))),
  largeBody(memberRoute('post', '/account/import', 201, Schema.DataImportRequest, async ({ ctx, session, json }) => shaped(Schema.DataImportResult, await importData(ctx, session.member, json))), LIMITS.importBytesMax),
];

/** Posts to publish later (the `scheduled-posts` extension): their author's alone. */
const scheduledPostRoutes: RouteSpec[] = [
  memberRoute('get', '/scheduled-posts', 200, undefined, async ({ ctx, session }) => shaped(Schema.ScheduledPostsResponse, { scheduledPosts: await listScheduledPosts(ctx, session.member) })),
  memberRoute('post', '/scheduled-posts', 201, Schema.ScheduledPostDraft, async ({ ctx, session, json }) => shaped(Schema.ScheduledPostResponse, { scheduledPost: await schedulePost(ctx, session.member, json) })),
  memberRoute('post', '/scheduled-posts/:id', 200, Schema.ScheduledPostEdit, async ({ ctx, session, json, params }) => shaped(Schema.ScheduledPostResponse, { scheduledPost: await editScheduledPost(ctx, session.member, param(params, 'id'), json) })),
  memberRoute('delete', '/scheduled-posts/:id', 200, undefined, async ({ ctx, session, params }) => {
    const id = param(params, 'id');
    await cancelScheduledPost(ctx, session.member, id);
    return shaped(Schema.ScheduledPostRemoval, { id });
  }),
];

/**
 * Reports to the network's moderators (the `moderation` extension): a member reports a post, a
 * reply or a member, and lists their own reports to see where each stands.
 */
const reportRoutes: RouteSpec[] = [
  memberRoute('post', '/reports', 201, Schema.ReportRequest, async ({ ctx, session, json }) => shaped(Schema.Report, await report(ctx, session.member, json))),
  memberRoute('get', '/reports/mine', 200, undefined, async ({ ctx, session }) => shaped(Schema.ReportsResponse, { reports: await reportsOf(ctx, session.member) })),
];

/**
 * Roles and the network's rules (the `moderation` extension): the rules are public (signup shows
 * them); writing them, and naming moderators, is for admins, checked by the rules on every call.
 */
const moderationRoutes: RouteSpec[] = [
  publicRoute('get', '/rules', 200, undefined, async ({ ctx }) => shaped(Schema.RulesResponse, { rules: await listRules(ctx) })),
  memberRoute('put', '/rules', 200, Schema.RulesUpdate, async ({ ctx, session, json }) => shaped(Schema.RulesResponse, { rules: await replaceRules(ctx, session.member, json.rules) })),
  memberRoute('get', '/moderation/staff', 200, undefined, async ({ ctx, session }) => shaped(Schema.StaffResponse, { staff: await listStaff(ctx, session.member) })),
  memberRoute('put', '/moderation/members/:memberId/role', 200, Schema.RoleChangeRequest, async ({ ctx, session, json, params }) => (
    shaped(Schema.RoleChange, { member: await changeRole(ctx, session.member, param(params, 'memberId'), json.role) })
  )),
  // The moderators' queue, their actions, the audit log (admins alone), and what a member reads of it.
  memberRoute('get', '/moderation/reports/count', 200, undefined, async ({ ctx, session }) => shaped(Schema.OpenReportCount, { count: await openReportCount(ctx, session.member) })),
  memberRoute('get', '/moderation/reports', 200, undefined, async ({ ctx, session, query }) => (
    shaped(Schema.ModerationQueue, await moderationQueue(ctx, session.member, query?.status, pageOf(query, true) ?? { limit: PAGE_LIMIT_DEFAULT }))
  )),
  memberRoute('post', '/moderation/actions', 201, Schema.ModerationActionRequest, async ({ ctx, session, json }) => shaped(Schema.ModerationActionResult, await moderate(ctx, session.member, json))),
  memberRoute('get', '/moderation/audit', 200, undefined, async ({ ctx, session, query }) => (
    shaped(Schema.AuditPage, await auditLog(ctx, session.member, pageOf(query, true) ?? { limit: PAGE_LIMIT_DEFAULT }))
  )),
  memberRoute('get', '/moderation/notices', 200, undefined, async ({ ctx, session }) => shaped(Schema.ModerationNotices, { notices: await noticesOf(ctx, session.member) })),
  // The members who are limited or suspended: where a suspension, which hides the member, is lifted.
  memberRoute('get', '/moderation/restricted', 200, undefined, async ({ ctx, session, query }) => (
    shaped(Schema.RestrictedMembers, await restrictedMembers(ctx, session.member, pageOf(query, true) ?? { limit: PAGE_LIMIT_DEFAULT }))
  )),
];

const healthRoutes: RouteSpec[] = [
  publicRoute('get', '/health', 200, undefined, async ({ ctx }) => {
    // One read of the store: it answers, and says whether it holds the demo network.
    const demo = await ctx.store.read((reader) => reader.demoNetwork());
    const limits = { imagePixelsMax: ctx.imagePixelsMax ?? LIMITS.imagePixelsMax, postImagesMax: ctx.postImagesMax ?? LIMITS.postImagesMax };
    return shaped(Schema.HealthResponse, { status: 'ok', extensions: [...API_EXTENSIONS], demo, limits });
  }),
];

/** Every call, in matching order (static paths before the parameters that would swallow them). */
export const ROUTES: readonly RouteSpec[] = [...authRoutes, ...pinRoutes, ...repostRoutes, ...postRoutes, ...replyRoutes, ...bookmarkRoutes, ...feedRoutes,
  ...tagRoutes, ...searchRoutes, ...notificationRoutes, ...memberListRoutes, ...relationRoutes, ...userRoutes, ...sessionRoutes, ...scheduledPostRoutes, ...reportRoutes, ...moderationRoutes, ...healthRoutes];

/** The calls of spec section 7 that act for a member. */
export const MEMBER_ROUTES: readonly RouteSpec[] = ROUTES.filter((spec) => spec.auth);

function answer(spec: RouteSpec, { schema, body, applied }: Shaped): RouteAnswer {
  return { status: spec.status, body, schema, ...(applied ? { headers: { 'preference-applied': applied } } : {}) };
}

/**
 * The member a public call is made by, when it carries a token still valid (`mute-block` answers
 * them without what they do not see; `own` says the answer would hold their own record); a public
 * call with any other token is answered as to anyone.
 */
async function optionalViewer(ctx: RuleContext, authorization: string | undefined, own?: (memberId: string) => boolean): Promise<MemberRow | undefined> {
  const token = readToken(authorization);
  if (token === undefined) return undefined;
  // A member who mutes and blocks nobody, and did not leave, sees what anyone sees (while nobody is
  // limited): the token is
  // checked only for the others (whom it names is read unchecked first, and a forged name is then
  // refused as any bad token). One who left sees their own, which nobody else does.
  let named: unknown;
  try {
    named = decodeJwt(token).sub;
  } catch {
    return undefined;
  }
  if (typeof named !== 'string') return undefined;
  if (!own?.(named)) {
    const seesAsAnyone = await ctx.store.read(async (reader) => {
      const { muting, blocking, blockedBy, leaving } = await reader.standing(named);
      if (muting.length + blocking.length + blockedBy.length > 0 || leaving.includes(named)) return false;
      // While members are limited (`moderation`), their followers and they themselves see their posts where others do not.
      return (await reader.limitedMembers()).length === 0;
    });
    if (seesAsAnyone) return undefined;
  }
  try {
    return (await authenticate(ctx, authorization)).member;
  } catch (error) {
    if (error instanceof RuleError) return undefined;
    throw error;
  }
}

/**
 * Runs one call. Refusals become their answers; any other failure is thrown for the backend to
 * log and answer as a 500, with nothing of the failure in the answer.
 */
export async function runRoute(ctx: RuleContext, spec: RouteSpec, request: RouteRequest): Promise<RouteAnswer> {
  let memberId: string | undefined;
  try {
    if (spec.oneStatement && ctx.store.oneStatement) {
      const claims = await verifiedClaims(ctx, request.authorization);
      try {
        const done = await spec.oneStatement({ ...request, ctx, claims });
        if (done) return { ...answer(spec, done), memberId: claims.sub };
      } catch (error) {
        // A refusal after the session was accepted is the member's own.
        if (error instanceof RuleError && !SESSION_REFUSALS.has(error.code)) memberId = claims.sub;
        throw error;
      }
    }
    const session = spec.auth ? await authenticate(ctx, request.authorization) : undefined;
    memberId = session?.member.id;
    if (session) await noteSeen(ctx, session.claims, request.client);
    const own = spec.ownRecord;
    const viewer = session?.member ?? (await optionalViewer(ctx, request.authorization, own && ((memberId) => own(request.params, memberId))));
    const key = spec.idempotent && request.idempotencyKey !== undefined ? readIdempotencyKey(request.idempotencyKey) : undefined;
    if (overBytes(request.body, spec.bodyBytesMax)) throw refusal('bodyTooLarge');
    const json = spec.body ? readBody(spec.body, request.body) : undefined;
    if (!spec.idempotent || key === undefined) return { ...answer(spec, await spec.handle({ ...request, ctx, json, session, viewer })), memberId };
    const { createdId, replay } = spec.idempotent;
    const fingerprint = await fingerprintOf({ method: spec.method, path: spec.path, params: request.params, body: request.body });
    const keyed = idempotentContext(ctx, { scope: memberId ?? '', key, fingerprint, status: spec.status, createdId });
    try {
      return { ...answer(spec, await spec.handle({ ...request, ctx: keyed, json, session, viewer })), memberId };
    } catch (error) {
      if (!(error instanceof KeptOutcome)) throw error;
      const again = answer(spec, await replay({ ...request, ctx, json, session, viewer }, error.outcome.resourceId));
      return { ...again, status: error.outcome.status, headers: { ...again.headers, [IDEMPOTENT_REPLAYED_HEADER]: 'true' }, memberId };
    }
  } catch (error) {
    if (error instanceof RuleError) return { ...refusalAnswer(error), schema: Schema.ErrorResponse, memberId };
    throw error;
  }
}
