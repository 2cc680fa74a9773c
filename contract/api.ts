/**
 * The wire contract between the SocialConnect app and its backends (spec sections 3 and 7), as
 * types of the schemas in contract/schemas.ts. The app, the stand-in backend and the server all use
 * it; it imports the schemas as types only, so the app's bundle carries none of them.
 */
import type { Static } from '@sinclair/typebox';
import type * as Schema from './schemas';

export type UserSummary = Static<typeof Schema.UserSummary>;
export type User = Static<typeof Schema.User>;
export type PostLikes = Static<typeof Schema.PostLikes>;
export type Post = Static<typeof Schema.Post>;
export type ImageSizes = Static<typeof Schema.ImageSizes>;
export type MoreImage = Static<typeof Schema.MoreImage>;
/** One image after a new post's first (`more-images`), as `postData.moreImages` sends it. */
export interface MoreImageDraft { image: string; imageAlt?: string }
export type Reply = Static<typeof Schema.Reply>;
export type ReplyTarget = Static<typeof Schema.ReplyTarget>;

// ---- Request bodies ----

/** What signup reads, as a client sends it: each field text (the backend tells which is wrong). */
export type SignupRequest = Record<Exclude<keyof Static<typeof Schema.SignupRequest>, 'email' | 'acceptedRules'>, string> & { email?: string; acceptedRules?: boolean };
export type PasswordForgotRequest = { login: string };
export type PasswordResetRequest = { token: string; password: string };
export type LoginRequest = Static<typeof Schema.LoginRequest>;
export type PostDraftPayload = Static<typeof Schema.PostDraftPayload>;
export type PostEditPayload = Static<typeof Schema.PostEditPayload>;
export type UserEditPayload = Static<typeof Schema.UserEditPayload>;
export type ReplyDraftPayload = Static<typeof Schema.ReplyDraftPayload>;

// ---- Answers ----

export type SignupResponse = Static<typeof Schema.SignupResponse>;
export type LoginResponse = Static<typeof Schema.LoginResponse>;
export type PostsResponse = Static<typeof Schema.PostsResponse>;
export type PostResponse = Static<typeof Schema.PostResponse>;
export type UsersResponse = Static<typeof Schema.UsersResponse>;
export type UserResponse = Static<typeof Schema.UserResponse>;
export type UserEditResponse = Static<typeof Schema.UserEditResponse>;
export type BookmarksResponse = Static<typeof Schema.BookmarksResponse>;
export type FollowResponse = Static<typeof Schema.FollowResponse>;
export type HealthResponse = Static<typeof Schema.HealthResponse>;
export type ReactionChange = Static<typeof Schema.ReactionChange>;
export type ErrorResponse = Static<typeof Schema.ErrorResponse>;

// ---- The network version: a header, not an extension (contract/networkVersion.ts) ----
// A server's answers say in X-Network-Version the network version they reflect; the app sends back
// the highest it has seen, and no copy older than that answers it. The stand-in neither sends nor reads it.

// ---- Extensions beyond the spec (a client that does not ask gets the spec's answers) ----

