/**
 * Every message a SocialConnect backend answers with, in one place, with its HTTP status and its
 * machine-readable code. The first group is word for word from spec section 8; the second is the
 * validation both backends add; the third is what only a server meets (limits, load, outages).
 * The app shows the message and decides what to do from the status and the code.
 */

/**
 * The refusal of an image over `pixelsMax` pixels (a backend's setting; the catalogue's text is the
 * default's): the number, and its square's side when it has a whole one.
 */
export function imagePixelsText(pixelsMax: number): string {
  const side = Math.sqrt(pixelsMax);
  const square = Number.isInteger(side) ? ` (${side} x ${side})` : '';
  return `Images can be at most ${pixelsMax.toLocaleString('en-US')} pixels${square}.`;
}

/** The refusal of a post with more than `most` images (a backend's setting; the catalogue's text is the default's). */
export function postImagesText(most: number): string {
  return `A post can have at most ${most} images.`;
}

/** Each message's HTTP status and text. */
const CATALOGUE = {
  // ---- Spec section 8, exact ----
  tokenInvalid: [401, 'The token is invalid. Unauthorized access error.'],
  userNotRegistered: [404, 'The username you entered is not Registered. Not Found error'],
  invalidCredentials: [401, 'The credentials you entered are invalid. Unauthorized access error.'],
  usernameExists: [422, 'Unprocessable Entity. Username Already Exists.'],
  editNotOwner: [400, "Cannot edit a Post doesn't belong to the logged in User."],
  deleteNotOwner: [400, "Cannot delete a Post doesn't belong to the logged in User."],
  alreadyLiked: [400, 'Cannot like a post that is already liked.'],
  likeBelowZero: [400, 'Cannot decrement like less than 0.'],
  alreadyDisliked: [400, 'Cannot dislike a post that is already disliked.'],
  alreadyBookmarked: [400, 'This Post is already bookmarked'],
  notBookmarked: [400, 'Post not bookmarked yet'],
  cannotFollowSelf: [404, 'You cannot follow yourself'],
  alreadyFollowing: [400, 'User Already following'],
  notFollowing: [400, 'User already not following'],
  usernameImmutable: [404, 'Username cannot be changed'],
  serverError: [500, 'Something went wrong on our side. Please try again later.'],

  // ---- Validation beyond the spec ----
  invalidJson: [400, 'The request body is not valid JSON.'],
  invalidBody: [400, 'The request body does not have the expected fields.'],
  textUnstorable: [400, 'Text cannot contain the NUL character or broken Unicode.'],
  postNotFound: [404, 'Post not found.'],
  userNotFound: [404, 'User not found.'],
  routeNotFound: [404, 'No such API route.'],
  postEmpty: [400, 'A post needs some text or an image.'],
  postTooLong: [400, 'A post can be at most 500 characters long.'],
  imageInvalid: [400, 'Images must be PNG, JPEG, WebP or GIF files.'],
  imageTooLarge: [400, 'Images can be at most 2 MB.'],
  // imagePixelsText(LIMITS.imagePixelsMax), word for word (a test holds the two together).
  imageTooManyPixels: [400, 'Images can be at most 16,777,216 pixels (4096 x 4096).'],
  imageCutOff: [400, 'This image file is cut off before its end. Please choose the whole file again.'],
  firstNameInvalid: [400, 'First name must be 1 to 30 characters long.'],
  lastNameInvalid: [400, 'Last name must be 1 to 30 characters long.'],
  usernameInvalid: [400, 'Username must be 3 to 30 characters: letters, digits or underscores.'],
  passwordInvalid: [400, 'Password must be 8 to 128 characters long.'],
  emailInvalid: [400, 'Email address must look like name@example.com.'],
  bioTooLong: [400, 'Bio can be at most 500 characters long.'],
  portfolioInvalid: [400, 'Portfolio link must be an http or https address of at most 255 characters.'],
  avatarInvalid: [400, 'Avatar must be a PNG, JPEG, WebP or GIF image.'],
  languageInvalid: [400, 'Language must be a language tag such as en, de or pt-BR.'],
  pageLimitInvalid: [400, 'limit must be a whole number from 1 to 100.'],
  pageCursorInvalid: [400, 'The page cursor is not valid: ask for the first page again.'],
  pageStartTwice: [400, 'Ask for a page from one place: cursor, before or at.'],
  feedSortInvalid: [400, 'sort must be latest, oldest or trending.'],
  replyNotFound: [404, 'Reply not found.'],
  replyEmpty: [400, 'A reply needs some text.'],
  replyTooLong: [400, 'A reply can be at most 500 characters long.'],
  replyDeleteNotAllowed: [400, "Only the reply's author or the post's author can delete a reply."],
  replyAlreadyLiked: [400, 'Cannot like a reply that is already liked.'],
  replyNotLiked: [400, 'Cannot unlike a reply that is not liked.'],
  imageAltTooLong: [400, 'An image description can be at most 1,500 characters long.'],
  // postImagesText(LIMITS.postImagesMax), word for word.
  tooManyImages: [400, 'A post can have at most 4 images.'],
  imageAltsInvalid: [400, "Give one description for each of the post's images, in their order."],
  tagInvalid: [400, 'A tag is 1 to 50 letters, digits or underscores, with at least one letter.'],
  cannotMuteSelf: [400, 'You cannot mute yourself.'],
  alreadyMuted: [400, 'You already mute this member.'],
  notMuted: [400, 'You do not mute this member.'],
  cannotBlockSelf: [400, 'You cannot block yourself.'],
  alreadyBlocked: [400, 'You already block this member.'],
  notBlocked: [400, 'You do not block this member.'],
  contentWarningTooLong: [400, 'A content warning can be at most 100 characters long.'],
  pinNotOwner: [400, 'You can pin only your own posts.'],
  alreadyPinned: [400, 'This post is already pinned.'],
  notPinned: [400, 'This post is not pinned.'],
  // LIMITS.pinnedPostsMax, word for word (a test holds the two together).
  pinsFull: [400, 'You can pin at most 3 posts. Unpin one first.'],
  searchEmpty: [400, 'Type a word, a #tag or from:username to search posts.'],
  // LIMITS.searchQueryMax, searchTermsMax and searchWordMin, word for word (a test holds them together).
  searchTooLong: [400, 'A search can be at most 200 characters long.'],
  searchTooManyTerms: [400, 'A search can have at most 8 words, tags and from: together.'],
  searchTooShort: [400, 'Search for a word of at least 3 letters, a #tag or from:username.'],
  searchOneAuthor: [400, 'Search the posts of one member at a time: from:username, once.'],
  emailTaken: [422, 'An account already uses this email address. Log in, or reset its password.'],
  resetLoginMissing: [400, 'Type the email address or the username of your account.'],
  resetLinkInvalid: [400, 'This link has expired or was already used. Ask for a new one.'],
  confirmLinkInvalid: [400, 'This link has expired, was already used, or is for another address. Send a new one from your account.'],
  sessionNotFound: [404, 'This device is already logged out.'],
  sessionIsCurrent: [400, 'This is the device you are using: log out from the menu instead.'],
  twoFactorRequired: [401, 'Enter the 6-digit code your authenticator app shows, or one of your recovery codes.'],
  twoFactorCodeInvalid: [401, 'That code is not right. Enter the code your authenticator app shows now, or an unused recovery code.'],
  twoFactorAlreadyOn: [409, 'Two-factor sign-in is already on for this account.'],
  twoFactorNotOn: [409, 'Two-factor sign-in is not on for this account.'],
  twoFactorKeyInvalid: [400, 'This setup key is not one we made. Start setting up two-factor sign-in again.'],
  deletionAlreadyScheduled: [409, 'This account is already set to be deleted. Keep it first if you want to ask again.'],
  deletionNotScheduled: [409, 'This account is not set to be deleted.'],
  // LIMITS.scheduleLeadSeconds, scheduleDaysMax and scheduledPostsMax, word for word.
  scheduleTimeInvalid: [400, 'Pick a time at least a minute from now and within a year.'],
  scheduledPostsTooMany: [409, 'You have 100 posts waiting to be published. Cancel one, or wait until one is published.'],
  scheduledPostNotFound: [404, 'This scheduled post is not waiting any more: it was published or cancelled.'],
  alreadyReposted: [409, 'You already reposted this post.'],
  notReposted: [409, 'You have not reposted this post.'],
  quoteNotAllowed: [403, 'The author does not let you quote this post.'],
  quotePolicyInvalid: [400, 'Quote policy must be anyone, followers or nobody.'],
  reportSubjectInvalid: [400, 'Say what you report: about must name one post, reply or member by its id.'],
  reportReasonInvalid: [400, 'Reason must be spam, abuse, illegal or other.'],
  // LIMITS.reportCommentMax and reportRuleMax, word for word (a test holds them together).
  reportCommentTooLong: [400, "A report's comment can be at most 1,000 characters long."],
  reportRuleInvalid: [400, "Rule must be the id of one of the network's rules."],
  cannotReportSelf: [400, 'You cannot report yourself.'],
  cannotReportOwn: [400, 'You cannot report your own posts or replies.'],
  alreadyReported: [409, 'You already reported this, and your report is still open. The moderators will look at it.'],
  // LIMITS.importPostsMax, importRepliesMax and importListMax, word for word (a test holds them together).
  importTooMany: [400, 'An import can hold at most 1,000 posts, 2,000 replies, and 5,000 follows, bookmarks, mutes or blocks of each kind.'],
  importInvalid: [400, 'This is not a SocialConnect data export this network can read. Choose the zip file you downloaded from Your data.'],
  importNotEmpty: [409, 'This account already has posts or replies. Import into a new account, right after signing up.'],
  notAdmin: [403, 'Only an admin of this network can do this.'],
  notStaff: [403, 'Only a moderator or an admin of this network can see this.'],
  roleInvalid: [400, 'Role must be member or moderator.'],
  adminRoleFixed: [403, "An admin's role cannot be changed in the app: it is changed on the server (npm run admin)."],
  // LIMITS.rulesMax, ruleTitleMax and ruleDescriptionMax, word for word (a test holds them together).
  rulesTooMany: [400, 'A network can have at most 20 rules.'],
  ruleTitleInvalid: [400, 'Each rule needs a title of 1 to 100 characters.'],
  ruleDescriptionTooLong: [400, "A rule's description can be at most 500 characters."],
  ruleIdInvalid: [400, 'A rule can be listed only once.'],
  reportStatusInvalid: [400, 'The queue lists open reports: status must be open, or left out.'],
  moderationSubjectInvalid: [400, 'Say what you act on: subject must name one post, reply or member by its id.'],
  moderationActionInvalid: [400, 'Action must be dismiss, remove, warn, limit, suspend, unlimit or unsuspend.'],
  // LIMITS.moderationReasonMax, word for word (a test holds them together).
  moderationReasonInvalid: [400, 'Give a reason of 1 to 500 characters: the member reads it, and the audit log keeps it.'],
  moderationReportsInvalid: [400, 'reportIds must list open reports of this post, reply or member.'],
  cannotModerateStaff: [403, 'A moderator cannot act on an admin or on another moderator. Ask an admin.'],
  cannotModerateSelf: [400, 'You cannot act on yourself or on what you wrote.'],
  removeNeedsContent: [400, 'Only a post or a reply can be removed. To stop a member, limit or suspend them.'],
  alreadyRemoved: [409, 'This is already gone. Dismiss its reports, or act on its author.'],
  noOpenReports: [409, 'There are no open reports of this to dismiss.'],
  alreadyLimited: [409, 'This member is already limited (or suspended).'],
  notLimited: [409, 'This member is not limited.'],
  alreadySuspended: [409, 'This member is already suspended.'],
  notSuspended: [409, 'This member is not suspended.'],
  accountSuspended: [403, "This account is suspended by the network's moderators and cannot log in."],
  rulesNotAccepted: [400, "Agree to follow the network's rules to create your account."],
  idempotencyKeyInvalid: [400, 'Idempotency-Key must be 8 to 128 characters: letters, digits, hyphens or underscores.'],
  idempotencyKeyReused: [422, 'This was already sent once with different content, and may have been saved. Check before sending it again.'],

  // ---- What a server meets ----
  bodyTooLarge: [413, 'The request body is too large.'],
  unsupportedMediaType: [415, 'Request bodies must be JSON (Content-Type: application/json).'],
  methodNotAllowed: [405, 'This API route does not answer that method.'],
  tooManyRequests: [429, 'Too many requests. Try again later.'],
  tooManyStreams: [429, 'This session already has as many live streams open as it may. Close SocialConnect in another tab or window, or try again in a moment.'],
  serviceUnavailable: [503, 'The service is unavailable right now. Please try again in a moment.'],
  /** A balancer's own answers: the process it sent the call to stopped, or took too long, before answering. */
  badGateway: [502, 'The server stopped before it answered. Please try again in a moment.'],
  gatewayTimeout: [504, 'The server took too long to answer. Please try again in a moment.'],
  requestTimeout: [408, 'The request took too long to arrive.'],
  headersTooLarge: [431, 'The request headers are too large.'],
  badRequest: [400, 'The request is not valid HTTP.'],
} as const satisfies Record<string, readonly [number, string]>;

export type MessageKey = keyof typeof CATALOGUE;

/** Whether `value` is the key of one of the catalogue's messages (a refusal a store may answer). */
export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === 'string' && Object.hasOwn(CATALOGUE, value);
}

/** Every message, by key. */
export const MESSAGES = Object.fromEntries(Object.entries(CATALOGUE).map(([key, [, message]]) => [key, message])) as {
  readonly [K in MessageKey]: (typeof CATALOGUE)[K][1];
};

/** The HTTP status each message is answered with. */
export const MESSAGE_STATUS = Object.fromEntries(Object.entries(CATALOGUE).map(([key, [status]]) => [key, status])) as Record<MessageKey, number>;

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
