import type { FetchArgs } from '@reduxjs/toolkit/query';
import { POST_ORDERS, sortInOrder, timeOf, type PostOrder } from '../../../contract/order';
import { memberMatches, parseMemberSearch, type MemberSearch } from '../../../contract/search';
import type { ApiExtension, BookmarkChange, FollowChange, FollowResponse, MembersFound, MemberSuggestions, Post, PostRemoval, PostResponse, PostsPage, ReactionChange, User } from '../../types/api';

/**
 * The one place that speaks to a backend that answers the spec alone. The app asks in the full
 * contract: lists page by page (`pages`), the home feed built by the backend (`feed`), changes
 * answered by what changed (`return-minimal`). Where the backend lacks the extension a call asks in,
 * the call is sent as the spec has it and its answer is turned into the one the app asked for, so
 * that the rest of the app reads one shape per call.
 *
 * Translated: the lists of posts (every post, the home feed, a member's posts, the member's
 * bookmarks: their pages), whom the member might follow and the members a search finds (from every
 * member), and the answers to changes (a post made, edited or deleted, a like, a
 * bookmark, a follow) where the backend lacks the preferences the app asks them with.
 */
export interface SpecCall {
  /** The calls as the spec has them; none where the spec has no such call, and the answer is the app's own. */
  requests: FetchArgs[];
  /** The spec's answers (one to each request), as the app asked for them; undefined where one lacks what the spec says it has. */
  answer(answers: readonly unknown[]): unknown;
  /**
   * A page of a whole list: the first asks for the list afresh ('first'); a following page is cut from
   * the answers its first page got ('next'), so that scrolling a list of 10,000 posts asks for it once.
   */
  page?: 'first' | 'next';
  /** How long a following page may be cut from the kept answers; past it, the list is asked for afresh. Without it, as long as they are kept. */
  keptForMs?: number;
}

/**
 * How long the people search looks in the members list it asked for: a member who joined since is
 * found by the first search after it, without a reload.
 */
export const MEMBERS_KEPT_MS = 60_000;

/** What the adapter knows of the backend and of who asks. */
export interface SpecBackend {
  /** The extensions the backend listed (GET /health); none from a backend of the spec alone. */
  extensions: readonly ApiExtension[];
  /** The member signed in on this device; null when nobody is. */
  memberId: string | null;
}

/** Every post (spec: GET /posts answers every one). */
const EVERY_POST = '/posts';
/** The home feed (contract: GET /feed?sort=, page by page). */
const FEED = '/feed';
/** The member's bookmarks (spec: GET /users/bookmark answers every one, most recently bookmarked first). */
const BOOKMARKS = '/users/bookmark';
/** A member's posts (spec: GET /posts/user/:username answers every one of them). */
const MEMBER_POSTS = /^\/posts\/user\/[^/?]+$/;
/** A bookmark made or removed (spec: POST /users/bookmark/:postId, /users/remove-bookmark/:postId). */
const BOOKMARK_CHANGE = /^\/users\/(bookmark|remove-bookmark)\/([^/?]+)$/;
/** A follow made or ended (spec: POST /users/follow/:userId, /users/unfollow/:userId). */
const FOLLOW_CHANGE = /^\/users\/(follow|unfollow)\/([^/?]+)$/;
/** A like or a dislike (spec: POST /posts/like/:postId, /posts/dislike/:postId). */
const REACTION = /^\/posts\/(like|dislike)\/([^/?]+)$/;
/** A post made (spec: POST /posts). */
const CREATE = /^\/posts\/?$/;
/** A post's text changed (spec: POST /posts/edit/:postId). */
const EDIT = /^\/posts\/edit\/([^/?]+)$/;
/** A post deleted (spec: DELETE /posts/:postId). */
const ONE_POST = /^\/posts\/([^/?]+)$/;

/** Whom the member might follow (contract: GET /users/suggestions?limit=; spec: every member, GET /users). */
const SUGGESTIONS = '/users/suggestions';
/** Every member (spec: GET /users). */
const EVERY_MEMBER = '/users';
/** People by name, or one by username (contract: GET /users/search; spec: every member, GET /users). */
const MEMBER_SEARCH = '/users/search';

/** Ending this device's session on the backend: a call of the contract that the spec does not have. */
const LOGOUT = '/auth/logout';
/** Joining (spec: POST /auth/signup with four fields; `accounts` keeps the form's email too). */
const SIGNUP = '/auth/signup';

/**
 * The call `request` as `backend` would take it: undefined when the backend takes it as it is. A
 * backend that lists no extension answers the spec alone: it has none of the contract's own calls
 * either (logout), so those are not sent to it.
 */
