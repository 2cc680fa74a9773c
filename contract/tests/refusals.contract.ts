/**
 * The grid of refusals: for every route, each way a caller can be refused (no token, a bad token,
 * another member's resource, a missing id, a bad body, a limit hit, a member who blocks the caller, a
 * role the caller lacks),
 * one test per route and column. A block answers as a missing id does: the caller cannot tell.
 * Each answers the catalogue's status, message and code, and leaves the store as it was.
 */
import { errorBody } from '../errors';
import { LIMITS } from '../limits';
import { MESSAGE_STATUS, type MessageKey } from '../messages';
import { TAG_MAX } from '../richText';
import { ROUTES, type RouteSpec } from '../routes';
import { DEMO_USER_ID, SAMPLE_SIGNUP, SEED_USER_IDS, seedPostId } from '../seed/default';
import { call, target, tokenFor, type Method } from './support';

const ownPost = seedPostId(5); // Ava's (demo_user's) forest walk
const othersPost = seedPostId(1); // Liam's
const missingPost = 'no-such-post';
const missingMember = 'no-such-member';
/** Liam's reply to Noah's post, arranged before each reply case: nobody demo_user can delete for. */
const othersReply = 'r-grid-liam';
const missingReply = 'no-such-reply';
const validReply = { replyData: { text: 'A perfectly fine reply' } };

const COLUMNS = ['no token', 'bad token', "another member's resource", 'a missing id', 'a bad body', 'a limit hit', 'a bad idempotency key', 'blocked', 'a role it lacks'] as const;
/** In the 'blocked' column Liam blocks the caller (demo_user): Liam's posts, replies and profile are not found. */
const liam = SEED_USER_IDS.liam;
type Column = (typeof COLUMNS)[number];

interface Case {
  /** The path to call, when it is not the route's own with the demo member's post or id in it. */
  path: string;
  body?: unknown;
  /** More headers: an Idempotency-Key. */
  headers?: Record<string, string>;
  /** Sent as demo_user unless the column is about the token. */
  refused: MessageKey;
}

/** A body that is JSON but not an object: every route that reads a body refuses it the same way. */
const NOT_AN_OBJECT = [1, 2, 3];
const tooLong = (limit: number): string => 'x'.repeat(limit + 1);
const validPost = { postData: { text: 'A perfectly fine post' } };

/** What a call names by the id in its path: one the caller cannot see (Liam's: he blocks them), and a missing one. */
const NAMED = {
  ':postId': { unseen: othersPost, missing: missingPost, refused: 'postNotFound' },
  ':replyId': { unseen: othersReply, missing: missingReply, refused: 'replyNotFound' },
  ':userId': { unseen: liam, missing: missingMember, refused: 'userNotFound' },
} as const satisfies Record<string, { unseen: string; missing: string; refused: MessageKey }>;

/** The call at `path` on a post, reply or member the caller cannot see, and on a missing one: alike not found. */
function notFound(path: string): Partial<Record<Column, Case>> {
  const param = (Object.keys(NAMED) as Array<keyof typeof NAMED>).find((name) => path.includes(name));
  if (!param) throw new Error(`${path} names no post, reply or member`);
  const { unseen, missing, refused } = NAMED[param];
  return { blocked: { path: path.replace(param, unseen), refused }, 'a missing id': { path: path.replace(param, missing), refused } };
}

/** A list read with a page limit out of range, as `path` asks. */
function pageLimitHit(path: string): Partial<Record<Column, Case>> {
  return { 'a limit hit': { path, refused: 'pageLimitInvalid' } };
}

/**
 * The columns that apply to each route, by "METHOD /path". The token columns of every member route
 * are added below from the route itself, so a new member route cannot miss them.
 */
