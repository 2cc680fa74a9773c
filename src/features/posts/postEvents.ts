import type { CacheAccess } from '../../lib/api/api';
import type { EventPayloads } from '../../../contract/events';
import { unknownMember } from '../users/followUpdates';
import { patchPost } from './postCopies';

export { reloadPost } from './postsApi';

// What another member, or the member on another device, changed in a post, written into every
// cached copy of it where it is (nothing moves).

/** A reaction: the counts the backend reports, and the member among those who liked or disliked. */
export function reactionHeard(cache: CacheAccess, { postId, memberId, reaction, likeCount }: EventPayloads['post-reacted']): void {
  patchPost(cache, postId, (post) => {
    const { likes } = post;
    const entry = [...likes.likedBy, ...likes.dislikedBy].find((member) => member._id === memberId) ?? unknownMember(memberId);
    likes.likedBy = likes.likedBy.filter((member) => member._id !== memberId);
    likes.dislikedBy = likes.dislikedBy.filter((member) => member._id !== memberId);
    if (reaction === 'like') likes.likedBy.push(entry);
    if (reaction === 'dislike') likes.dislikedBy.push(entry);
    likes.likeCount = likeCount;
  });
}