export function inSpecTerms(request: FetchArgs, { extensions, memberId }: SpecBackend): SpecCall | undefined {
  const has = (extension: ApiExtension) => extensions.includes(extension);
  const method = (request.method ?? 'GET').toUpperCase();
  const [path = '', search = ''] = request.url.split('?');
  const asked = { ...request, url: path };
  // The session ends on this device whatever the backend does; a backend of the spec keeps no sessions.
  if (method === 'POST' && path === LOGOUT && extensions.length === 0) return { requests: [], answer: () => ({}) };
  // The spec's form asks for an email address and never sends it: a backend without `accounts` is not given it.
  if (method === 'POST' && path === SIGNUP && !has('accounts') && isRecord(request.body) && 'email' in request.body) {
    const { email: _email, ...specBody } = request.body;
    return { requests: [{ ...request, body: specBody }], answer: ([data]) => data };
  }
  if (method === 'GET' && !has('pages')) {
    if (path === BOOKMARKS) return pagesOf([asked], search, ([data]) => bookmarksIn(data));
    // Newest first, as the pages are; the spec's lists have no order of their own.
    if (path === EVERY_POST || MEMBER_POSTS.test(path)) return pagesOf([asked], search, ([data]) => inOrder(postsIn(data), 'latest'));
  }
  if (method === 'GET' && path === FEED && !has('feed') && memberId) {
    const order = orderOf(new URLSearchParams(search).get('sort'));
    const member: FetchArgs = { url: `/users/${encodeURIComponent(memberId)}` };
    return pagesOf([{ ...asked, url: EVERY_POST }, member], search, ([posts, user]) => inOrder(feedOf(postsIn(posts), memberId, userIn(user)), order));
  }
  if (method === 'GET' && path === SUGGESTIONS && !has('suggestions')) {
    const limit = Number(new URLSearchParams(search).get('limit'));
    const member: FetchArgs[] = memberId ? [{ url: `/users/${encodeURIComponent(memberId)}` }] : [];
    return { requests: [{ ...asked, url: EVERY_MEMBER }, ...member], answer: ([users, user]) => suggestionsOf(usersIn(users), memberId, userIn(user), limit) };
  }
  // Every member once, kept as a list's first page is: each search for a minute after it looks in that answer.
  if (method === 'GET' && path === MEMBER_SEARCH && !has('member-search')) {
    const query = new URLSearchParams(search);
    const limit = Number(query.get('limit'));
    const lookup = memberSearchOf(query);
    return { requests: [{ ...asked, url: EVERY_MEMBER }], answer: ([users]) => membersFoundIn(usersIn(users), lookup, limit), page: 'next', keptForMs: MEMBERS_KEPT_MS };
  }
  const preferences = preferencesOf(request);
  if (preferences.length === 0) return undefined;
  // What of the preferences asked the backend has: counts come only beside a changed-only answer.
  const sent = preferences.filter((preference) => (preference === 'return=minimal' ? has('return-minimal') : has('return-minimal') && has(preference as ApiExtension)));
  if (sent.length === preferences.length) return undefined;
  // Sent with the preferences the backend has; where the answer to them is the one asked for already, read as it is.
  const answer = changeAnswer(method, path, sent, memberId) ?? ((data: unknown) => data);
  return { requests: [withPreferences(request, sent)], answer: ([data]) => answer(data) };
}

/**
 * How the answer to a change sent with the preferences `sent` (fewer than the app asked) is read as
 * the one asked for: the spec's every post, or a changed-only answer without its counts.
 */
