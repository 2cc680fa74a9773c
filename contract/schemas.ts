/**
 * The contract's shapes as schemas (TypeBox, which writes JSON Schema): what each call's body must
 * be, and what each answer is. Written once: contract/api.ts takes its types from them, the route
 * walk checks every body with them on both backends, and the server serialises its answers from
 * them (fields a schema does not name never leave it). The app imports the types alone, so none of
 * this reaches its bundle.
 */
import { Type, type TOptional, type TUnknown } from '@sinclair/typebox';

/**
 * A request whose fields the rules check one by one (contract/rules/), so that each refusal names
 * the field that is wrong: here each field may be any JSON, or absent.
 */
function checkedByRules<const Name extends string>(...names: Name[]) {
  return Type.Object(Object.fromEntries(names.map((name) => [name, Type.Optional(Type.Unknown())])) as Record<Name, TOptional<TUnknown>>);
}

// ---- What answers carry ----

/** A member as referenced inside posts and other members: never more than this. */
export const UserSummary = Type.Object({
  _id: Type.String(),
  username: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  /** Avatar URL; empty when the member has none. */
  image: Type.String(),
});

/** Who may quote a member's posts (the `reposts` extension): anyone, the members who follow them, or nobody but themselves. */
export const QuotePolicy = Type.Union([Type.Literal('anyone'), Type.Literal('followers'), Type.Literal('nobody')]);

/** A member's role on the network (the `moderation` extension): admins are made on the server's command line. */
export const Role = Type.Union([Type.Literal('member'), Type.Literal('moderator'), Type.Literal('admin')]);

