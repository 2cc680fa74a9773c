/**
 * Every message a SocialConnect backend answers with, in one place, with its HTTP status and its
 * machine-readable code. The first group is word for word from spec section 8; the second is the
 * validation both backends add; the third is what only a server meets (limits, load, outages).
 * The app shows the message and decides what to do from the status and the code.
 */
export const MESSAGES = {
  // ---- Spec section 8, exact ----
  tokenInvalid: 'The token is invalid. Unauthorized access error.',
  userNotRegistered: 'The username you entered is not Registered. Not Found error',
  invalidCredentials: 'The credentials you entered are invalid. Unauthorized access error.',
  usernameExists: 'Unprocessable Entity. Username Already Exists.',
  editNotOwner: "Cannot edit a Post doesn't belong to the logged in User.",
  deleteNotOwner: "Cannot delete a Post doesn't belong to the logged in User.",
  alreadyLiked: 'Cannot like a post that is already liked.',
  likeBelowZero: 'Cannot decrement like less than 0.',
  alreadyDisliked: 'Cannot dislike a post that is already disliked.',
  alreadyBookmarked: 'This Post is already bookmarked',
  notBookmarked: 'Post not bookmarked yet',
  cannotFollowSelf: 'You cannot follow yourself',
  alreadyFollowing: 'User Already following',
  notFollowing: 'User already not following',
  usernameImmutable: 'Username cannot be changed',
  serverError: 'Something went wrong on our side. Please try again later.',

  // ---- Validation beyond the spec ----
  invalidJson: 'The request body is not valid JSON.',
  invalidBody: 'The request body does not have the expected fields.',
  textUnstorable: 'Text cannot contain the NUL character or broken Unicode.',
  postNotFound: 'Post not found.',
  userNotFound: 'User not found.',
  routeNotFound: 'No such API route.',
  postEmpty: 'A post needs some text or an image.',
  postTooLong: 'A post can be at most 500 characters long.',
  imageInvalid: 'Images must be PNG, JPEG, WebP or GIF files.',
  imageTooLarge: 'Images can be at most 2 MB.',
  imageTooManyPixels: 'Images can be at most 16,777,216 pixels (4096 x 4096).',
  firstNameInvalid: 'First name must be 1 to 30 characters long.',
  lastNameInvalid: 'Last name must be 1 to 30 characters long.',
  usernameInvalid: 'Username must be 3 to 30 characters: letters, digits or underscores.',
  passwordInvalid: 'Password must be 8 to 128 characters long.',
  bioTooLong: 'Bio can be at most 500 characters long.',
  portfolioInvalid: 'Portfolio link must be an http or https address of at most 255 characters.',
  avatarInvalid: 'Avatar must be a PNG, JPEG, WebP or GIF image.',
  pageLimitInvalid: 'limit must be a whole number from 1 to 100.',
  pageCursorInvalid: 'The page cursor is not valid: ask for the first page again.',
  feedSortInvalid: 'sort must be latest, oldest or trending.',

  // ---- What a server meets ----
  bodyTooLarge: 'The request body is too large.',
  unsupportedMediaType: 'Request bodies must be JSON (Content-Type: application/json).',
  methodNotAllowed: 'This API route does not answer that method.',
  tooManyRequests: 'Too many requests. Try again later.',
  serviceUnavailable: 'The service is unavailable right now. Please try again in a moment.',
  requestTimeout: 'The request took too long to arrive.',
  headersTooLarge: 'The request headers are too large.',
  badRequest: 'The request is not valid HTTP.',
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** The HTTP status each message is answered with. */
export const MESSAGE_STATUS: Record<MessageKey, number> = {
  tokenInvalid: 401,
  userNotRegistered: 404,
  invalidCredentials: 401,
  usernameExists: 422,
  editNotOwner: 400,
  deleteNotOwner: 400,
  alreadyLiked: 400,
  likeBelowZero: 400,
  alreadyDisliked: 400,
  alreadyBookmarked: 400,
  notBookmarked: 400,
  cannotFollowSelf: 404,
  alreadyFollowing: 400,
  notFollowing: 400,
  usernameImmutable: 404,
  serverError: 500,
  invalidJson: 400,
  invalidBody: 400,
  textUnstorable: 400,
  postNotFound: 404,
  userNotFound: 404,
  routeNotFound: 404,
  postEmpty: 400,
  postTooLong: 400,
  imageInvalid: 400,
  imageTooLarge: 400,
  imageTooManyPixels: 400,
  firstNameInvalid: 400,
  lastNameInvalid: 400,
  usernameInvalid: 400,
  passwordInvalid: 400,
  bioTooLong: 400,
  portfolioInvalid: 400,
  avatarInvalid: 400,
  pageLimitInvalid: 400,
  pageCursorInvalid: 400,
  feedSortInvalid: 400,
  bodyTooLarge: 413,
  unsupportedMediaType: 415,
  methodNotAllowed: 405,
  tooManyRequests: 429,
  serviceUnavailable: 503,
  requestTimeout: 408,
  headersTooLarge: 431,
  badRequest: 400,
};

/** 'tokenInvalid' -> 'token_invalid': the machine-readable code beside a message. */
type SnakeCase<S extends string> = S extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${SnakeCase<Tail>}`
  : S;

export type ErrorCode = SnakeCase<MessageKey>;

export function errorCode<K extends MessageKey>(key: K): SnakeCase<K> {
  return key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`) as SnakeCase<K>;
}

/** Every code, by message key: what the app compares against. */
export const ERROR_CODES = Object.fromEntries(
  (Object.keys(MESSAGES) as MessageKey[]).map((key) => [key, errorCode(key)]),
) as { readonly [K in MessageKey]: SnakeCase<K> };