function changeAnswer(method: string, path: string, sent: readonly string[], memberId: string | null): ((data: unknown) => unknown) | undefined {
  const minimal = sent.includes('return=minimal');
  // Without return=minimal the spec's answer holds every post; with it, the post that changed.
  const postOf = (data: unknown, postId: string) => (minimal ? postIn(data) : postsIn(data)?.find((post) => post.id === postId));
  const reaction = method === 'POST' ? REACTION.exec(path) : null;
  if (reaction) {
    const postId = decodeURIComponent(reaction[2] ?? '');
    return (data): ReactionChange | undefined => countsOf(postOf(data, postId), memberId);
  }
  // Both members, with return=minimal or without.
  const follow = method === 'POST' ? FOLLOW_CHANGE.exec(path) : null;
  if (follow) return (data) => followChangeOf(data, follow[1] === 'follow');
  // The rest answer return=minimal as asked.
  if (minimal) return undefined;
  const bookmark = method === 'POST' ? BOOKMARK_CHANGE.exec(path) : null;
  if (bookmark) {
    const bookmarked = bookmark[1] === 'bookmark';
    const postId = decodeURIComponent(bookmark[2] ?? '');
    return (data): BookmarkChange | undefined => {
      const bookmarks = bookmarksIn(data);
      if (!bookmarks) return undefined;
      return { postId, bookmarked, post: bookmarked ? bookmarks.find((post) => post.id === postId) : undefined };
    };
  }
  const edit = method === 'POST' ? EDIT.exec(path) : null;
  if (edit) {
    const postId = decodeURIComponent(edit[1] ?? '');
    return (data): PostResponse | undefined => wrapPost(postOf(data, postId));
  }
  // The post just made: the member's newest in the spec's every post.
  if (method === 'POST' && CREATE.test(path)) return (data): PostResponse | undefined => wrapPost(newestBy(postsIn(data), memberId));
  const removal = method === 'DELETE' ? ONE_POST.exec(path) : null;
  if (removal) return (data): PostRemoval | undefined => (postsIn(data) ? { postId: decodeURIComponent(removal[1] ?? '') } : undefined);
  return undefined;
}

/** A like's or a dislike's counts, as `reaction-counts` answers them, from the post after it. */
function countsOf(post: Post | undefined, memberId: string | null): ReactionChange | undefined {
  if (!post?.likes) return undefined;
  const { likedBy = [], dislikedBy = [] } = post.likes;
  const reaction = likedBy.some((member) => member._id === memberId) ? 'like' : dislikedBy.some((member) => member._id === memberId) ? 'dislike' : null;
  return { postId: post.id, likeCount: post.likes.likeCount, dislikeCount: dislikedBy.length, reaction };
}

/** A follow's relation and counts, as `change-counts` answers them, from the spec's two members after it. */
function followChangeOf(data: unknown, following: boolean): FollowChange | undefined {
  const { user, followUser } = (data ?? {}) as Partial<FollowResponse>;
  if (!user || !followUser || !Array.isArray(user.following) || !Array.isArray(followUser.followers)) return undefined;
  return { userId: followUser._id, following, followerCount: followUser.followers.length, followingCount: user.following.length };
}

function wrapPost(post: Post | undefined): PostResponse | undefined {
  return post && { post };
}

/** The newest of the member's posts (a post's `_id` is its author's, spec section 3). */
function newestBy(posts: Post[] | undefined, memberId: string | null): Post | undefined {
  return inOrder(posts?.filter((post) => post._id === memberId), 'latest')?.[0];
}

/** The preferences a call asks for (its `Prefer` header), each alone. */
function preferencesOf(request: FetchArgs): string[] {
  const prefer = new Headers(request.headers as HeadersInit | undefined).get('prefer') ?? '';
  return prefer.split(',').map((preference) => preference.trim()).filter((preference) => preference !== '');
}

function withPreferences(request: FetchArgs, preferences: readonly string[]): FetchArgs {
  const headers = new Headers(request.headers as HeadersInit | undefined);
  if (preferences.length > 0) headers.set('prefer', preferences.join(', '));
  else headers.delete('prefer');
  return { ...request, headers };
}

/**
 * The home feed (spec section 4): the member's own posts and those of the members they follow; none
 * until both the posts and the member's record are in.
 */
function feedOf(posts: Post[] | undefined, memberId: string, member: User | undefined): Post[] | undefined {
  if (!posts || !member) return undefined;
  const followed = new Set(member.following.map((entry) => entry._id));
  return posts.filter((post) => post._id === memberId || post.username === member.username || followed.has(post._id));
}

/**
 * Whom the member might follow (spec section 2's "Who to follow?"), as `suggestions` answers them:
 * every member but the member and those they follow, in the list's order, the first `limit`; none
 * until both the list and the member's record are in (everyone but nobody, for a caller logged out).
 */
function suggestionsOf(users: User[] | undefined, memberId: string | null, member: User | undefined, limit: number): MemberSuggestions | undefined {
  if (!users || (memberId && !member)) return undefined;
  const followed = new Set(member?.following.map((entry) => entry._id));
  return firstMembers(users.filter((user) => user._id !== memberId && !followed.has(user._id)), limit);
}

/** What a member search asks for; nothing (a name of no letters) where it asks for too much. */
function memberSearchOf(query: URLSearchParams): MemberSearch {
  try {
    return parseMemberSearch({ q: query.get('q') ?? undefined, username: query.get('username') ?? undefined });
  } catch {
    return { name: '' };
  }
}

