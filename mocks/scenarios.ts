/**
 * QA scenarios: a named seed plus handler overrides placed before the normal handlers.
 * Pick one with ?scenario=<name> in the browser, MOCK_SCENARIO at build time, or useScenario(name)
 * in a test.
 */
import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import type { MessageKey } from '../contract/messages';
import { MEMBER_ROUTES, ROUTES, type RouteSpec } from '../contract/routes';
import { buildBusySeed } from '../contract/seed/busy';
import { notificationKey } from '../contract/rules/notifications';
import { buildDefaultSeed, DEMO_USER_ID, SEED_USER_IDS, seedPostId } from '../contract/seed/default';
import type { DbSnapshot, NotificationRecord, PostRecord, ReportRecord } from '../contract/snapshot';
import type { MockContext } from './context';
import { errorResponse, pathsOf, routeUrl, toHandler } from './handlers';

export const SCENARIO_NAMES = ['default', 'empty', 'new-member', 'busy', 'slow', 'server-error', 'offline', 'expired-session', 'read-only', 'spec-only', 'two-factor', 'reposts', 'moderation'] as const;

export type ScenarioName = (typeof SCENARIO_NAMES)[number];

export const DEFAULT_SCENARIO: ScenarioName = 'default';

export interface Scenario {
  name: ScenarioName;
  /** What QA will see (README table). */
  description: string;
  buildSeed: () => DbSnapshot;
  /** Handlers placed before the normal ones. */
  overrides: (ctx: MockContext) => HttpHandler[];
}

export function isScenarioName(value: unknown): value is ScenarioName {
  return typeof value === 'string' && (SCENARIO_NAMES as readonly string[]).includes(value);
}

/** The default seed with no posts at all (members and follows stay). */
function buildEmptySeed(): DbSnapshot {
  const seed = buildDefaultSeed();
  // Notifications about posts go with them; those of follows stay.
  const notifications = (seed.notifications ?? []).filter((notification) => notification.postId === null);
  return { ...seed, posts: [], users: seed.users.map((user) => ({ ...user, bookmarks: [] })), notifications };
}

/** The default seed where the demo member has just joined: follows nobody, no followers, posts, likes, bookmarks or notifications. */
function buildNewMemberSeed(): DbSnapshot {
  const seed = buildDefaultSeed();
  const posts = seed.posts
    .filter((post) => post.authorId !== DEMO_USER_ID)
    .map((post) => ({
      ...post,
      likedBy: post.likedBy.filter((id) => id !== DEMO_USER_ID),
      dislikedBy: post.dislikedBy.filter((id) => id !== DEMO_USER_ID),
    }));
  const postIds = new Set(posts.map((post) => post.id));
  const users = seed.users.map((user) => ({
    ...user,
    followers: user.id === DEMO_USER_ID ? [] : user.followers.filter((id) => id !== DEMO_USER_ID),
    following: user.id === DEMO_USER_ID ? [] : user.following.filter((id) => id !== DEMO_USER_ID),
    bookmarks: user.id === DEMO_USER_ID ? [] : user.bookmarks.filter((id) => postIds.has(id)),
  }));
  const { notifications: _none, ...rest } = seed;
  return { ...rest, users, posts };
}

/**
 * NOT SECURE, as the stand-in's every password: the key of the demo member's authenticator in the
 * `two-factor` scenario, and their recovery codes, for QA to log in with (the README lists them; the
 * workbench shows the code of the moment).
 */
