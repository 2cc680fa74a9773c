/** A page at one fixed URL: the route's pattern is its link. */
function page<Path extends string>(path: Path) {
  return { pattern: path, href: (): Path => path };
}

/** Route patterns and href builders: the one place that knows the app's URLs. */
export const paths = {
  home: page('/'),
  login: page('/login'),
  signup: page('/signup'),
  /** A forgotten password: the link asked for, and the page it opens (the `accounts` extension). */
  forgotPassword: page('/forgot-password'),
  resetPassword: page('/reset-password'),
  /** The page a mailed link opens to confirm an email address. */
  confirmEmail: page('/confirm-email'),
  bookmarks: page('/bookmark'),
  post: { pattern: '/posts/:postId', href: (postId: string) => `/posts/${encodeURIComponent(postId)}` },
  /** One reply on its post's page: the page lands on it. */
  reply: { href: (postId: string, replyId: string) => `/posts/${encodeURIComponent(postId)}#${REPLY_ANCHOR}${encodeURIComponent(replyId)}` },
  profile: { pattern: '/users/:userId', href: (userId: string) => `/users/${encodeURIComponent(userId)}` },
  explore: page('/explore'),
  /** The posts with a tag: `tag` as a text writes it, without its "#". */
  tag: { pattern: '/tags/:tag', href: (tag: string) => `/tags/${encodeURIComponent(tag)}` },
  /** Search: `q` as typed, on its Posts tab (or People). */
  search: {
    pattern: '/search',
    href: (q = '', tab: 'posts' | 'people' = 'posts') => `/search?${new URLSearchParams({ q, in: tab }).toString()}`,
  },
  createPost: page('/createpost'),
  notifications: page('/notifications'),
  /** The members the member mutes and blocks (the `mute-block` extension). */
  mutedAndBlocked: page('/settings/muted-and-blocked'),
  /** The member's account: their email address and their devices (the `accounts` extension). */
  account: page('/settings/account'),
  /** The member's posts waiting to be published (the `scheduled-posts` extension). */
  scheduledPosts: page('/scheduled'),
  /** The moderators' queue, and for admins the audit log (the `moderation` extension). */
  moderation: page('/moderation'),
  error: page('/error'),
} as const;

/** The start of a reply's anchor: `#reply-<id>` names the reply a post's page lands on. */
export const REPLY_ANCHOR = 'reply-';

/** The reply a location's hash names (`#reply-<id>`), or undefined. */
export function replyOfHash(hash: string): string | undefined {
  const anchor = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!anchor.startsWith(REPLY_ANCHOR)) return undefined;
  try {
    const id = decodeURIComponent(anchor.slice(REPLY_ANCHOR.length));
    return id === '' ? undefined : id;
  } catch {
    return undefined;
  }
}

/** A path without its trailing slashes ('/login/' is '/login'; '/' stays): the router matches both. */
export function withoutTrailingSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
}

/**
 * The in-app location a navigation kept in its `state.from` (pathname, search and hash: where a member
 * was sent away from), or null. Anything that is not an in-app path is ignored.
 */
export function keptLocation(state: unknown): { pathname: string; href: string } | null {
  if (!state || typeof state !== 'object' || !('from' in state)) return null;
  const from = (state as { from: unknown }).from;
  if (!from || typeof from !== 'object') return null;
  const { pathname, search, hash } = from as { pathname?: unknown; search?: unknown; hash?: unknown };
  if (typeof pathname !== 'string' || !pathname.startsWith('/') || pathname.startsWith('//')) return null;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return { pathname, href: `${pathname}${text(search)}${text(hash)}` };
}

/** Routes where the top bar hides people search and logout. */
export const PUBLIC_CHROME_PATHS: readonly string[] = [paths.signup.pattern, paths.login.pattern, paths.forgotPassword.pattern, paths.resetPassword.pattern, paths.confirmEmail.pattern, paths.error.pattern];