/** A member as the backend answers it. The password never leaves the backend. */
export const User = Type.Composite([UserSummary, Type.Object({
  id: Type.String(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  userBio: Type.String(),
  userPortfolioUrl: Type.String(),
  followers: Type.Array(UserSummary),
  following: Type.Array(UserSummary),
  /** Ids of the posts the member bookmarked. */
  bookmarks: Type.Array(Type.String()),
  /**
   * The language the member chose for the app (a BCP 47 tag; empty for none), to that member alone
   * (the `member-language` extension): absent from every other member's record.
   */
  language: Type.Optional(Type.String()),
  /** Who may quote the member's posts (the `reposts` extension), to that member alone. */
  quotePolicy: Type.Optional(QuotePolicy),
  /**
   * The ids of the posts the member reposted, the latest first (the `reposts` extension), to that
   * member alone, as their bookmarks are.
   */
  reposts: Type.Optional(Type.Array(Type.String())),
  /** The member's role (the `moderation` extension), to that member alone. */
  role: Type.Optional(Role),
})]);

export const PostLikes = Type.Object({
  likeCount: Type.Integer(),
  likedBy: Type.Array(UserSummary),
  dislikedBy: Type.Array(UserSummary),
});

/**
 * An uploaded image's own size and its smaller copies (the `image-sizes` extension): a client sets
 * the image's width and height before it loads, and lets the browser pick the copy a screen needs
 * (`srcset`). `sources` are WebP copies narrower than the image, narrowest first; the image itself
 * (`postImage`) is the widest. An animated image has none.
 */
export const ImageSizes = Type.Object({
  width: Type.Integer({ minimum: 1 }),
  height: Type.Integer({ minimum: 1 }),
  sources: Type.Array(Type.Object({ url: Type.String(), width: Type.Integer({ minimum: 1 }) })),
});

/**
 * One of a post's images after its first (the `more-images` extension): its URL, its description
 * ('' when none) and, when known, its size and smaller copies.
 */
export const MoreImage = Type.Object({ url: Type.String(), alt: Type.String(), sizes: Type.Optional(ImageSizes) });

const PostFields = {
  /** The author's user id (spec section 3). */
  _id: Type.String(),
  /** The post id (uuid); routes use it: /posts/{id}. */
  id: Type.String(),
  content: Type.String(),
  /** Image URL or data URL; empty when the post has no image. */
  postImage: Type.String(),
  likes: PostLikes,
  username: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  userFullName: Type.String(),
  /** The author's avatar. */
  image: Type.String(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  /** How many replies the post has (the `replies` extension); absent from a backend without it. */
  replyCount: Type.Optional(Type.Integer()),
  /**
   * The image's description for those who cannot see it (the `alt-text` extension): '' when the
   * author gave none (or the post has no image); absent from a backend without it.
   */
  imageAlt: Type.Optional(Type.String()),
  /**
   * When the author last changed the post's text or image description after posting (the
   * `edit-marks` extension): null when never; absent from a backend without it. createdAt stays.
   */
  editedAt: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  /** The image's size and smaller copies (the `image-sizes` extension); absent when unknown or without it. */
  imageSizes: Type.Optional(ImageSizes),
  /**
   * What the post's text and image are about, shown in their place until the reader opens them (the
   * `content-warnings` extension): '' when the author gave none; absent from a backend without it.
   */
  warning: Type.Optional(Type.String()),
  /** True when its author pinned it to their profile (the `pins` extension); absent otherwise. */
  pinned: Type.Optional(Type.Boolean()),
  /** How many members reposted it, and how many posts quote it (the `reposts` extension); absent without it. */
  repostCount: Type.Optional(Type.Integer({ minimum: 0 })),
  quoteCount: Type.Optional(Type.Integer({ minimum: 0 })),
  /** Who its author lets quote it (the `reposts` extension); absent without it. */
  quotePolicy: Type.Optional(QuotePolicy),
  /**
   * The post's images after the first (`postImage`), in the author's order (the `more-images`
   * extension); absent when it has one image or none.
   */
  moreImages: Type.Optional(Type.Array(MoreImage)),
};

/** A post as a quote shows it: the post itself, never what it quotes in turn. */
export const QuotedPost = Type.Object(PostFields);

export const Post = Type.Object({
  ...PostFields,
  /**
   * In a list, when the post is there because a member reposted it (the `reposts` extension): who,
   * when, and the repost's own id (a list's cursor and the live stream name it). The rest of the
   * post is the original's, under the original's id.
   */
  repost: Type.Optional(Type.Object({ id: Type.String(), by: UserSummary, createdAt: Type.String() })),
  /**
   * The post this one quotes (the `reposts` extension): its id, and the post as the reader may see
   * it, or null when it is no longer there for them (deleted, or its author in a block with them or gone).
   */
  quote: Type.Optional(Type.Object({ postId: Type.String(), post: Type.Union([QuotedPost, Type.Null()]) })),
});

/** The reply a reply answers: named by its author ("replying to @ann"). */
export const ReplyTarget = Type.Object({
  /** The reply answered; null once it has been deleted (the name stays). */
  replyId: Type.Union([Type.String(), Type.Null()]),
  /** Its author's id and username. */
  _id: Type.String(),
  username: Type.String(),
});

/**
 * A reply to a post (the `replies` extension). Replies hang from their post in one level: a reply
 * that answers another reply names it in `replyTo` and takes its place in the same list.
 */
export const Reply = Type.Object({
  id: Type.String(),
  postId: Type.String(),
  /** The author's user id, as on a post. */
  _id: Type.String(),
  username: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  userFullName: Type.String(),
  /** The author's avatar. */
  image: Type.String(),
  content: Type.String(),
  replyTo: Type.Union([ReplyTarget, Type.Null()]),
  likes: Type.Object({ likeCount: Type.Integer(), likedBy: Type.Array(UserSummary) }),
  createdAt: Type.String(),
});

// ---- Request bodies (fields beyond these are ignored, never refused) ----

/** A field that may be left out or null, and is text when it is there. */
const OptionalText = Type.Optional(Type.Union([Type.String(), Type.Null()]));

/**
 * Signup reads firstName, lastName, username and password, each refused with its own message when
 * it is not right (a missing one included); the form's other fields (its email) are ignored.
 */
export const SignupRequest = Type.Object({
  /** Read with the `accounts` extension: where a forgotten password's link goes. */
  email: Type.Optional(Type.Unknown()),
  firstName: Type.Optional(Type.Unknown()),
  lastName: Type.Optional(Type.Unknown()),
  username: Type.Optional(Type.Unknown()),
  password: Type.Optional(Type.Unknown()),
  /** With the `moderation` extension: true when the newcomer agreed to the network's rules (required while it has some). */
  acceptedRules: Type.Optional(Type.Unknown()),
});

/** A forgotten password (the `accounts` extension): the account's email address or username. */
export const PasswordForgotRequest = checkedByRules('login');

/** The member's email address and whether they confirmed it (the `accounts` extension). */
export const AccountEmail = Type.Object({ email: Type.String(), emailConfirmed: Type.Boolean() });

/** A new email address for the member. */
export const EmailChangeRequest = checkedByRules('email');

/** The token of a mailed link that confirms an address. */
export const EmailConfirmRequest = checkedByRules('token');

/** A new password, with the token of the link that was mailed. */
export const PasswordResetRequest = checkedByRules('token', 'password');

export const LoginRequest = Type.Object({
  username: Type.String(),
  password: Type.String(),
  /** With two-factor sign-in on (`accounts`): the authenticator's code, or a recovery code. */
  code: Type.Optional(Type.String()),
});

export const PostDraftPayload = Type.Object({
  postData: Type.Object({
    text: OptionalText,
    /** Data URL of the attached image, or empty. */
    image: OptionalText,
    /** The client's own preview: never read. */
    previewImage: Type.Optional(Type.Unknown()),
    /** The image's description (the `alt-text` extension); ignored without an image. */
    imageAlt: OptionalText,
    /** A content warning shown in place of the text and the image until opened (`content-warnings`). */
    warning: OptionalText,
    /**
     * The images after the first, in order (the `more-images` extension): `[{ image, imageAlt? }]`,
     * each a data URL checked as `image` is; with `image` they are at most the backend's
     * `limits.postImagesMax`. Without `image`, the first of them is the post's first image.
     */
    moreImages: Type.Optional(Type.Unknown()),
  }),
  /** The post this one quotes (the `reposts` extension), by id; its author's quote policy must let the member. */
  quoteOf: OptionalText,
});

export const PostEditPayload = Type.Object({
  postData: Type.Object({
    text: Type.String(),
    /** A new description of the post's image (the `alt-text` extension); left out or null: unchanged. */
    imageAlt: OptionalText,
    /** A new content warning (`content-warnings`); '' takes it off; left out or null: unchanged. */
    warning: OptionalText,
    /**
     * New descriptions of the images after the first (`more-images`), one string each, in their
     * order; left out or null: unchanged.
     */
    moreImageAlts: Type.Optional(Type.Unknown()),
  }),
});

/**
 * A post to publish later (the `scheduled-posts` extension): a new post's fields, and when it is
 * published (an instant at least a minute ahead, within LIMITS.scheduleDaysMax days).
 */
export const ScheduledPostDraft = Type.Object({
  postData: PostDraftPayload.properties.postData,
  publishAt: Type.Optional(Type.Unknown()),
});

/** A scheduled post changed: its text, description and warning as a post's edit takes them, and its time. */
export const ScheduledPostEdit = Type.Object({
  postData: Type.Optional(Type.Object({ text: OptionalText, imageAlt: OptionalText, warning: OptionalText, moreImageAlts: Type.Optional(Type.Unknown()) })),
  publishAt: Type.Optional(Type.Unknown()),
});

/** A post waiting to be published, as its author sees it (nobody else does). */
export const ScheduledPost = Type.Object({
  id: Type.String(),
  content: Type.String(),
  postImage: Type.String(),
  imageAlt: Type.String(),
  imageSizes: Type.Optional(ImageSizes),
  /** The images after the first (`more-images`); absent when none. */
  moreImages: Type.Optional(Type.Array(MoreImage)),
  warning: Type.String(),
  publishAt: Type.String(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});

/** The member's scheduled posts, the soonest first. */
export const ScheduledPostsResponse = Type.Object({ scheduledPosts: Type.Array(ScheduledPost) });
export const ScheduledPostResponse = Type.Object({ scheduledPost: ScheduledPost });
/** A scheduled post cancelled: its id. */
export const ScheduledPostRemoval = Type.Object({ id: Type.String() });

/** Why a member reports something (the `moderation` extension). */
export const ReportReason = Type.Union([Type.Literal('spam'), Type.Literal('abuse'), Type.Literal('illegal'), Type.Literal('other')]);
/** Where a report stands: open until a moderator resolves or dismisses it. */
export const ReportStatus = Type.Union([Type.Literal('open'), Type.Literal('resolved'), Type.Literal('dismissed')]);
/** What a report is about: a post, a reply or a member, by id. */
export const ReportSubject = Type.Object({
  kind: Type.Union([Type.Literal('post'), Type.Literal('reply'), Type.Literal('member')]),
  id: Type.String(),
});

/**
 * A report: `about` names one post, reply or member (`{ post: id }`, `{ reply: id }` or
 * `{ member: id }`). Its fields are checked by the rules (contract/rules/reports.ts), so each
 * refusal names the field that is wrong.
 */
export const ReportRequest = checkedByRules('about', 'reason', 'comment', 'rule');

/** A report as its reporter reads it; `rule` only when it names one. */
export const Report = Type.Object({
  id: Type.String(),
  about: ReportSubject,
  reason: ReportReason,
  comment: Type.String(),
  /** The id of the network's rule it names (GET /rules), when it names one. */
  rule: Type.Optional(Type.String()),
  status: ReportStatus,
  createdAt: Type.String(),
});

/** One of the member's reports in their list. */
export const ReportSummary = Type.Object({
  id: Type.String(),
  about: ReportSubject,
  reason: ReportReason,
  status: ReportStatus,
  createdAt: Type.String(),
});

/**
 * What was reported, as it read when it was reported: kept with the report, so a later edit or
 * delete does not change what moderators read. A post's images are their URLs, the first first.
 */
export const ReportedContent = Type.Union([
  Type.Object({ kind: Type.Literal('post'), authorId: Type.String(), username: Type.String(), text: Type.String(), images: Type.Array(Type.String()), createdAt: Type.String() }),
  Type.Object({ kind: Type.Literal('reply'), postId: Type.String(), authorId: Type.String(), username: Type.String(), text: Type.String(), createdAt: Type.String() }),
  Type.Object({ kind: Type.Literal('member'), firstName: Type.String(), lastName: Type.String(), username: Type.String(), bio: Type.String() }),
]);

/** The member's own reports, the latest first. */
export const ReportsResponse = Type.Object({ reports: Type.Array(ReportSummary) });
/** One of the network's rules (the `moderation` extension), shown at signup. */
export const NetworkRule = Type.Object({ id: Type.String(), title: Type.String(), description: Type.String() });

/** GET /rules and PUT /rules: the network's rules, in the admin's order. */
export const RulesResponse = Type.Object({ rules: Type.Array(NetworkRule) });

/**
 * PUT /rules: the whole list in its new order. A rule that keeps an `id` of the current list keeps
 * it; one without is new. Titles and descriptions are checked by the rules, for their own messages.
 */
export const RulesUpdate = Type.Object({
  rules: Type.Array(checkedByRules('id', 'title', 'description')),
});

/** A member of the network's staff (an admin or a moderator), as the staff list names them. */
export const StaffMember = Type.Object({ id: Type.String(), username: Type.String(), name: Type.String(), role: Role });

/** GET /moderation/staff: the admins, then the moderators, each by username. */
export const StaffResponse = Type.Object({ staff: Type.Array(StaffMember) });

/** PUT /moderation/members/:memberId/role: 'member' or 'moderator' (an admin is made on the server). */
export const RoleChangeRequest = checkedByRules('role');

/** A role changed: the member as the staff list names them, with their new role. */
export const RoleChange = Type.Object({ member: StaffMember });

/** What a moderator does about a subject (the `moderation` extension). */
export const ModerationAction = Type.Union([
  Type.Literal('dismiss'), Type.Literal('remove'), Type.Literal('warn'), Type.Literal('limit'), Type.Literal('suspend'), Type.Literal('unlimit'), Type.Literal('unsuspend'),
]);

/** Where a member stands with the moderators: 'limited' members' posts reach their followers alone; 'suspended' ones cannot log in. */
export const MemberStanding = Type.Union([Type.Literal('good'), Type.Literal('limited'), Type.Literal('suspended')]);

/** A member as moderators name them: no email address, no password, nothing private. */
export const ModerationMember = Type.Object({ id: Type.String(), username: Type.String(), name: Type.String(), role: Role, standing: MemberStanding });

/** One action of the audit log, as the member it concerns history lists it. */
export const ModerationActionSummary = Type.Object({ action: ModerationAction, reason: Type.String(), createdAt: Type.String() });

/** One report in the queue: why, by whom, when, and the rule it names (its title as it read then). */
export const QueueReport = Type.Object({
  id: Type.String(),
  reason: ReportReason,
  comment: Type.String(),
  rule: Type.Optional(Type.Object({ id: Type.String(), title: Type.String() })),
  reporter: Type.Object({ id: Type.String(), username: Type.String() }),
  createdAt: Type.String(),
});

/**
 * One subject of the queue with its open reports, newest first; `content` is what the newest report
 * kept of it; `exists` whether it is still there, `edited` whether its text changed since.
 * `member` is the member it is about (the author of a post or reply), with their history: how many
 * earlier reports (no longer open) were about them, and the actions taken, newest first.
 */
export const QueueEntry = Type.Object({
  subject: ReportSubject,
  content: ReportedContent,
  exists: Type.Boolean(),
  edited: Type.Boolean(),
  reports: Type.Array(QueueReport),
  member: Type.Union([
    Type.Object({ ...ModerationMember.properties, earlierReports: Type.Integer({ minimum: 0 }), actions: Type.Array(ModerationActionSummary) }),
    Type.Null(),
  ]),
});

/** GET /moderation/reports?status=open: a page of subjects, the newest report first, and how many reports are open. */
export const ModerationQueue = Type.Object({ entries: Type.Array(QueueEntry), nextCursor: Type.Union([Type.String(), Type.Null()]), openCount: Type.Integer({ minimum: 0 }) });

/** GET /moderation/reports/count: how many reports are open. */
export const OpenReportCount = Type.Object({ count: Type.Integer({ minimum: 0 }) });

/** POST /moderation/actions: checked by the rules, so each refusal names its field. */
export const ModerationActionRequest = checkedByRules('subject', 'action', 'reason', 'reportIds');

/** One entry of the audit log: who did what, to what and to whom, why and when. */
export const AuditEntry = Type.Object({
  id: Type.String(),
  actor: Type.Object({ id: Type.String(), username: Type.String() }),
  action: ModerationAction,
  subject: ReportSubject,
  member: Type.Union([Type.Object({ id: Type.String(), username: Type.String() }), Type.Null()]),
  reason: Type.String(),
  reportIds: Type.Array(Type.String()),
  createdAt: Type.String(),
});

/** An action taken: its audit entry, and the reports it closed. */
export const ModerationActionResult = Type.Object({ entry: AuditEntry, closedReports: Type.Array(Type.String()) });

/**
 * GET /moderation/restricted: a page of the members who are limited or suspended, by username
 * (moderators and admins): where a moderator finds a suspended member, whom nobody else sees, to
 * lift the suspension, and a limited one to lift the limit.
 */
export const RestrictedMembers = Type.Object({ members: Type.Array(ModerationMember), nextCursor: Type.Union([Type.String(), Type.Null()]) });

/** GET /moderation/audit: a page of the audit log, newest first (admins only). */
export const AuditPage = Type.Object({ entries: Type.Array(AuditEntry), nextCursor: Type.Union([Type.String(), Type.Null()]) });

/**
 * What the moderators did about something of the member's, or about the member, and why: what the
 * member reads of the audit log (never who acted).
 */
export const ModerationNotice = Type.Object({ id: Type.String(), action: ModerationAction, subject: ReportSubject, reason: Type.String(), createdAt: Type.String() });

/** GET /moderation/notices: the member's own notices, newest first. */
export const ModerationNotices = Type.Object({ notices: Type.Array(ModerationNotice) });

/** A new reply: its text, and the reply it answers (by id) when it answers one. */
export const ReplyDraftPayload = Type.Object({
  replyData: Type.Object({
    text: OptionalText,
    replyTo: OptionalText,
  }),
});

export const UserEditPayload = Type.Object({
  userData: Type.Object({
    userBio: OptionalText,
    userPortfolioUrl: OptionalText,
    /** New password; needs currentPassword. */
    password: OptionalText,
    currentPassword: OptionalText,
    /** Data URL of a new avatar, or an existing image URL. */
    avatar: OptionalText,
    username: OptionalText,
    /** The language the member chose for the app (the `member-language` extension); empty for none. */
    language: OptionalText,
    /** Who may quote the member's posts (the `reposts` extension): 'anyone', 'followers' or 'nobody'. */
    quotePolicy: OptionalText,
  }),
});

// ---- Answers ----

export const SignupResponse = Type.Object({ createdUser: User, encodedToken: Type.String() });
export const LoginResponse = Type.Object({ foundUser: User, encodedToken: Type.String() });
export const PostsResponse = Type.Object({ posts: Type.Array(Post) });
export const PostResponse = Type.Object({ post: Post });
export const UsersResponse = Type.Object({ users: Type.Array(User) });
export const UserResponse = Type.Object({ user: User });

/**
 * The answer to POST /users/edit. A password change ends every older token of the member, so the
 * answer then carries a fresh one for the device that made the change.
 */
export const UserEditResponse = Type.Composite([UserResponse, Type.Object({ encodedToken: Type.Optional(Type.String()) })]);

export const BookmarksResponse = Type.Object({ bookmarks: Type.Array(Post) });
export const FollowResponse = Type.Object({ user: User, followUser: User });

/** Extensions beyond the spec that a backend answers (GET /health lists them). */
export const ApiExtension = Type.Union([
  Type.Literal('pages'), Type.Literal('feed'), Type.Literal('return-minimal'), Type.Literal('events'), Type.Literal('replies'),
  Type.Literal('tags'), Type.Literal('notifications'), Type.Literal('idempotency'), Type.Literal('reply-links'),
  Type.Literal('reaction-counts'),
  Type.Literal('alt-text'), Type.Literal('edit-marks'), Type.Literal('member-lists'), Type.Literal('mute-block'),
  Type.Literal('change-counts'), Type.Literal('image-sizes'), Type.Literal('member-language'), Type.Literal('pins'),
  Type.Literal('content-warnings'), Type.Literal('post-search'), Type.Literal('accounts'), Type.Literal('scheduled-posts'),
  Type.Literal('reposts'), Type.Literal('more-images'), Type.Literal('moderation'), Type.Literal('suggestions'),
  Type.Literal('member-search'),
]);

/** GET /health: whether the backend and its store answer, and which extensions it has. */
export const HealthResponse = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('unavailable')]),
  /** Absent: none. */
  extensions: Type.Optional(Type.Array(ApiExtension)),
  /**
   * Whether the network is the demo network, whose members' password is published (the stand-in;
   * a server that seeded it): the app offers to fill in the demo account only there. Absent (a
   * backend that does not say): not a demo.
   */
  demo: Type.Optional(Type.Boolean()),
  /**
   * The limits this backend sets itself (contract/limits.ts has the defaults): the app checks a picked
   * image against them before it is sent. Absent (a backend that does not say): the defaults.
   */
  limits: Type.Optional(Type.Object({
    imagePixelsMax: Type.Integer({ minimum: 1 }),
    /** How many images a post may have (`more-images`); absent: LIMITS.postImagesMax. */
    postImagesMax: Type.Optional(Type.Integer({ minimum: 1 })),
  })),
});