const GRID: Record<string, Partial<Record<Column, Case>>> = {
  'POST /auth/signup': {
    'a bad body': { path: '/auth/signup', body: NOT_AN_OBJECT, refused: 'invalidBody' },
    'a limit hit': { path: '/auth/signup', body: { ...SAMPLE_SIGNUP, username: tooLong(LIMITS.usernameMax) }, refused: 'usernameInvalid' },
  },
  'POST /auth/login': {
    'a bad body': { path: '/auth/login', body: NOT_AN_OBJECT, refused: 'invalidBody' },
    'a missing id': { path: '/auth/login', body: { username: 'nobody_at_all', password: 'welcome123' }, refused: 'userNotRegistered' },
  },
  'POST /auth/logout': {},
  'POST /auth/forgot-password': {
    'a bad body': { path: '/auth/forgot-password', body: NOT_AN_OBJECT, refused: 'invalidBody' },
    'a missing id': { path: '/auth/forgot-password', body: { login: '' }, refused: 'resetLoginMissing' },
  },
  'POST /auth/reset-password': {
    'a bad body': { path: '/auth/reset-password', body: NOT_AN_OBJECT, refused: 'invalidBody' },
    'a missing id': { path: '/auth/reset-password', body: { token: 'no-such-link', password: 'welcome123' }, refused: 'resetLinkInvalid' },
    'a limit hit': { path: '/auth/reset-password', body: { token: 'no-such-link', password: tooLong(LIMITS.passwordMax) }, refused: 'passwordInvalid' },
  },
  'GET /posts': pageLimitHit('/posts?limit=101'),
  'GET /posts/user/:username': {
    blocked: { path: '/posts/user/liam_chen', refused: 'userNotFound' },
    'a missing id': { path: '/posts/user/nobody_at_all', refused: 'userNotFound' },
    ...pageLimitHit('/posts/user/demo_user?limit=0'),
  },
  'GET /posts/:postId': notFound('/posts/:postId'),
  'POST /posts': {
    // A quote (`reposts`) of a post out of sight, or not there.
    blocked: { path: '/posts', body: { postData: { text: 'Quoting' }, quoteOf: othersPost }, refused: 'postNotFound' },
    'a missing id': { path: '/posts', body: { postData: { text: 'Quoting' }, quoteOf: missingPost }, refused: 'postNotFound' },
    'a bad body': { path: '/posts', body: NOT_AN_OBJECT, refused: 'invalidBody' },
    'a limit hit': { path: '/posts', body: { postData: { text: tooLong(LIMITS.postTextMax) } }, refused: 'postTooLong' },
  },
  'DELETE /posts/:postId': {
    ...notFound('/posts/:postId'),
    "another member's resource": { path: `/posts/${othersPost}`, refused: 'deleteNotOwner' },
  },
  'POST /posts/edit/:postId': {
    blocked: { path: `/posts/edit/${othersPost}`, body: validPost, refused: 'postNotFound' },
    "another member's resource": { path: `/posts/edit/${othersPost}`, body: validPost, refused: 'editNotOwner' },
    'a missing id': { path: `/posts/edit/${missingPost}`, body: validPost, refused: 'postNotFound' },
    'a bad body': { path: `/posts/edit/${ownPost}`, body: NOT_AN_OBJECT, refused: 'invalidBody' },
    'a limit hit': { path: `/posts/edit/${ownPost}`, body: { postData: { text: tooLong(LIMITS.postTextMax) } }, refused: 'postTooLong' },
  },
  'POST /posts/like/:postId': notFound('/posts/like/:postId'),
  'POST /posts/pin/:postId': {
    ...notFound('/posts/pin/:postId'),
    "another member's resource": { path: `/posts/pin/${othersPost}`, refused: 'pinNotOwner' },
  },
  'POST /posts/unpin/:postId': {
    ...notFound('/posts/unpin/:postId'),
    "another member's resource": { path: `/posts/unpin/${othersPost}`, refused: 'notPinned' },
  },
  'GET /users/:userId/pinned': notFound('/users/:userId/pinned'),
  'POST /posts/:postId/repost': notFound('/posts/:postId/repost'),
  'DELETE /posts/:postId/repost': notFound('/posts/:postId/repost'),
  'GET /posts/:postId/quotes': {
    ...notFound('/posts/:postId/quotes'),
    ...pageLimitHit(`/posts/${othersPost}/quotes?limit=101`),
  },
  'POST /posts/dislike/:postId': notFound('/posts/dislike/:postId'),
  'GET /posts/:postId/replies': {
    ...notFound('/posts/:postId/replies'),
    ...pageLimitHit(`/posts/${othersPost}/replies?limit=101`),
  },
  'POST /posts/:postId/replies': {
    blocked: { path: `/posts/${othersPost}/replies`, body: validReply, refused: 'postNotFound' },
    'a missing id': { path: `/posts/${missingPost}/replies`, body: validReply, refused: 'postNotFound' },
    'a bad body': { path: `/posts/${othersPost}/replies`, body: NOT_AN_OBJECT, refused: 'invalidBody' },
    'a limit hit': { path: `/posts/${othersPost}/replies`, body: { replyData: { text: tooLong(LIMITS.replyTextMax) } }, refused: 'replyTooLong' },
  },
  'DELETE /replies/:replyId': {
    ...notFound('/replies/:replyId'),
    "another member's resource": { path: `/replies/${othersReply}`, refused: 'replyDeleteNotAllowed' },
  },
  'POST /replies/like/:replyId': notFound('/replies/like/:replyId'),
  'POST /replies/unlike/:replyId': notFound('/replies/unlike/:replyId'),
  'GET /users/bookmark': pageLimitHit('/users/bookmark?limit=101'),
  'POST /users/bookmark/:postId': notFound('/users/bookmark/:postId'),
  'POST /users/remove-bookmark/:postId': notFound('/users/remove-bookmark/:postId'),
  'GET /feed': pageLimitHit('/feed?limit=101'),
  'GET /notifications': pageLimitHit('/notifications?limit=101'),
  'GET /notifications/unread': {},
  'POST /notifications/read': {},
  'GET /tags/:tag/posts': {
    'a limit hit': { path: `/tags/${tooLong(TAG_MAX)}/posts`, refused: 'tagInvalid' },
  },
  'GET /account/email': {},
  'POST /account/email': {
    'a bad body': { path: '/account/email', body: NOT_AN_OBJECT, refused: 'invalidBody' },
    'a limit hit': { path: '/account/email', body: { email: `${tooLong(LIMITS.emailMax)}@example.com` }, refused: 'emailInvalid' },
  },
  'POST /auth/confirm-email': {
    'a bad body': { path: '/auth/confirm-email', body: NOT_AN_OBJECT, refused: 'invalidBody' },
    'a missing id': { path: '/auth/confirm-email', body: { token: 'no-such-link' }, refused: 'confirmLinkInvalid' },
  },
  'GET /account/two-factor': {},
  'POST /account/two-factor/setup': {},
  'POST /account/two-factor/enable': {
    'a bad body': { path: '/account/two-factor/enable', body: NOT_AN_OBJECT, refused: 'invalidBody' },
    'a limit hit': { path: '/account/two-factor/enable', body: { secret: 'A'.repeat(33), code: '123456' }, refused: 'twoFactorKeyInvalid' },
  },
  'POST /account/two-factor/disable': {
    'a bad body': { path: '/account/two-factor/disable', body: NOT_AN_OBJECT, refused: 'invalidBody' },
  },
  'GET /account/export': {},
  'GET /account/deletion': {},
  'POST /account/deletion': {
    'a bad body': { path: '/account/deletion', body: NOT_AN_OBJECT, refused: 'invalidBody' },
  },
  'DELETE /account/deletion': {},
  'GET /scheduled-posts': {},
  'POST /scheduled-posts': {
    'a bad body': { path: '/scheduled-posts', body: NOT_AN_OBJECT, refused: 'invalidBody' },
    'a limit hit': { path: '/scheduled-posts', body: { postData: { text: 'Later' }, publishAt: new Date(Date.now() + 400 * 24 * 3_600_000).toISOString() }, refused: 'scheduleTimeInvalid' },
  },
  'POST /scheduled-posts/:id': {
    'a bad body': { path: '/scheduled-posts/no-such-post', body: NOT_AN_OBJECT, refused: 'invalidBody' },
    'a missing id': { path: '/scheduled-posts/no-such-post', body: { publishAt: new Date(Date.now() + 3_600_000).toISOString() }, refused: 'scheduledPostNotFound' },
  },
  'DELETE /scheduled-posts/:id': {
    'a missing id': { path: '/scheduled-posts/no-such-post', refused: 'scheduledPostNotFound' },
  },
  'POST /account/import': {
    'a bad body': { path: '/account/import', body: NOT_AN_OBJECT, refused: 'invalidBody' },
    'a limit hit': { path: '/account/import', body: { format: LIMITS.dataFormat, posts: [], bookmarks: Array.from({ length: LIMITS.importListMax + 1 }, () => 'a-post') }, refused: 'importTooMany' },
  },
  'GET /sessions': {},
  'POST /sessions/end-others': {},
  'POST /sessions/end/:sessionId': {
    'a missing id': { path: '/sessions/end/no-such-session', refused: 'sessionNotFound' },
  },
  'GET /search/posts': {
    'a limit hit': { path: `/search/posts?q=${'a'.repeat(LIMITS.searchQueryMax + 1)}`, refused: 'searchTooLong' },
  },
  'GET /users/:userId/followers': {
    'a missing id': { path: `/users/${missingMember}/followers`, refused: 'userNotFound' },
    ...pageLimitHit(`/users/${SEED_USER_IDS.ava}/followers?limit=101`),
  },
  'GET /users/:userId/following': {
    'a missing id': { path: `/users/${missingMember}/following`, refused: 'userNotFound' },
    ...pageLimitHit(`/users/${SEED_USER_IDS.ava}/following?limit=0`),
  },
  'GET /posts/:postId/likes': {
    'a missing id': { path: `/posts/${missingPost}/likes`, refused: 'postNotFound' },
    ...pageLimitHit(`/posts/${othersPost}/likes?limit=101`),
  },
  'GET /users': {},
  'POST /users/edit': {
    "another member's resource": { path: '/users/edit', body: { userData: { username: 'liam_chen' } }, refused: 'usernameImmutable' },
    'a bad body': { path: '/users/edit', body: NOT_AN_OBJECT, refused: 'invalidBody' },
    'a limit hit': { path: '/users/edit', body: { userData: { userBio: tooLong(LIMITS.bioMax) } }, refused: 'bioTooLong' },
  },
  'POST /users/follow/:userId': notFound('/users/follow/:userId'),
  'POST /users/unfollow/:userId': notFound('/users/unfollow/:userId'),
  'GET /users/:userId': notFound('/users/:userId'),
  'POST /users/mute/:userId': {
    ...notFound('/users/mute/:userId'),
    "another member's resource": { path: `/users/mute/${SEED_USER_IDS.ava}`, refused: 'cannotMuteSelf' },
  },
  'POST /users/unmute/:userId': notFound('/users/unmute/:userId'),
  'POST /users/block/:userId': {
    ...notFound('/users/block/:userId'),
    "another member's resource": { path: `/users/block/${SEED_USER_IDS.ava}`, refused: 'cannotBlockSelf' },
  },
  'POST /users/unblock/:userId': notFound('/users/unblock/:userId'),
  'GET /users/relation/:userId': notFound('/users/relation/:userId'),
  'GET /users/muted': pageLimitHit('/users/muted?limit=101'),
  'GET /users/suggestions': pageLimitHit('/users/suggestions?limit=101'),
  'GET /users/search': {
    'a limit hit': { path: `/users/search?q=${'a'.repeat(LIMITS.searchQueryMax + 1)}`, refused: 'searchTooLong' },
  },
  'GET /users/blocked': pageLimitHit('/users/blocked?limit=0'),
  'POST /reports': {
    "another member's resource": { path: '/reports', body: { about: { post: ownPost }, reason: 'spam' }, refused: 'cannotReportOwn' },
    'a missing id': { path: '/reports', body: { about: { post: missingPost }, reason: 'spam' }, refused: 'postNotFound' },
    'a bad body': { path: '/reports', body: NOT_AN_OBJECT, refused: 'invalidBody' },
    'a limit hit': { path: '/reports', body: { about: { post: othersPost }, reason: 'spam', comment: tooLong(LIMITS.reportCommentMax) }, refused: 'reportCommentTooLong' },
    blocked: { path: '/reports', body: { about: { post: othersPost }, reason: 'spam' }, refused: 'postNotFound' },
  },
  'GET /reports/mine': {},
  'GET /health': {},
  // The caller, demo_user, is a member: what is for admins or moderators is refused (`moderation`).
  'GET /rules': {},
  'PUT /rules': {
    'a bad body': { path: '/rules', body: NOT_AN_OBJECT, refused: 'invalidBody' },
    'a role it lacks': { path: '/rules', body: { rules: [] }, refused: 'notAdmin' },
  },
  'GET /moderation/staff': {
    'a role it lacks': { path: '/moderation/staff', refused: 'notStaff' },
  },
  'PUT /moderation/members/:memberId/role': {
    'a bad body': { path: `/moderation/members/${liam}/role`, body: NOT_AN_OBJECT, refused: 'invalidBody' },
    'a role it lacks': { path: `/moderation/members/${DEMO_USER_ID}/role`, body: { role: 'moderator' }, refused: 'notAdmin' },
  },
  'GET /moderation/reports': {
    'a role it lacks': { path: '/moderation/reports?status=open', refused: 'notStaff' },
  },
  'GET /moderation/reports/count': {
    'a role it lacks': { path: '/moderation/reports/count', refused: 'notStaff' },
  },
  'POST /moderation/actions': {
    'a bad body': { path: '/moderation/actions', body: NOT_AN_OBJECT, refused: 'invalidBody' },
    'a role it lacks': { path: '/moderation/actions', body: { subject: { post: othersPost }, action: 'remove', reason: 'Spam' }, refused: 'notStaff' },
  },
  'GET /moderation/audit': {
    'a role it lacks': { path: '/moderation/audit', refused: 'notAdmin' },
  },
  'GET /moderation/notices': {},
  'GET /moderation/restricted': {
    'a role it lacks': { path: '/moderation/restricted', refused: 'notStaff' },
  },
};