/**
 * - 'pages': list calls accept `?limit=N&cursor=C` and answer a PostsPage;
 * - 'feed': GET /feed?sort=latest|oldest|trending&limit=&cursor= answers the member's home feed;
 * - 'return-minimal': a mutation sent with `Prefer: return=minimal` answers only what changed;
 * - 'events': GET /events is the live stream of what changes (contract/events.ts);
 * - 'replies': replies to posts (GET and POST /posts/:postId/replies, DELETE /replies/:replyId,
 *   POST /replies/like/:replyId and /replies/unlike/:replyId), and each post's `replyCount`;
 * - 'tags': GET /tags/:tag/posts?limit=&cursor= answers the posts whose text holds `#tag` (any case),
 *   newest first, a page at a time;
 * - 'notifications': the member's notifications (GET /notifications, paged, the latest first; GET
 *   /notifications/unread; POST /notifications/read marks them all read), live as
 *   'notifications-changed'.
 * - 'reply-links': a link can land on one reply of a long conversation: GET
 *   /posts/:postId/replies?at=<replyId> answers the page that begins with that reply (404 when it is
 *   gone), `?before=<cursor>` the page before a position, and each page its `previousCursor`.
 * - 'reaction-counts': a like or a dislike sent with `Prefer: return=minimal, reaction-counts`
 *   answers the post's counts and the caller's reaction (ReactionChange), of a size that does not
 *   grow with the members who reacted; `return=minimal` alone still answers the post;
 * - 'alt-text': a post's image carries a description (`imageAlt`, at most 1,500 characters), sent
 *   with the new post and changed with an edit;
 * - 'edit-marks': each post's `editedAt`, when its author last changed its text or description;
 * - 'member-lists': GET /users/:userId/followers, GET /users/:userId/following and GET
 *   /posts/:postId/likes answer a MembersPage, the latest to begin first, a page at a time;
 * - 'mute-block': POST /users/mute/:userId, /users/unmute/:userId, /users/block/:userId and
 *   /users/unblock/:userId answer a Relation; GET /users/muted and /users/blocked answer a MembersPage;
 *   GET /users/relation/:userId answers where the caller stands with that one member (RelationWith).
 *   A muted member's posts and replies leave the caller's feed, the lists of every post and of a tag,
 *   and their notifications. A block works both ways: follows end, and each is to the other as if they
 *   did not exist (not found, left out of lists, no notification, no reply, no follow).
 * - 'change-counts': a bookmark, a remove-bookmark, a follow or an unfollow sent with `Prefer:
 *   return=minimal, change-counts` answers only the change and the counts it moved (BookmarkChange
 *   without its post; FollowChange), of a size that does not grow with the post's reactions or the
 *   members' follows; without it a bookmark answers as `return-minimal` says and a follow both members.
 * - 'image-sizes': a post whose image was uploaded carries `imageSizes`: its width and height, and
 *   smaller WebP copies (480, 960 and 1,600 pixels wide, those narrower than the image) for `srcset`.
 * - 'pins': POST /posts/pin/:postId and /posts/unpin/:postId pin a member's own post to their profile
 *   and take it off (at most LIMITS.pinnedPostsMax), answering a PinChange; GET /users/:userId/pinned
 *   answers their pinned posts, the latest pinned first (PostsResponse). A pin is no new post: the live
 *   stream tells of it as the member's record changing (`member-updated`).
 * - 'content-warnings': a new post and an edit may carry `warning` (at most LIMITS.contentWarningMax
 *   characters, one line; an edit's '' takes it off), and every post answers its `warning` ('' when
 *   none); a change to it marks the post edited.
 * - 'post-search': GET /search/posts?q=&limit=&cursor= answers the posts a search finds (words and
 *   "phrases" anywhere in the text, ignoring case and accents; `#tag`; `from:username`), newest first,
 *   a page at a time, leaving out what `mute-block` leaves out of every list (contract/search.ts).
 * - 'accounts': a member's devices (contract/rules/sessions.ts). GET /sessions lists the devices
 *   logged in (DeviceSessions); POST /sessions/end/:sessionId logs one other device out at once (its
 *   live stream ends); POST /sessions/end-others logs out every other device, answering a new token
 *   for this one (OtherDevicesEnded). Signup keeps `email` (one account an address). POST
 *   /auth/forgot-password `{ login }` mails a link that sets a new password to the account's address,
 *   answering the same whether or not one matched; POST /auth/reset-password `{ token, password }`
 *   sets it (contract/rules/passwordReset.ts). GET /account/email answers the member's address and
 *   whether it is confirmed (AccountEmail); POST /account/email `{ email }` sets it and mails a link
 *   that confirms it; POST /auth/confirm-email `{ token }` confirms it (contract/rules/email.ts).
 *   Two-factor sign-in (contract/rules/twoFactor.ts): GET /account/two-factor (TwoFactorStatus);
 *   POST /account/two-factor/setup answers a new key (TwoFactorSetup); POST /account/two-factor/enable
 *   `{ secret, code }` turns it on and answers ten recovery codes once (TwoFactorEnabled); POST
 *   /account/two-factor/disable `{ code }` turns it off. Login then refuses with `twoFactorRequired`
 *   until the body carries `code`: the authenticator's, or a recovery code, each good once.
 *   GET /account/export answers everything the member made (DataExport); POST /account/import reads
 *   one into an account that has no posts or replies yet, answering what it made and what it skipped
 *   (DataImportResult; contract/rules/memberData.ts).
 *   Leaving (contract/rules/leaving.ts): GET /account/deletion (AccountDeletion); POST
 *   /account/deletion `{ password, code? }` sets the account to be deleted after the backend's grace
 *   period: every device is logged out (`session-ended`, reason 'leaving'), `member-left` tells every
 *   stream, and from then on the member is to everyone else as if they did not exist (as a block
 *   makes them). Logging in again and DELETE /account/deletion keeps the account. Once the period is
 *   over the member and everything they made go for good: posts (with others' replies to them),
 *   replies, reactions, follows, bookmarks, mutes, blocks, notifications, devices and images.
 * - 'scheduled-posts': POST /scheduled-posts `{ postData, publishAt }` keeps a post to publish at
 *   `publishAt` (at least a minute ahead, within LIMITS.scheduleDaysMax days; at most
 *   LIMITS.scheduledPostsMax waiting a member), its image checked and kept at once; GET
 *   /scheduled-posts lists the member's, the soonest first (theirs alone); POST /scheduled-posts/:id
 *   `{ postData?, publishAt? }` changes its text, description, warning or time; DELETE
 *   /scheduled-posts/:id cancels it (contract/rules/scheduledPosts.ts). At its time a backend
 *   publishes it as a new post (`post-created`), once, however many processes look: the server
 *   within seconds, the stand-in at its next call or look.
 * - 'reposts' (contract/rules/reposts.ts): POST /posts/:postId/repost reposts a post and DELETE
 *   /posts/:postId/repost takes it back, answering a RepostChange. A repost puts the original in the
 *   reposter's followers' home feed and on the reposter's profile, newest first, carrying `repost`
 *   (who, when); a page shows a post once. POST /posts with `quoteOf` writes a quote: a post of its own
 *   that carries the quoted one as `quote` (its `post` null once it is gone for the reader). Each
 *   member sets who may quote their posts (`quotePolicy`: 'anyone', 'followers' or 'nobody', by POST
 *   /users/edit), every post answers its author's, and both backends refuse a quote it does not
 *   allow. GET /posts/:postId/quotes answers the posts that quote it, newest first, a page at a
 *   time. Every post answers `repostCount` and `quoteCount`; the member's own record lists the posts
 *   they reposted (`reposts`, to them alone, as bookmarks are); the author is told (`repost` and `quote` notifications, grouped by post as likes are), and the
 *   stream carries `post-shared` with the counts. Blocks and mutes apply as to any post.
 * - 'more-images' (contract/rules/posts.ts): a post has up to `limits.postImagesMax` images (GET
 *   /health; 4 unless the backend sets another): the first as the spec's `postImage`, the rest in
 *   `moreImages` (`[{ url, alt, sizes? }]`, in the author's order, absent when none). POST /posts and
 *   /scheduled-posts take them as `postData.moreImages` (`[{ image, imageAlt? }]`, data URLs, each
 *   checked as the first is); an edit changes their descriptions by `postData.moreImageAlts`, one
 *   string each, in order. Too many is refused (`tooManyImages`), so is a list of descriptions that
 *   does not match the images (`imageAltsInvalid`).
 * - 'moderation' (contract/rules/moderation.ts): members have a role ('member', 'moderator' or
 *   'admin'; admins are made by `npm run admin` on the server), which the member's own record alone
 *   carries (`role`). GET /rules (no token needed) answers the network's rules in the admin's order
 *   (RulesResponse); PUT /rules `{ rules: [{ id?, title, description }] }` replaces them (admins
 *   only; at most LIMITS.rulesMax, titles of 1 to LIMITS.ruleTitleMax characters, descriptions up to
 *   LIMITS.ruleDescriptionMax, trimmed). While there are rules, signup needs `acceptedRules: true`.
 *   GET /moderation/staff answers the admins and moderators (StaffResponse; moderators and admins
 *   only); PUT /moderation/members/:memberId/role `{ role: 'member' | 'moderator' }` names or
 *   unnames a moderator (admins only; an admin's own role is not changed here), answering a RoleChange.
 *   A report's `rule` is the id of one of the network's rules; the report keeps its title.
 *   Moderators and admins read the queue (contract/rules/moderationQueue.ts): GET
 *   /moderation/reports?status=open (ModerationQueue: the subjects with open reports, the newest
 *   report first, paged by cursor, each with its reports, the content as reported, and its member's
 *   history) and GET /moderation/reports/count (OpenReportCount); POST /moderation/actions
 *   `{ subject: { post | reply | member: id }, action, reason, reportIds? }` dismisses, removes,
 *   warns, limits (their posts reach their followers alone), suspends (no login; every session and
 *   stream ends, `session-ended` reason 'suspended'; hidden as a member who is leaving) or undoes a
 *   limit or a suspension, answering a ModerationActionResult. GET /moderation/restricted answers
 *   the members who are limited or suspended, by username, paged by cursor (RestrictedMembers;
 *   moderators and admins): where a suspension is found again to be lifted. A moderator acts on no
 *   admin and no other moderator. Every action is kept in the audit log, which admins alone read (GET
 *   /moderation/audit, AuditPage) and nothing changes. A member reads what was done about them, and
 *   why, in GET /moderation/notices. `report-opened` tells moderators' and admins' streams of a new
 *   report, with the open count.
 * - 'suggestions' (contract/rules/users.ts): GET /users/suggestions?limit= answers whom the caller
 *   might follow (MemberSuggestions: at most `limit`, 20 unless asked, up to PAGE_LIMIT_MAX, and how
 *   many there are in all, `total`): the members in joining order but the caller, those they follow or mute, and those in a block with
 *   them; for a caller without a token, everyone who is not leaving. The spec's "Who to follow?"
 *   without the whole members list: a backend without it is asked GET /users, and the app chooses.
 * - 'member-search' (contract/search.ts): GET /users/search?q=&limit= answers the members whose first
 *   or last name holds `q` (spec section 5's people search: ignoring case), and GET
 *   /users/search?username= the member with that username (ignoring case, an `@` before it
 *   dropped; a mention, a moderator named): MembersFound, in joining order, at most `limit` (20
 *   unless asked, up to PAGE_LIMIT_MAX) and how many there are (`total`), less anyone in a block
 *   with the caller or leaving, as the members list leaves them out. Nothing to look for answers
 *   none; a `q` over LIMITS.searchQueryMax characters is refused (`searchTooLong`). A backend
 *   without it is asked GET /users once, and the app looks there.
 */