/** One page of posts, in the list's order; `nextCursor` asks for the next one, null after the last. */
export const PostsPage = Type.Object({ posts: Type.Array(Post), nextCursor: Type.Union([Type.String(), Type.Null()]) });

/**
 * One page of members, the latest to begin first: a member's followers or followings, or who likes a
 * post (`member-lists`); the members the caller mutes or blocks (`mute-block`). `nextCursor` asks for
 * the next one, null after the last.
 */
export const MembersPage = Type.Object({ users: Type.Array(UserSummary), nextCursor: Type.Union([Type.String(), Type.Null()]) });

/** GET /users/suggestions (the `suggestions` extension): whom the member might follow, the first of `total`. */
export const MemberSuggestions = Type.Object({ users: Type.Array(UserSummary), total: Type.Integer({ minimum: 0 }) });

/** GET /users/search (the `member-search` extension): the members found, the first of `total`. */
export const MembersFound = Type.Object({ users: Type.Array(UserSummary), total: Type.Integer({ minimum: 0 }) });

/** `Prefer: return=minimal` on delete: the post that is gone. */
export const PostRemoval = Type.Object({ postId: Type.String() });

/**
 * `Prefer: return=minimal, reaction-counts` on like and dislike (the `reaction-counts` extension):
 * the post's counts after it and the caller's own reaction, never the members who reacted, so its
 * size does not grow with them.
 */
