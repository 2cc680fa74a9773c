/**
 * The app's words in English, the source language: each an ICU message (plural and select rules
 * from CLDR, `#` the count in the member's number format). The spec's English texts stay word for
 * word as the spec writes them. Every other catalogue answers each of these ids (a `Catalogue`), so
 * a missing translation fails the typecheck. The app reads the compiled forms in `../compiled/`,
 * written by `npm run i18n:compile`.
 */
export const en = {
  'profile.followers': '{count, plural, one {# Follower} other {# Followers}}',
  'profile.following': '{count, plural, other {# Following}}',
  'post.likes': '{count, plural, one {# like} other {# likes}}',
  'post.likesOpen': '{count, plural, one {# like} other {# likes}}: who likes this post',
  'replies.count': '{count, plural, one {# reply} other {# replies}}',
  'feed.newPosts': '{count, plural, one {# new post} other {# new posts}}',
  'people.shownOf': '{shown, number} of {count, plural, one {# person} other {# people}}',
  'people.found': '{count, plural, one {# person found} other {# people found}}',
  'characters.left': '{count, plural, one {# character left} other {# characters left}}',
  'characters.over': '{count, plural, one {# character over the limit} other {# characters over the limit}}',
  'profile.bio': '{length, number} of {max, number} characters.',
  'profile.bioOver': '{length, number} of {max, number} characters: {over, plural, one {# character} other {# characters}} over the limit. Shorten it to save; nothing was cut.',
  'page.home': "Home",
  'page.explore': "Explore",
  'page.bookmarks': "Bookmarks",
  'feed.loading': "Loading posts…",
  'home.empty': "Let's Create Some Posts...!",
  'explore.empty': "No Post to Explore",
  'bookmarks.loading': "Loading bookmarks…",
  'bookmarks.empty': "No Bookmarks Yet",
  'profile.edit': "Edit Profile",
  'profile.connections': "Connections",
  'post.liked': "You Liked the Post!",
  'post.disliked': "You Disliked the post!",
  'post.deleted': "Post Deleted Successfully!",
  'post.commentsSoon': "Comments are coming soon",
  'post.notAuthor': "Only the author can change this post",
  'post.confirmDeleteTitle': "Delete this post?",
  'post.confirmDeleteText': "It will be gone for good, with its likes and bookmarks.",
  'post.keep': "Keep the post",
  'post.edit': "Edit post",
  'post.delete': "Delete post",
  'post.likeName': "Like, {count, plural, one {# like} other {# likes}}",
  'post.repliesName': "Replies, {count, plural, one {# reply} other {# replies}}",
  'post.replies': "Replies",
  'post.imageFailed': "The image could not load.",
  'nav.main': "Main",
  'nav.mobile': "Mobile",
  'nav.home': "Home",
  'nav.explore': "Explore",
  'nav.bookmark': "Bookmark",
  'nav.profile': "Profile",
  'nav.mutedAndBlocked': "Muted and blocked",
  'nav.createPost': "Create New Post",
  'nav.display': "Display",
  'nav.logout': "Logout",
  'theme.legend': "Theme",
  'theme.light': "Light",
  'theme.dark': "Dark",
  'theme.system': "System",
  'bell.label': "Notifications",
  'bell.countMax': "{max, number}+",
  'bell.unread': "{count, plural, other {unread}}",
  'bookmark.name': "Bookmark",
  'bookmark.added': "Added to Bookmark!",
  'bookmark.removed': "Removed from Bookmark!",
} as const;

/** The id of a text the app shows. */
export type MessageId = keyof typeof en;

/** A language's words: one ICU message for each id. */
export type Catalogue = Record<MessageId, string>;
