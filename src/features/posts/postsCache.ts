import type { Post, UserSummary } from '../../types/api';
import { jsonEqual } from '../../lib/jsonEqual';

/**
 * Pure helpers for writing answers into the cache. They keep the references of posts that did not
 * change, so a memoized card re-renders only when its own post did.
 */

/** `next`, reusing every post object of `prev` that is equal to its new version. */
export function reconcilePosts(prev: readonly Post[] | undefined, next: readonly Post[]): Post[] {
  if (!prev || prev.length === 0) return next.slice();
  const byId = new Map<string, Post>();
  for (const post of prev) byId.set(post.id, post);
  let same = prev.length === next.length;
  const result = next.map((post, index) => {
    const old = byId.get(post.id);
    const kept = old && jsonEqual(old, post) ? old : post;
    if (kept !== prev[index]) same = false;
    return kept;
  });
  return same ? (prev as Post[]) : result;
}

/** One post's new version, or the old object when nothing changed. */
export function reconcilePost(prev: Post | undefined, next: Post): Post {
  return prev && jsonEqual(prev, next) ? prev : next;
}

/** The fields of a member that posts carry in likedBy / dislikedBy. */
export function toSummary(member: UserSummary): UserSummary {
  return { _id: member._id, username: member.username, firstName: member.firstName, lastName: member.lastName, image: member.image };
}

/** Whether the member's id is in the post's likedBy (spec: the liked state). */
export function isLikedBy(post: Post, memberId: string | null | undefined): boolean {
  if (!memberId) return false;
  return post.likes.likedBy.some((entry) => entry._id === memberId);
}

/** Like: the member joins likedBy, leaves dislikedBy, and the count goes up (mutates a draft). */
export function applyLike(post: Post, member: UserSummary): void {
  const { likes } = post;
  if (!likes.likedBy.some((entry) => entry._id === member._id)) likes.likedBy.push(toSummary(member));
  likes.dislikedBy = likes.dislikedBy.filter((entry) => entry._id !== member._id);
  likes.likeCount += 1;
}

/** Dislike: the member leaves likedBy, joins dislikedBy, and the count goes down (mutates a draft). */
export function applyDislike(post: Post, member: UserSummary): void {
  const { likes } = post;
  likes.likedBy = likes.likedBy.filter((entry) => entry._id !== member._id);
  if (!likes.dislikedBy.some((entry) => entry._id === member._id)) likes.dislikedBy.push(toSummary(member));
  likes.likeCount = Math.max(0, likes.likeCount - 1);
}