export const ReactionChange = Type.Object({
  postId: Type.String(),
  likeCount: Type.Integer({ minimum: 0 }),
  dislikeCount: Type.Integer({ minimum: 0 }),
  reaction: Type.Union([Type.Literal('like'), Type.Literal('dislike'), Type.Null()]),
});

/**
 * `Prefer: return=minimal` on bookmark and remove-bookmark: what changed for the member. With
 * `Prefer: return=minimal, change-counts` (the `change-counts` extension) never the post, so its size
 * does not grow with the post's reactions.
 */
export const BookmarkChange = Type.Object({
  postId: Type.String(),
  bookmarked: Type.Boolean(),
  /** The bookmarked post, when one was added (not with `change-counts`). */
  post: Type.Optional(Post),
});

/** A repost or its undoing (the `reposts` extension): the post, whether the member reposts it now, and its counts after it. */
export const RepostChange = Type.Object({
  postId: Type.String(),
  reposted: Type.Boolean(),
  repostCount: Type.Integer({ minimum: 0 }),
  quoteCount: Type.Integer({ minimum: 0 }),
});

/** A pin or an unpin (the `pins` extension): the post, whether it is pinned now, and the member's pinned posts after it, the latest pinned first. */
export const PinChange = Type.Object({
  postId: Type.String(),
  pinned: Type.Boolean(),
  pinnedPostIds: Type.Array(Type.String()),
});