export const TWO_FACTOR_DEMO = {
  secret: 'SOCIALCONNECTDEMOTWOFACTORKEY234',
  recoveryCodes: ['m9epx-bc5ud', 'nvb8t-gbcqq', 'chcuq-b5vd9', 'hxxv9-bvvpb', 'hbu6e-kqeud', 'vku5y-fdvvx', 'gnduz-cvbwg', 'syuq3-mrv8r', 'nkh4f-z3hcv', 'kts7m-2rkwc'],
  /** Their SHA-256 (without the hyphen), as a store keeps them, in the same order. */
  recoveryCodeHashes: [
    'a3847f94dc79c19f25f183fb0dea0ec49242e465b302b472797e3d501e6004ab', 'b46c9488062e3582c206d1956d4b414370da44ba36d19f10088598954ece3e09',
    '8eced7ad178c69104dcdc2f20a04c71667fc2450f5654726fcd55662d5b34552', 'cbb60d56ac33401cb93424473d0b76783e88186c326240931309ca04b365d4e0',
    '287f69901c1866b273fb506b09b861ea133a105b2f81b37445f45e93b9b6be71', '5663f02b87ac5a43b2806048cb49de9d08b9f41586eb3fb3eb4a3a6790f75c1d',
    '226e1e9d07fff5d43695947d31339e9b7d592b3f3b4d0c900954066581fbe9d5', 'c6b1c0908306d1fbd52c5aaf76612048c2169e05b7fb834ea8e496faa6f3156a',
    '35a5e917678028d24b086fc7a83278d06862a9b86c04d03d46c6955c6d3de460', '8d4faf8adaee40631e57479dd06948b9d70e5b0072da705b1077091acbbb0f98',
  ],
} as const;

/** The default seed where the demo member has two-factor sign-in on, with TWO_FACTOR_DEMO's key. */
function buildTwoFactorSeed(): DbSnapshot {
  const seed = buildDefaultSeed();
  const twoFactor = { secret: TWO_FACTOR_DEMO.secret, lastStep: 0, recoveryCodeHashes: [...TWO_FACTOR_DEMO.recoveryCodeHashes], enabledAt: '2026-01-05T09:00:00.000Z' };
  return { ...seed, users: seed.users.map((user) => (user.id === DEMO_USER_ID ? { ...user, twoFactor } : user)) };
}

/** Where the `reposts` scenario's rows are, for its test. */
export const REPOSTS_DEMO = {
  /** Liam's repost of Zoe's dunes. */
  repostId: 'b0570000-0000-4000-8000-000000000001',
  repostedPostId: seedPostId(4),
  /** Maya's quote of Noah's ride. */
  quoteId: 'b0570000-0000-4000-8000-000000000002',
  quotedPostId: seedPostId(8),
  /** Liam's quote of a post deleted since. */
  quoteOfGoneId: 'b0570000-0000-4000-8000-000000000003',
  goneId: 'b0570000-0000-4000-8000-0000000000ff',
} as const;

/**
 * The seed with reposts and quotes (the `reposts` extension): Liam reposted Zoe's dunes and Maya
 * quoted Noah's ride (both in demo_user's Home, the newest there), Liam quoted a post deleted since,
 * Noah lets nobody quote his posts, and Zoe and Noah were told.
 */
function buildRepostsSeed(): DbSnapshot {
  const seed = buildDefaultSeed();
  const { liam, maya, noah, zoe } = SEED_USER_IDS;
  const at = (hour: number) => new Date(Date.UTC(2025, 4, 21, hour)).toISOString();
  const post = (id: string, authorId: string, content: string, hour: number, link: { repostOf: string } | { quoteOf: string }): PostRecord => ({
    id, authorId, content, postImage: '', likedBy: [], dislikedBy: [], createdAt: at(hour), updatedAt: at(hour), ...link,
  });
  const told = (id: string, recipientId: string, kind: 'repost' | 'quote', actorId: string, postId: string, hour: number): NotificationRecord => ({
    id, recipientId, kind, key: notificationKey({ kind, actorId, postId }), postId, replyId: null, actorIds: [actorId], unread: true, updatedAt: at(hour),
  });
  return {
    ...seed,
    users: seed.users.map((user) => (user.id === noah ? { ...user, quotePolicy: 'nobody' } : user)),
    posts: [
      ...seed.posts,
      post(REPOSTS_DEMO.quoteOfGoneId, liam, 'Wish I had saved this one: it was the best sunrise of the spring.', 8, { quoteOf: REPOSTS_DEMO.goneId }),
      post(REPOSTS_DEMO.repostId, liam, '', 9, { repostOf: REPOSTS_DEMO.repostedPostId }),
      post(REPOSTS_DEMO.quoteId, maya, 'Fifty kilometres! Save me a seat on the next ride.', 10, { quoteOf: REPOSTS_DEMO.quotedPostId }),
    ],
    notifications: [
      ...(seed.notifications ?? []),
      told('b0570000-0000-4000-8000-000000000011', zoe, 'repost', liam, REPOSTS_DEMO.repostedPostId, 9),
      told('b0570000-0000-4000-8000-000000000012', noah, 'quote', maya, REPOSTS_DEMO.quotedPostId, 10),
    ],
  };
}