const keyOf = (route: RouteSpec): string => `${route.method.toUpperCase()} ${route.path}`;

/** A path of the route with the demo member's own post or id in it: what the token columns call. */
function ownPath(route: RouteSpec): string {
  return route.path.replace(':postId', ownPost).replace(':userId', 'no-matter').replace(':username', 'demo_user').replace(':replyId', othersReply);
}

function validBodyOf(route: RouteSpec): unknown {
  if (route.path === '/auth/signup') return { ...SAMPLE_SIGNUP, username: 'grid_joiner' };
  return route.path.endsWith('/replies') ? validReply : validPost;
}

/** A key one character short of the shortest: every create that reads a key refuses it the same way. */
const SHORT_KEY = 'k'.repeat(LIMITS.idempotencyKeyMin - 1);

/** Liam blocks the caller (demo_user), for the 'blocked' column. */
async function arrangeBlock(): Promise<void> {
  const snapshot = await target().snapshot();
  const blocker = snapshot.users.find((user) => user.id === liam);
  if (!blocker) throw new Error('Liam is missing from the seed');
  blocker.blocking = [DEMO_USER_ID];
  await target().load(snapshot);
}

/** Liam's reply to Noah's post, for the routes that act on a reply. */
async function arrangeReply(): Promise<void> {
  const snapshot = await target().snapshot();
  snapshot.replies = [{
    id: othersReply, postId: seedPostId(8), authorId: SEED_USER_IDS.liam, content: 'Nice path', replyToId: null, replyToAuthorId: null,
    likedBy: [], createdAt: '2025-06-01T09:00:00.000Z',
  }];
  await target().load(snapshot);
}