/**
 * A device the member is logged in on (the `accounts` extension): one per token, named by the
 * token's id. `browser` and `system` are read from its User-Agent ('' when not known); `address` is
 * where it last called from as the backend saw it ('' when it cannot tell); `current` is the device
 * that asks.
 */
export const DeviceSession = Type.Object({
  id: Type.String(),
  browser: Type.String(),
  system: Type.String(),
  address: Type.String(),
  signedInAt: Type.String(),
  lastSeenAt: Type.String(),
  current: Type.Boolean(),
});

/** Whether the member's two-factor sign-in is on, and how many of their recovery codes are unused. */
export const TwoFactorStatus = Type.Object({ enabled: Type.Boolean(), recoveryCodesLeft: Type.Integer({ minimum: 0 }) });

/** A new key for an authenticator app: as text, and as the otpauth:// address a QR code carries. */
export const TwoFactorSetup = Type.Object({ secret: Type.String(), uri: Type.String() });

/** Turns two-factor sign-in on: the key set up, and the first code the app made with it. */
export const TwoFactorEnableRequest = checkedByRules('secret', 'code');

/** Two-factor sign-in turned on: the recovery codes, shown this once (only their hashes are kept). */
export const TwoFactorEnabled = Type.Object({ enabled: Type.Literal(true), recoveryCodes: Type.Array(Type.String()) });

