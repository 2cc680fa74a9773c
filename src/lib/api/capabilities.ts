import type { ApiExtension } from '../../types/api';
import { LIMITS } from '../../../contract/limits';
import { backendHas, useBackendHas, useGetHealthQuery } from './api';

/**
 * What the app offers beyond the spec, by what the backend said it has (GET /health): the one map a
 * screen reads to show a feature or leave it out. How the app speaks to the backend (pages, the
 * feed, changed-only answers, counts, idempotency keys) is not here: the calls settle that below
 * the screens, and no screen asks.
 */
const CAPABILITIES = {
  /** Replies under a post, and its page. */
  replies: 'replies',
  /** Links in replies. */
  replyLinks: 'reply-links',
  /** The bell and the notifications page. */
  notifications: 'notifications',
  /** Tags in posts and replies, and a tag's page. */
  tags: 'tags',
  /** Followers and following, as lists. */
  memberLists: 'member-lists',
  /** Mute and block, and the page that lists them. */
  muteBlock: 'mute-block',
  /** A content warning a post's text and image hide behind until opened. */
  contentWarnings: 'content-warnings',
  /** Posts pinned to their author's profile. */
  pins: 'pins',
  /** A description written for a post's image. */
  altText: 'alt-text',
  /** Search in posts' texts, by tag and by author. */
  postSearch: 'post-search',
  /** The member's devices, each logged out from the list. */
  accounts: 'accounts',
  /** The live stream: changes shown as they happen. */
  live: 'events',
  /** Posts kept to publish at a time the member picks, and the page that lists them. */
  scheduledPosts: 'scheduled-posts',
  /** Reposts and quotes of posts, their counts, and who may quote a member's posts. */
  reposts: 'reposts',
  /** Up to the backend's number of images a post, rather than one. */
  moreImages: 'more-images',
  /** Reporting to the moderators, their queue and actions, roles, and the network's rules at signup. */
  moderation: 'moderation',
} as const satisfies Record<string, ApiExtension>;

export type Capability = keyof typeof CAPABILITIES;

/** Whether the backend offers `capability`; nothing is assumed before its health answer. */
export function hasCapability(state: unknown, capability: Capability): boolean {
  return backendHas(state, CAPABILITIES[capability]);
}

/**
 * Whether the backend offers `capability`: undefined until its health answer is in (a screen that
 * depends on it waits), false for a backend without /health (it answers the spec alone).
 */
export function useCapability(capability: Capability): boolean | undefined {
  return useBackendHas(CAPABILITIES[capability]);
}

/**
 * The most pixels a picked image may have: the backend's own limit (its health answer's `limits`),
 * or the contract's default while it has not said, or when it does not.
 */
export function useImagePixelsMax(): number {
  const { data } = useGetHealthQuery();
  return data?.limits?.imagePixelsMax ?? LIMITS.imagePixelsMax;
}

/**
 * How many images a post may have: the backend's own number (its health answer's `limits`, or the
 * contract's default when it does not say) where it has the `more-images` extension; one where it
 * does not (a backend with the spec's calls alone takes one image), and while its answer is awaited.
 */
export function usePostImagesMax(): number {
  const { data } = useGetHealthQuery();
  const more = useCapability('moreImages');
  if (!more) return 1;
  return data?.limits?.postImagesMax ?? LIMITS.postImagesMax;
}