function casesOf(route: RouteSpec): Array<[Column, Case]> {
  const listed = GRID[keyOf(route)] ?? {};
  const tokenCases: Partial<Record<Column, Case>> = route.auth
    ? {
      'no token': { path: ownPath(route), body: listed['a bad body'] ? validBodyOf(route) : undefined, refused: 'tokenInvalid' },
      'bad token': { path: ownPath(route), body: listed['a bad body'] ? validBodyOf(route) : undefined, refused: 'tokenInvalid' },
    }
    : {};
  // Every create that reads an Idempotency-Key refuses a malformed one, with an otherwise valid call.
  const keyCases: Partial<Record<Column, Case>> = route.idempotent
    ? { 'a bad idempotency key': { path: ownPath(route), body: validBodyOf(route), headers: { 'idempotency-key': SHORT_KEY }, refused: 'idempotencyKeyInvalid' } }
    : {};
  const all: Partial<Record<Column, Case>> = { ...tokenCases, ...keyCases, ...listed };
  return COLUMNS.flatMap((column) => {
    const found = all[column];
    return found ? [[column, found] as [Column, Case]] : [];
  });
}

async function authorizationFor(column: Column): Promise<string | undefined> {
  if (column === 'no token') return undefined;
  if (column === 'bad token') return 'Bearer not.a.token';
  return tokenFor('demo_user');
}