/** The `moderation` scenario's rules, as an admin wrote them. */
export const MODERATION_DEMO = {
  rules: [
    { id: 'a0de0000-0000-4000-8000-000000000001', title: 'Be kind', description: 'Disagree with ideas, never with people. No insults, threats or harassment.' },
    { id: 'a0de0000-0000-4000-8000-000000000002', title: 'Share what is yours', description: 'Post photos and words you made or may share, and say where the rest comes from.' },
    { id: 'a0de0000-0000-4000-8000-000000000003', title: 'No spam', description: '' },
  ],
} as const;

/**
 * The seed with roles and rules (the `moderation` extension): demo_user is an admin, Maya a
 * moderator, the network has three rules, which signup shows, and four open reports about three
 * subjects wait in the moderators' queue.
 */
function buildModerationSeed(): DbSnapshot {
  const seed = buildDefaultSeed();
  const { maya, liam, noah, zoe } = SEED_USER_IDS;
  const [kind, , spam] = MODERATION_DEMO.rules;
  const usernames = new Map(seed.users.map((user) => [user.id, user.username]));
  const postContent = (n: number): ReportRecord['content'] => {
    const post = seed.posts.find((candidate) => candidate.id === seedPostId(n));
    if (!post) throw new Error(`the seed has no post ${n}`);
    return { kind: 'post', authorId: post.authorId, username: usernames.get(post.authorId) ?? '', text: post.content, images: post.postImage ? [post.postImage] : [], createdAt: post.createdAt };
  };
  const zoeMember = seed.users.find((user) => user.id === zoe);
  // Three subjects wait in the queue: Noah's bike post twice (spam), Zoe's dunes (abuse), and Zoe herself.
  const reports: ReportRecord[] = [
    { id: 'a0de1000-0000-4000-8000-000000000001', reporterId: liam, about: { kind: 'post', id: seedPostId(8) }, reason: 'spam', comment: 'Same link in every post.', rule: { id: spam.id, title: spam.title }, status: 'open', content: postContent(8), createdAt: '2025-06-20T09:00:00.000Z' },
    { id: 'a0de1000-0000-4000-8000-000000000002', reporterId: maya, about: { kind: 'post', id: seedPostId(4) }, reason: 'abuse', comment: '', rule: { id: kind.id, title: kind.title }, status: 'open', content: postContent(4), createdAt: '2025-06-20T10:00:00.000Z' },
    { id: 'a0de1000-0000-4000-8000-000000000003', reporterId: DEMO_USER_ID, about: { kind: 'post', id: seedPostId(8) }, reason: 'spam', comment: 'Advertising.', status: 'open', content: postContent(8), createdAt: '2025-06-20T11:00:00.000Z' },
    {
      id: 'a0de1000-0000-4000-8000-000000000004', reporterId: noah, about: { kind: 'member', id: zoe }, reason: 'other', comment: 'Pretends to be a friend of mine.', status: 'open',
      content: { kind: 'member', firstName: zoeMember?.firstName ?? '', lastName: zoeMember?.lastName ?? '', username: zoeMember?.username ?? '', bio: zoeMember?.userBio ?? '' }, createdAt: '2025-06-20T12:00:00.000Z',
    },
  ];
  return {
    ...seed,
    users: seed.users.map((user) => (user.id === DEMO_USER_ID ? { ...user, role: 'admin' } : user.id === maya ? { ...user, role: 'moderator' } : user)),
    rules: MODERATION_DEMO.rules.map((rule) => ({ ...rule })),
    reports,
  };
}

const none = (): HttpHandler[] => [];

/** Every request under the base, before the normal handlers. */
const everyCall = (ctx: MockContext, resolver: () => Promise<Response | undefined>): HttpHandler[] => [
  http.all(routeUrl(ctx, '/*'), resolver),
];