/** A code the member's authenticator shows, or a recovery code: what turning two-factor off asks. */
export const TwoFactorCodeRequest = checkedByRules('code');

/**
 * Whether the member's account is set to be deleted (`accounts`): when it goes for good (`purgeAt`,
 * null when not set), and how many days the backend waits before it does (`graceDays`).
 */
export const AccountDeletion = Type.Object({
  scheduled: Type.Boolean(),
  purgeAt: Type.Union([Type.String(), Type.Null()]),
  graceDays: Type.Integer({ minimum: 0 }),
});

/** Deleting the account asks for the password, and the authenticator's code with two-factor sign-in on. */
export const AccountDeletionRequest = checkedByRules('password', 'code');

/** The member's devices: this one first, then the last seen first. */
export const DeviceSessions = Type.Object({ sessions: Type.Array(DeviceSession) });

/**
 * Every other device logged out: a new token for this one (every older token is refused from now,
 * as after a password change), and the devices left, this one alone.
 */
export const OtherDevicesEnded = Type.Object({ encodedToken: Type.String(), sessions: Type.Array(DeviceSession) });

/**
 * `Prefer: return=minimal, change-counts` on follow and unfollow (the `change-counts` extension): the
 * relation after it and the two counts it moved, never the members' lists, so its size does not grow
 * with them. `followerCount` is how many follow `userId` (its `followers`), `followingCount` how many
 * the caller follows (their `following`), as the members' records then show them.
 */
