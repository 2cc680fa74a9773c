/** The limits both backends enforce and the app shows before a member submits. */
export const LIMITS = {
  postTextMax: 500,
  /** A reply counts its characters as a post does. */
  replyTextMax: 500,
  imageBytesMax: 2 * 1024 * 1024,
  /** 4096 x 4096: a small file cannot claim a huge canvas (a "pixel bomb"). */
  imagePixelsMax: 16_777_216,
  usernameMin: 3,
  usernameMax: 30,
  nameMin: 1,
  nameMax: 30,
  passwordMin: 8,
  passwordMax: 128,
  /** The longest address mail can be delivered to (RFC 5321's path limit). */
  emailMax: 254,
  bioMax: 500,
  /** How many images a post may have (`more-images`): a backend's setting, up to postImagesMaxMost. */
  postImagesMax: 4,
  postImagesMaxMost: 16,
  /** An image's description (its alt text, the `alt-text` extension), as Mastodon allows. */
  imageAltMax: 1500,
  portfolioUrlMax: 255,
  /** The longest language tag a member's choice of language may be (BCP 47's own advice for storage). */
  languageTagMax: 35,
  /** How deep a JSON body may nest; the contract's bodies need three levels. */
  jsonDepthMax: 8,
  /** An Idempotency-Key: a UUID fits, a key too short to be unique does not. */
  idempotencyKeyMin: 8,
  idempotencyKeyMax: 128,
  /** A post's content warning (the `content-warnings` extension): one short line, as Misskey allows. */
  contentWarningMax: 100,
  /** How many of their posts a member may pin to their profile (the `pins` extension). */
  pinnedPostsMax: 3,
  /** A post search (the `post-search` extension): its length, its terms, and its shortest word alone. */
  searchQueryMax: 200,
  searchTermsMax: 8,
  searchWordMin: 3,
  /** What a device's record keeps of its User-Agent and its address (the `accounts` extension). */
  userAgentMax: 512,
  /** A password reset link (the `accounts` extension): how long it works, and how many a member is sent an hour. */
  passwordResetMinutes: 60,
  passwordResetsPerHour: 3,
  /** An email confirmation link: how long it works, and how many a member is sent an hour. */
  emailConfirmHours: 24,
  emailConfirmationsPerHour: 3,
  /** Two-factor sign-in: how many recovery codes a member is given, each good once. */
  recoveryCodes: 10,
  /** How many days a deleted account waits, hidden, before it goes for good: a backend's setting (`accounts`). */
  deletionGraceDays: 14,
  /** The longest wait a backend may set. */
  deletionGraceDaysMax: 365,
  /** Scheduled posts (`scheduled-posts`): how many may wait a member, how soon and how far ahead. */
  scheduledPostsMax: 100,
  scheduleLeadSeconds: 60,
  scheduleDaysMax: 365,
  addressMax: 64,
  /** A report's comment (`moderation`), and a moderator's reason for an action (the member reads it). */
  reportCommentMax: 1000,
  moderationReasonMax: 500,
  /**
   * A member's data carried to another SocialConnect (`accounts`, contract/rules/memberData.ts): the
   * export's format, and what one import may hold: its body with its images, its posts, its replies,
   * and each of its lists (follows, bookmarks, mutes, blocks).
   */
  dataFormat: 1,
  importBytesMax: 32 * 1024 * 1024,
  importPostsMax: 1000,
  importRepliesMax: 2000,
  importListMax: 5000,
  /** The network's rules (the `moderation` extension): how many, and the length of each title and description. */
  rulesMax: 20,
  ruleTitleMax: 100,
  ruleDescriptionMax: 500,
} as const;
