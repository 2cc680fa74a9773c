import { api, type CacheAccess } from '../../lib/api/api';
import type { EventPayloads } from '../../../contract/events';
import type { UserSummary } from '../../types/api';
import { patchPost, replacePost } from './postCopies';
import { postsApi } from './postsApi';

// What another member, or the member on another device, changed in a post, written into every
// cached copy of it where it is (nothing moves).

/** Whether any cached query shows the post. */
function isShown(cache: CacheAccess, postId: string): boolean {
  return api.util.selectInvalidatedBy(cache.getState(), [{ type: 'Post', id: postId }]).length > 0;
}

/** A reaction: the counts the backend reports, and the member among those who liked or disliked. */
export function reactionHeard(cache: CacheAccess, { postId, memberId, reaction, likeCount }: EventPayloads['post-reacted']): void {
  patchPost(cache, postId, (post) => {
    const { likes } = post;
    const entry: UserSummary = [...likes.likedBy, ...likes.dislikedBy].find((member) => member._id === memberId)
      ?? { _id: memberId, username: '', firstName: '', lastName: '', image: '' };
    likes.likedBy = likes.likedBy.filter((member) => member._id !== memberId);
    likes.dislikedBy = likes.dislikedBy.filter((member) => member._id !== memberId);
    if (reaction === 'like') likes.likedBy.push(entry);
    if (reaction === 'dislike') likes.dislikedBy.push(entry);
    likes.likeCount = likeCount;
  });
}

/** The post as the backend has it now, in every cached copy of it; nothing is asked when none is shown. */
export async function reloadPost(cache: CacheAccess, postId: string): Promise<void> {
  if (!isShown(cache, postId)) return;
  const { data } = await cache.dispatch(postsApi.endpoints.getPost.initiate(postId, { subscribe: false, forceRefetch: true }));
  if (data) replacePost(cache, data);
}