export const FollowChange = Type.Object({
  userId: Type.String(),
  following: Type.Boolean(),
  followerCount: Type.Integer({ minimum: 0 }),
  followingCount: Type.Integer({ minimum: 0 }),
});

/**
 * One page of a post's replies, oldest first; `nextCursor` asks for the next one, null after the
 * last. `replyCount` is how many replies the post has in all. With `reply-links`, a page may begin
 * at a reply (`?at=`) or end before a cursor (`?before=`), and `previousCursor` asks for the page
 * before it (as `?before=`), null when the page begins the list.
 */
export const RepliesPage = Type.Object({
  replies: Type.Array(Reply),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
  replyCount: Type.Integer(),
  previousCursor: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});

/** A new reply, and how many replies its post has now. */
export const ReplyCreated = Type.Object({ reply: Reply, replyCount: Type.Integer() });

/** A reply liked or unliked, as it now is. */
export const ReplyResponse = Type.Object({ reply: Reply });

/** The reply that is gone, and how many replies its post has now. */
export const ReplyRemoval = Type.Object({ replyId: Type.String(), postId: Type.String(), replyCount: Type.Integer() });

/**
 * One of a member's notifications (the `notifications` extension): someone followed them, liked
 * their post or reply, replied to their post, or mentioned them. Likes of one post or reply are
 * one notification: `actor` liked last, and `others` more members liked it too.
 */
export const Notification = Type.Object({
  id: Type.String(),
  /** `repost` and `quote` (the `reposts` extension): members reposted or quoted their post, grouped as likes are. */
  kind: Type.Union([Type.Literal('follow'), Type.Literal('like'), Type.Literal('reply'), Type.Literal('mention'), Type.Literal('repost'), Type.Literal('quote')]),
  /** Who acted (the newest of them, for grouped likes). */
  actor: UserSummary,
  /** How many more members are behind it. */
  others: Type.Integer(),
  /** The post it is about (a reply's post when it is about a reply); null for a follow. */
  postId: Type.Union([Type.String(), Type.Null()]),
  /** The reply it is about: the reply written, liked, or that mentions the member; null otherwise. */
  replyId: Type.Union([Type.String(), Type.Null()]),
  /**
   * The opening words of what it is about, as it reads now (the reply's text when there is a reply,
   * else the post's): its first NOTIFICATION_EXCERPT_MAX graphemes on one line, with "…" when the
   * text goes on; null for a follow, or a post with no text.
   */
  excerpt: Type.Union([Type.String(), Type.Null()]),
  /** Whether the member has seen it since it arrived or last grew. */
  read: Type.Boolean(),
  /** When it arrived or last grew. */
  createdAt: Type.String(),
});

/**
 * One page of the member's notifications, the latest first; `nextCursor` asks for the next one,
 * null after the last. `unreadCount` as in UnreadCount.
 */
export const NotificationsPage = Type.Object({
  notifications: Type.Array(Notification),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
  unreadCount: Type.Integer(),
});

/** How many of the member's notifications are unread, counted up to 100 (100 stands for 100 or more). */
export const UnreadCount = Type.Object({ unreadCount: Type.Integer() });

/** POST /auth/logout. */
export const Empty = Type.Object({});

/**
 * Every refusal, 4xx or 5xx. `code` is machine-readable (contract/messages.ts: 'token_invalid',
 * 'post_not_found', ...); a backend that answers only the spec may leave it out.
 */
export const ErrorResponse = Type.Object({ errors: Type.Array(Type.String()), code: Type.Optional(Type.String()) });


/**
 * Where the caller stands with another member (the `mute-block` extension): whether the caller mutes
 * them, and whether the caller blocks them.
 */
export const Relation = Type.Object({ userId: Type.String(), muted: Type.Boolean(), blocked: Type.Boolean() });

/** GET /users/relation/:userId (the `mute-block` extension): the Relation, and who the other member is. */
export const RelationWith = Type.Object({ userId: Type.String(), muted: Type.Boolean(), blocked: Type.Boolean(), user: UserSummary });


