/**
 * A seed's notifications, told from what the seed already holds, so every one of them is so: the
 * likes of the member's posts (one notification a post), their followers, and the posts that mention
 * them. The latest `unread` of them are unread.
 */
import { notificationKey } from '../rules/notifications';
import { textParts } from '../richText';
import type { DbSnapshot, NotificationRecord } from '../snapshot';

const HOUR = 3_600_000;

function later(iso: string, ms: number): string {
  return new Date(Date.parse(iso) + ms).toISOString();
}

export function seedNotifications(seed: Pick<DbSnapshot, 'users' | 'posts'>, memberId: string, unread: number): NotificationRecord[] {
  const member = seed.users.find((user) => user.id === memberId);
  if (!member) return [];
  const username = member.username.toLowerCase();
  const found: Array<Omit<NotificationRecord, 'id' | 'unread'>> = [];
  const joined = new Map(seed.users.map((user) => [user.id, user.createdAt]));
  for (const followerId of member.followers) {
    // An hour after whichever of the two joined last.
    const since = [member.createdAt, joined.get(followerId) ?? member.createdAt].sort()[1] ?? member.createdAt;
    found.push({
      recipientId: memberId, kind: 'follow', key: notificationKey({ kind: 'follow', actorId: followerId }),
      postId: null, replyId: null, actorIds: [followerId], updatedAt: later(since, HOUR),
    });
  }
  for (const post of seed.posts) {
    const likers = post.likedBy.filter((id) => id !== memberId);
    if (post.authorId === memberId && likers.length > 0) {
      found.push({
        recipientId: memberId, kind: 'like', key: notificationKey({ kind: 'like', actorId: '', postId: post.id }),
        postId: post.id, replyId: null, actorIds: likers, updatedAt: later(post.createdAt, 2 * HOUR),
      });
    }
    const mentions = post.authorId !== memberId
      && textParts(post.content).some((part) => part.kind === 'mention' && part.username.toLowerCase() === username);
    if (mentions) {
      found.push({
        recipientId: memberId, kind: 'mention', key: notificationKey({ kind: 'mention', actorId: post.authorId, postId: post.id }),
        postId: post.id, replyId: null, actorIds: [post.authorId], updatedAt: post.createdAt,
      });
    }
  }
  found.sort((a, b) => (a.updatedAt < b.updatedAt ? -1 : a.updatedAt > b.updatedAt ? 1 : a.key < b.key ? -1 : 1));
  return found.map((entry, index) => ({
    id: `n-seed-${memberId}-${String(index + 1).padStart(5, '0')}`,
    ...entry,
    unread: index >= found.length - unread,
  }));
}