export type ApiExtension = Static<typeof Schema.ApiExtension>;

export const API_EXTENSIONS: readonly ApiExtension[] = ['pages', 'feed', 'return-minimal', 'events', 'replies', 'tags', 'notifications', 'idempotency', 'reply-links', 'reaction-counts', 'alt-text', 'edit-marks', 'member-lists', 'mute-block', 'change-counts', 'image-sizes', 'member-language', 'pins', 'content-warnings', 'post-search', 'accounts', 'scheduled-posts', 'reposts', 'more-images', 'moderation', 'suggestions', 'member-search'];

/** The largest page a client may ask for, and the size of a page when it names none. */
export const PAGE_LIMIT_MAX = 100;
export const PAGE_LIMIT_DEFAULT = 20;

export type PostsPage = Static<typeof Schema.PostsPage>;
export type MembersPage = Static<typeof Schema.MembersPage>;
export type MemberSuggestions = Static<typeof Schema.MemberSuggestions>;
export type MembersFound = Static<typeof Schema.MembersFound>;
export type PostRemoval = Static<typeof Schema.PostRemoval>;
export type BookmarkChange = Static<typeof Schema.BookmarkChange>;
export type FollowChange = Static<typeof Schema.FollowChange>;
export type RepliesPage = Static<typeof Schema.RepliesPage>;
export type ReplyCreated = Static<typeof Schema.ReplyCreated>;
export type ReplyResponse = Static<typeof Schema.ReplyResponse>;
export type ReplyRemoval = Static<typeof Schema.ReplyRemoval>;
export type AppNotification = Static<typeof Schema.Notification>;
export type NotificationsPage = Static<typeof Schema.NotificationsPage>;
export type UnreadCount = Static<typeof Schema.UnreadCount>;
export type Relation = Static<typeof Schema.Relation>;
export type RelationWith = Static<typeof Schema.RelationWith>;
export type PinChange = Static<typeof Schema.PinChange>;
export type RepostChange = Static<typeof Schema.RepostChange>;
export type QuotePolicy = Static<typeof Schema.QuotePolicy>;
export type QuotedPost = Static<typeof Schema.QuotedPost>;
export type DeviceSession = Static<typeof Schema.DeviceSession>;
export type DeviceSessions = Static<typeof Schema.DeviceSessions>;
export type OtherDevicesEnded = Static<typeof Schema.OtherDevicesEnded>;
export type AccountEmail = Static<typeof Schema.AccountEmail>;
export type TwoFactorStatus = Static<typeof Schema.TwoFactorStatus>;
export type AccountDeletion = Static<typeof Schema.AccountDeletion>;
export type ScheduledPost = Static<typeof Schema.ScheduledPost>;
export type ScheduledPostsResponse = Static<typeof Schema.ScheduledPostsResponse>;
export type ScheduledPostResponse = Static<typeof Schema.ScheduledPostResponse>;
export type ScheduledPostDraft = Static<typeof Schema.ScheduledPostDraft>;
export type ScheduledPostEdit = Static<typeof Schema.ScheduledPostEdit>;
export type TwoFactorSetup = Static<typeof Schema.TwoFactorSetup>;
export type TwoFactorEnabled = Static<typeof Schema.TwoFactorEnabled>;
export type DataExport = Static<typeof Schema.DataExport>;
export type DataImportRequest = Static<typeof Schema.DataImportRequest>;
export type DataImportResult = Static<typeof Schema.DataImportResult>;
export type ReportReason = Static<typeof Schema.ReportReason>;
export type ReportStatus = Static<typeof Schema.ReportStatus>;
export type ReportSubject = Static<typeof Schema.ReportSubject>;
export type ReportRequest = Static<typeof Schema.ReportRequest>;
export type Report = Static<typeof Schema.Report>;
export type ReportSummary = Static<typeof Schema.ReportSummary>;
export type ReportsResponse = Static<typeof Schema.ReportsResponse>;
export type ReportedContent = Static<typeof Schema.ReportedContent>;
export type Role = Static<typeof Schema.Role>;
export type NetworkRule = Static<typeof Schema.NetworkRule>;
export type RulesResponse = Static<typeof Schema.RulesResponse>;
/** PUT /rules: the whole list, in order; a rule keeps its `id` when it has one. */
export interface RulesUpdate { rules: Array<{ id?: string; title: string; description: string }> }
export type StaffMember = Static<typeof Schema.StaffMember>;
export type StaffResponse = Static<typeof Schema.StaffResponse>;
export type RoleChange = Static<typeof Schema.RoleChange>;
export type ModerationAction = Static<typeof Schema.ModerationAction>;
export type MemberStanding = Static<typeof Schema.MemberStanding>;
export type QueueReport = Static<typeof Schema.QueueReport>;
export type QueueEntry = Static<typeof Schema.QueueEntry>;
export type ModerationQueue = Static<typeof Schema.ModerationQueue>;
export type OpenReportCount = Static<typeof Schema.OpenReportCount>;
export type ModerationActionRequest = Static<typeof Schema.ModerationActionRequest>;
export type ModerationActionResult = Static<typeof Schema.ModerationActionResult>;
export type AuditEntry = Static<typeof Schema.AuditEntry>;
export type AuditPage = Static<typeof Schema.AuditPage>;
export type RestrictedMembers = Static<typeof Schema.RestrictedMembers>;
export type ModerationNotice = Static<typeof Schema.ModerationNotice>;
export type ModerationNotices = Static<typeof Schema.ModerationNotices>;

/** The unread count is counted up to this: a count of 100 stands for 100 or more. */
export const NOTIFICATIONS_UNREAD_MAX = 100;
/** How many graphemes of a post's or a reply's text a notification about it quotes. */
export const NOTIFICATION_EXCERPT_MAX = 80;