/** Each of these member routes answers the message `key`, before the normal handlers. */
const memberRoutesAnswer = (ctx: MockContext, specs: readonly RouteSpec[], key: MessageKey): HttpHandler[] =>
  specs.flatMap((spec) => pathsOf(spec).map((path) => (
    http[spec.method](routeUrl(ctx, path), async () => {
      await delay(ctx.delayMs);
      return errorResponse(key);
    })
  )));

/** The calls of the product spec (its section 7): all a backend that answers only the spec has. */
export const SPEC_CALLS: readonly string[] = [
  'post /auth/signup', 'post /auth/login',
  'get /posts', 'get /posts/:postId', 'get /posts/user/:username', 'post /posts', 'delete /posts/:postId',
  'post /posts/edit/:postId', 'post /posts/like/:postId', 'post /posts/dislike/:postId',
  'get /users', 'get /users/:userId', 'post /users/edit', 'get /users/bookmark', 'post /users/bookmark/:postId',
  'post /users/remove-bookmark/:postId', 'post /users/follow/:userId', 'post /users/unfollow/:userId',
];

/**
 * A backend that answers the spec and nothing more: its calls alone, each reading only what the spec
 * sends (no pages, no `Prefer`, no idempotency key); a health answer that lists no extension; 404 to
 * every other call (the live stream, replies, notifications, the feed, logout...).
 */
function specOnlyHandlers(ctx: MockContext): HttpHandler[] {
  const specs = ROUTES.filter((spec) => SPEC_CALLS.includes(`${spec.method} ${spec.path}`));
  if (specs.length !== SPEC_CALLS.length) throw new Error('spec-only: a call of the spec is missing from the contract\'s routes');
  return [
    http.get(routeUrl(ctx, '/health'), async () => {
      await delay(ctx.delayMs);
      return HttpResponse.json({ status: 'ok', extensions: [], demo: true });
    }),
    ...specs.flatMap((spec) => pathsOf(spec).map((path) => toHandler(ctx, spec, path, { specOnly: true }))),
    http.all(routeUrl(ctx, '/*'), async () => {
      await delay(ctx.delayMs);
      return errorResponse('routeNotFound');
    }),
  ];
}

