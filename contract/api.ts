/**
 * The wire contract between the SocialConnect app and its backends (spec sections 3 and 7).
 * This module imports nothing; the app, the stand-in backend and the server all use it.
 */

/** A member as referenced inside posts and other members: never more than this. */
export interface UserSummary {
  _id: string;
  username: string;
  firstName: string;
  lastName: string;
  /** Avatar URL; empty when the member has none. */
  image: string;
}

/** A member as the backend answers it. The password never leaves the backend. */
export interface User extends UserSummary {
  id: string;
  createdAt: string;
  updatedAt: string;
  userBio: string;
  userPortfolioUrl: string;
  followers: UserSummary[];
  following: UserSummary[];
  /** Ids of the posts the member bookmarked. */
  bookmarks: string[];
}

export interface PostLikes {
  likeCount: number;
  likedBy: UserSummary[];
  dislikedBy: UserSummary[];
}

export interface Post {
  /** The author's user id (spec section 3). */
  _id: string;
  /** The post id (uuid); routes use it: /posts/{id}. */
  id: string;
  content: string;
  /** Image URL or data URL; empty when the post has no image. */
  postImage: string;
  likes: PostLikes;
  username: string;
  firstName: string;
  lastName: string;
  userFullName: string;
  /** The author's avatar. */
  image: string;
  createdAt: string;
  updatedAt: string;
}

// ---- Request bodies ----

export interface SignupRequest {
  firstName: string;
  lastName: string;
  username: string;
  password: string;
  [extra: string]: unknown;
}

export interface LoginRequest {
  username: string;
  password: string;
}

export interface PostDraftPayload {
  postData: {
    text: string;
    /** Data URL of the attached image, or empty. */
    image?: string;
    previewImage?: string;
  };
}

export interface PostEditPayload {
  postData: { text: string };
}

export interface UserEditPayload {
  userData: {
    userBio?: string;
    userPortfolioUrl?: string;
    /** New password; needs currentPassword. */
    password?: string;
    currentPassword?: string;
    /** Data URL of a new avatar, or an existing image URL. */
    avatar?: string;
    username?: string;
  };
}

// ---- Answers ----

export interface SignupResponse {
  createdUser: User;
  encodedToken: string;
}

export interface LoginResponse {
  foundUser: User;
  encodedToken: string;
}

export interface PostsResponse {
  posts: Post[];
}

export interface PostResponse {
  post: Post;
}

export interface UsersResponse {
  users: User[];
}

export interface UserResponse {
  user: User;
}

/**
 * The answer to POST /users/edit. A password change ends every older token of the member, so the
 * answer then carries a fresh one for the device that made the change.
 */
export interface UserEditResponse extends UserResponse {
  encodedToken?: string;
}

/** GET /health: whether the backend and its store answer, and which extensions it has. */
export interface HealthResponse {
  status: 'ok' | 'unavailable';
  /** Extensions beyond the spec this backend answers (absent: none). */
  extensions?: ApiExtension[];
}

// ---- Extensions beyond the spec (a client that does not ask gets the spec's answers) ----

/**
 * - 'pages': list calls accept `?limit=N&cursor=C` and answer a PostsPage;
 * - 'feed': GET /feed?sort=latest|oldest|trending&limit=&cursor= answers the member's home feed;
 * - 'return-minimal': a mutation sent with `Prefer: return=minimal` answers only what changed.
 */
export type ApiExtension = 'pages' | 'feed' | 'return-minimal';

export const API_EXTENSIONS: readonly ApiExtension[] = ['pages', 'feed', 'return-minimal'];

/** The largest page a client may ask for, and the size of a page when it names none. */
export const PAGE_LIMIT_MAX = 100;
export const PAGE_LIMIT_DEFAULT = 20;

/** One page of posts, in the list's order; `nextCursor` asks for the next one, null after the last. */
export interface PostsPage {
  posts: Post[];
  nextCursor: string | null;
}

export type FeedSort = 'latest' | 'oldest' | 'trending';

/** `Prefer: return=minimal` on create, edit, like, dislike: the post as it now is. */
export type PostChange = PostResponse;

/** `Prefer: return=minimal` on delete: the post that is gone. */
export interface PostRemoval {
  postId: string;
}

/** `Prefer: return=minimal` on bookmark and remove-bookmark: what changed for the member. */
export interface BookmarkChange {
  postId: string;
  bookmarked: boolean;
  /** The bookmarked post, when one was added. */
  post?: Post;
}

export interface BookmarksResponse {
  bookmarks: Post[];
}

export interface FollowResponse {
  user: User;
  followUser: User;
}

/**
 * Every refusal, 4xx or 5xx, has this shape. `code` is machine-readable (contract/messages.ts:
 * 'token_invalid', 'post_not_found', ...); a backend that answers only the spec may leave it out.
 */
export interface ErrorResponse {
  errors: string[];
  code?: string;
}