// ---- A member's data (the `accounts` extension, contract/rules/memberData.ts) ----

/** A member named in an export's lists: by username, which carries to another network; names for reading. */
const DataMember = Type.Object({ username: Type.String(), firstName: Type.String(), lastName: Type.String() });

/**
 * GET /account/export: everything the member made, as plain data with their images as URLs (the app
 * fetches them into the zip). `format` is LIMITS.dataFormat; ids name things on this network only.
 */
export const DataExport = Type.Object({
  format: Type.Integer(),
  exportedAt: Type.String(),
  profile: Type.Object({
    username: Type.String(),
    firstName: Type.String(),
    lastName: Type.String(),
    userBio: Type.String(),
    userPortfolioUrl: Type.String(),
    language: Type.String(),
    /** The avatar's URL; '' for none. */
    image: Type.String(),
    createdAt: Type.String(),
  }),
  /** The member's posts, oldest first. */
  posts: Type.Array(Type.Object({
    id: Type.String(),
    content: Type.String(),
    /** The image's URL; '' for none. */
    postImage: Type.String(),
    imageAlt: Type.String(),
    warning: Type.String(),
    createdAt: Type.String(),
    editedAt: Type.Union([Type.String(), Type.Null()]),
    /** The images after the first (`more-images`), in order, by URL; absent when none. */
    moreImages: Type.Optional(Type.Array(Type.Object({ url: Type.String(), alt: Type.String() }))),
  })),
  /** The member's replies, oldest first, each with the post it answers (another member's too) and the reply it answers. */
  replies: Type.Array(Type.Object({
    id: Type.String(),
    postId: Type.String(),
    /** The username of the post's author. */
    postAuthor: Type.String(),
    replyToId: Type.Union([Type.String(), Type.Null()]),
    content: Type.String(),
    createdAt: Type.String(),
  })),
  /** The ids of the member's pinned posts, in the order they were pinned. */
  pinnedPostIds: Type.Array(Type.String()),
  /** Whom the member follows, mutes and blocks, each in the order it began. */
  following: Type.Array(DataMember),
  muting: Type.Array(DataMember),
  blocking: Type.Array(DataMember),
  /** The posts the member bookmarked, in the order they were added, each with its author and text for reading. */
  bookmarks: Type.Array(Type.Object({ postId: Type.String(), postAuthor: Type.String(), content: Type.String() })),
});

/**
 * POST /account/import: an export, read back into a new account. Images travel as data URLs (or as
 * images shipped with the app, /images/...); ids are the export's, linking replies, pins and bookmarks
 * to the posts they name. Fields beyond these (names, counts) are ignored.
 */
export const DataImportRequest = Type.Object({
  format: Type.Integer(),
  profile: Type.Optional(Type.Object({
    userBio: OptionalText,
    userPortfolioUrl: OptionalText,
    language: OptionalText,
    /** A data URL, an image shipped with the app, or '' for none. */
    avatar: OptionalText,
  })),
  posts: Type.Array(Type.Object({
    id: Type.String(),
    text: OptionalText,
    image: OptionalText,
    imageAlt: OptionalText,
    warning: OptionalText,
    createdAt: Type.String(),
    editedAt: OptionalText,
    /** The images after the first (`more-images`): `[{ image, imageAlt? }]`, each as `image` is given. */
    moreImages: Type.Optional(Type.Unknown()),
  })),
  replies: Type.Optional(Type.Array(Type.Object({
    id: Type.String(),
    postId: Type.String(),
    replyToId: OptionalText,
    text: OptionalText,
    createdAt: Type.String(),
  }))),
  pinnedPostIds: Type.Optional(Type.Array(Type.String())),
  /** Usernames. */
  following: Type.Optional(Type.Array(Type.String())),
  muting: Type.Optional(Type.Array(Type.String())),
  blocking: Type.Optional(Type.Array(Type.String())),
  /** Post ids: the export's own posts, or posts of this network. */
  bookmarks: Type.Optional(Type.Array(Type.String())),
});

/** What an import did: how many of each it made, and what it left out, with why. */
export const DataImportResult = Type.Object({
  posts: Type.Integer(),
  replies: Type.Integer(),
  follows: Type.Integer(),
  bookmarks: Type.Integer(),
  mutes: Type.Integer(),
  blocks: Type.Integer(),
  skipped: Type.Array(Type.Object({
    kind: Type.Union([Type.Literal('reply'), Type.Literal('follow'), Type.Literal('bookmark'), Type.Literal('mute'), Type.Literal('block')]),
    /** The username, or the export's id of the reply or the bookmarked post. */
    name: Type.String(),
    /** The refusal's code (contract/messages.ts), e.g. user_not_found. */
    code: Type.String(),
  })),
});