export const SCENARIOS: Readonly<Record<ScenarioName, Scenario>> = {
  default: {
    name: 'default',
    description: 'The seed: 5 members and 20 posts with images. Log in as demo_user / welcome123.',
    buildSeed: buildDefaultSeed,
    overrides: none,
  },
  empty: {
    name: 'empty',
    description: 'The same members but no posts at all: every feed, Explore, Bookmarks and profile show their empty text.',
    buildSeed: buildEmptySeed,
    overrides: none,
  },
  'new-member': {
    name: 'new-member',
    description: 'The demo member has just joined: follows nobody, no followers, no posts, no bookmarks, no notifications; "Who to follow?" lists everyone.',
    buildSeed: buildNewMemberSeed,
    overrides: none,
  },
  busy: {
    name: 'busy',
    description: '10,000 posts from 200 members (the demo member follows 25 of them, and has about 2,600 notifications): for scrolling and performance work.',
    buildSeed: buildBusySeed,
    overrides: none,
  },
  slow: {
    name: 'slow',
    description: 'Every answer takes 3 seconds: loaders, disabled buttons and double clicks.',
    buildSeed: buildDefaultSeed,
    overrides: (ctx) => everyCall(ctx, async () => {
      // Falls through to the normal handler, which adds its own delay: 3 s in all.
      await delay(Math.max(0, ctx.slowDelayMs - ctx.delayMs));
      return undefined;
    }),
  },
  'server-error': {
    name: 'server-error',
    description: 'Every call answers 500: a page that cannot load shows the error page; a change or a form stays on screen and says so in a toast.',
    buildSeed: buildDefaultSeed,
    overrides: (ctx) => everyCall(ctx, async () => {
      await delay(ctx.delayMs);
      return errorResponse('serverError');
    }),
  },
  offline: {
    name: 'offline',
    description: 'Every call fails at the network level, as with no connection: a page read before shows as it was kept, saying from when; a page that cannot load shows the error page, which speaks of the connection; a like, a dislike, a bookmark, a follow or an edit shows at once, "Waiting to send", and goes once a scenario that answers is chosen (a new post or reply too, where the app heard the backend\'s health before); any other change or form stays on screen and says so.',
    buildSeed: buildDefaultSeed,
    overrides: (ctx) => everyCall(ctx, async () => {
      await delay(ctx.delayMs);
      return HttpResponse.error();
    }),
  },
  'expired-session': {
    name: 'expired-session',
    description: 'Every call that needs a login answers 401 (invalid token); logging in works, then the member is sent back to /login.',
    buildSeed: buildDefaultSeed,
    overrides: (ctx) => memberRoutesAnswer(ctx, MEMBER_ROUTES, 'tokenInvalid'),
  },
  'read-only': {
    name: 'read-only',
    description: 'Every page loads, but every change a member makes answers 503 (the service is unavailable): a like or a follow goes back as it was, and the composer, the reply box, the edit windows and Edit Profile keep what was typed, each with a toast.',
    buildSeed: buildDefaultSeed,
    overrides: (ctx) => memberRoutesAnswer(ctx, MEMBER_ROUTES.filter((spec) => spec.writes), 'serviceUnavailable'),
  },
  'spec-only': {
    name: 'spec-only',
    description: 'A backend that answers the product spec and nothing more: its health lists no extension, and every other call (pages, the feed, the live stream, replies, notifications, tags, mute and block, logout) answers 404. The app works as the spec says, with none of the extras.',
    buildSeed: buildDefaultSeed,
    overrides: specOnlyHandlers,
  },
  'two-factor': {
    name: 'two-factor',
    description: 'The seed, where demo_user has two-factor sign-in on: login asks for the code the workbench shows (or a recovery code from the README), and Your account turns it off.',
    buildSeed: buildTwoFactorSeed,
    overrides: none,
  },
  reposts: {
    name: 'reposts',
    description: 'The seed with reposts and quotes: Home opens on Maya\'s quote of Noah\'s ride and Zoe\'s dunes "Reposted by Liam Chen"; Liam\'s profile has a quote of a post deleted since ("This post is no longer available"); Noah lets nobody quote his posts; Zoe and Noah were told.',
    buildSeed: buildRepostsSeed,
    overrides: none,
  },
  moderation: {
    name: 'moderation',
    description: 'The seed with roles and rules: demo_user is an admin (Your account has Moderation: the network\'s rules to edit, and moderators to name), Maya Patel is a moderator, and the network has three rules ("Be kind", "Share what is yours", "No spam"), which signup shows and asks a newcomer to agree to. Four open reports about three subjects (Noah\'s bike post twice, Zoe\'s dunes, Zoe herself) wait in the moderators\' queue.',
    buildSeed: buildModerationSeed,
    overrides: none,
  },
};

export function getScenario(name: ScenarioName): Scenario {
  return SCENARIOS[name];
}

/** What QA will see, per scenario (for the README table). */
export const SCENARIO_DESCRIPTIONS: Readonly<Record<ScenarioName, string>> = Object.fromEntries(
  SCENARIO_NAMES.map((name) => [name, SCENARIOS[name].description]),
) as Record<ScenarioName, string>;

export interface ScenarioChoice {
  name: ScenarioName;
  /** True when chosen through ?scenario= now: the store starts again from the seed. */
  fromUrl: boolean;
  /** Set when an unknown name was asked for (then the choice falls back to default). */
  warning?: string;
}

/**
 * The scenario for this tab: ?scenario= in the URL, else the one remembered for the tab, else the
 * build-time one, else default. An unknown name falls back to default with a warning.
 */
export function chooseScenario(input: { search: string; remembered?: string | null; buildTime?: string | null }): ScenarioChoice {
  const fromUrl = new URLSearchParams(input.search).get('scenario');
  const candidates: Array<[string | null | undefined, boolean]> = [[fromUrl, true], [input.remembered, false], [input.buildTime, false]];
  for (const [value, isUrl] of candidates) {
    if (value === null || value === undefined || value.trim() === '') continue;
    const name = value.trim();
    if (isScenarioName(name)) return { name, fromUrl: isUrl };
    return {
      name: DEFAULT_SCENARIO,
      fromUrl: isUrl,
      warning: `Unknown mock scenario "${name}"; using "default". Known scenarios: ${SCENARIO_NAMES.join(', ')}.`,
    };
  }
  return { name: DEFAULT_SCENARIO, fromUrl: false };
}