/** The members a search finds, as `member-search` answers them, from every member: in the list's order, the first `limit`. */
function membersFoundIn(users: User[] | undefined, lookup: MemberSearch, limit: number): MembersFound | undefined {
  return users && firstMembers(users.filter((user) => memberMatches(user, lookup)), limit);
}

/** The first `limit` of `found` (all of them for no limit) as summaries, and how many there are. */
function firstMembers(found: readonly User[], limit: number): MembersFound {
  const shown = Number.isInteger(limit) && limit > 0 ? found.slice(0, limit) : found;
  return { users: shown.map(({ _id, username, firstName, lastName, image }) => ({ _id, username, firstName, lastName, image })), total: found.length };
}

/** The order a feed is asked in; latest where it names none the contract has. */
function orderOf(sort: string | null): PostOrder {
  return POST_ORDERS.find((order) => order === sort) ?? 'latest';
}

/** A page asked for by `search` (its limit and cursor), cut from the whole list `request` answers. */
function pagesOf(requests: FetchArgs[], search: string, listOf: (answers: readonly unknown[]) => Post[] | undefined): SpecCall | undefined {
  const query = new URLSearchParams(search);
  const limit = Number(query.get('limit'));
  if (!Number.isInteger(limit) || limit < 1) return undefined;
  const cursor = query.get('cursor');
  return { requests, answer: (answers) => pageOf(listOf(answers), limit, cursor), page: cursor ? 'next' : 'first' };
}

/** The spec's bookmarks answer's list; undefined where it has none (spec section 7: such an answer is ignored). */
function bookmarksIn(data: unknown): Post[] | undefined {
  const bookmarks = (data as { bookmarks?: unknown } | null | undefined)?.bookmarks;
  return Array.isArray(bookmarks) ? (bookmarks as Post[]) : undefined;
}

/** The spec's posts answer's list; undefined where it has none (spec section 7). */
function postsIn(data: unknown): Post[] | undefined {
  const posts = (data as { posts?: unknown } | null | undefined)?.posts;
  return Array.isArray(posts) ? (posts as Post[]) : undefined;
}

/** A changed-only answer's post; undefined where it has none. */
function postIn(data: unknown): Post | undefined {
  const post = (data as { post?: unknown } | null | undefined)?.post;
  return post && typeof post === 'object' ? (post as Post) : undefined;
}

/** The spec's members answer's list; undefined where it has none (spec section 7). */
function usersIn(data: unknown): User[] | undefined {
  const users = (data as { users?: unknown } | null | undefined)?.users;
  return Array.isArray(users) ? (users as User[]) : undefined;
}

/** The spec's user answer's member; undefined where it has none. */
function userIn(data: unknown): User | undefined {
  const user = (data as { user?: Partial<User> } | null | undefined)?.user;
  return user && typeof user === 'object' && Array.isArray(user.following) ? (user as User) : undefined;
}

/** Posts in an order, by the contract's one rule (the backends' own). */
function inOrder(posts: Post[] | undefined, order: PostOrder): Post[] | undefined {
  return posts && sortInOrder(posts, order, (post) => ({ time: timeOf(post.createdAt), likes: post.likes.likeCount, id: post.id }));
}


/** How many of a page's last posts its cursor names, the last first. */
const CURSOR_POSTS = 3;

/**
 * A page of a whole list: `limit` posts from where `cursor` says. The cursor holds the place where
 * the page ends and the ids of its last few posts, so that a list that changed between two pages (a
 * post bookmarked or removed meanwhile) goes on after the last of them it still has.
 */
export function pageOf(posts: readonly Post[] | undefined, limit: number, cursor: string | null): PostsPage | undefined {
  if (!posts) return undefined;
  const start = startOf(posts, cursor);
  const page = posts.slice(start, start + limit);
  const end = start + page.length;
  const last = page.slice(-CURSOR_POSTS).reverse().map((post) => post.id);
  return { posts: page, nextCursor: end < posts.length && last.length > 0 ? JSON.stringify([end, ...last]) : null };
}

function startOf(posts: readonly Post[], cursor: string | null): number {
  if (!cursor) return 0;
  const named = readCursor(cursor);
  if (!named) return 0;
  const [place, ...ids] = named;
  for (const id of ids) {
    const after = posts.findIndex((post) => post.id === id);
    if (after >= 0) return after + 1;
  }
  return typeof place === 'number' && Number.isInteger(place) && place >= 0 ? Math.min(place, posts.length) : 0;
}

/** The place and ids a cursor of pageOf's names; undefined for any other text. */
function readCursor(cursor: string): unknown[] | undefined {
  try {
    const named: unknown = JSON.parse(cursor);
    return Array.isArray(named) ? named : undefined;
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
