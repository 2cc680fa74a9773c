import type { Post, UserSummary } from '../../types/api';
import { toSummary } from '../users/followUpdates';

// Pure changes of a post, for the cache's optimistic updates. A member joins likedBy and dislikedBy
// as members' lists carry them (toSummary, which the bench also takes from here).
export { toSummary };

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