describe('the grid of refusals', () => {
  it('lists every route of the contract', () => {
    expect(Object.keys(GRID).sort()).toEqual(ROUTES.map(keyOf).sort());
  });

  it('reads an Idempotency-Key on the three creates, and on no other route', () => {
    expect(ROUTES.filter((route) => route.idempotent).map(keyOf).sort()).toEqual(['POST /auth/signup', 'POST /posts', 'POST /posts/:postId/replies']);
  });

  describe.each(ROUTES.map((route) => [keyOf(route), route] as const))('%s', (_key, route) => {
    const cases = casesOf(route);
    if (cases.length === 0) {
      it('has nothing to refuse: a public call without an id, a body or a limit', () => {
        expect(route.auth).toBe(false);
      });
      return;
    }
    it.each(cases)('refuses %s with its status, message and code, and changes nothing', async (column, refusalCase) => {
      if (route.path.includes('replies')) await arrangeReply();
      if (column === 'blocked') await arrangeBlock();
      const before = await target().snapshot();
      const result = await call(route.method.toUpperCase() as Method, refusalCase.path, {
        body: refusalCase.body,
        headers: refusalCase.headers,
        authorization: await authorizationFor(column),
      });
      expect({ status: result.status, body: result.json }).toEqual({ status: MESSAGE_STATUS[refusalCase.refused], body: errorBody(refusalCase.refused) });
      expect(await target().snapshot()).toEqual(before);
    });
  });
});
