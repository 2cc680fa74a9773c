/**
 * The network the server bench reads replies and notifications on: the demo network, 600 more
 * members, and the demo member told of 10,000 things by many of them: follows, likes of her posts
 * (one notification a post, grouping its likers), replies to her posts and mentions of her in theirs,
 * interleaved in time as they would come. One of her posts has 1,000 replies from many members, a
 * third of them answering an earlier reply, some of them liked. Every notification is so (the
 * snapshot's consistency rules hold), and the same network is built on every run.
 */
import { notificationKey } from '../../contract/rules/notifications';
import { DEMO_USER_ID, SEED_PASSWORD, buildDefaultSeed } from '../../contract/seed/default';
import { buildPost, buildUser, linkFollow, pseudoRandom, stableUuid } from '../../contract/seed/factories';
import type { DbSnapshot, NotificationRecord, PostRecord, ReplyRecord, UserRecord } from '../../contract/snapshot';

export const NOTIFIED_TOTAL = 10_000;
export const BUSY_POST_REPLIES = 1_000;
const CROWD = 600;
/** The crowd members who follow, like, reply and mention; the others have done nothing yet. */
const ACTIVE = 500;
const FOLLOWS = ACTIVE;
const REPLIES = 4_000;
const MENTIONS = 3_000;
/** The latest this many notifications are unread (more than the 99 the bell counts to). */
const UNREAD = 150;
const MINUTE = 60_000;

export interface NotifiedNetwork {
  snapshot: DbSnapshot;
  /** The member with 10,000 notifications (the demo member). */
  recipientId: string;
  recipientUsername: string;
  /** Her post with 1,000 replies. */
  busyPostId: string;
  /** Her latest posts, and members who have liked none of her posts: they like and take back. */
  latestPostIds: string[];
  idleUsernames: string[];
}

type Act = 'follow' | 'like' | 'reply' | 'mention';

export function buildNotifiedNetwork(): NotifiedNetwork {
  const base = buildDefaultSeed();
  const users = base.users;
  const posts = base.posts;
  const earlier = base.notifications ?? [];
  const recipient = users.find((user) => user.id === DEMO_USER_ID);
  if (!recipient) throw new Error('The demo member is missing from the default seed');
  const start = Date.UTC(2026, 0, 1);
  const at = (minutes: number): string => new Date(start + minutes * MINUTE).toISOString();

  const crowd: UserRecord[] = [];
  for (let n = 1; n <= CROWD; n += 1) {
    const number = String(n).padStart(3, '0');
    crowd.push(buildUser({
      id: `u-crowd-${number}`, username: `crowd_${number}`, firstName: 'Crowd', lastName: `Member ${number}`,
      password: SEED_PASSWORD, createdAt: at(-CROWD + n), updatedAt: at(-CROWD + n),
    }));
  }
  users.push(...crowd);
  const active = crowd.slice(0, ACTIVE);
  const random = pseudoRandom(20_261_127);
  const someone = (): UserRecord => active[random() % active.length] ?? recipient;

  // The acts, shuffled deterministically; the likes fill what the others leave of 10,000.
  const likes = NOTIFIED_TOTAL - earlier.length - FOLLOWS - REPLIES - MENTIONS;
  const acts: Act[] = [
    ...Array<Act>(FOLLOWS).fill('follow'), ...Array<Act>(likes).fill('like'),
    ...Array<Act>(REPLIES).fill('reply'), ...Array<Act>(MENTIONS).fill('mention'),
  ];
  for (let i = acts.length - 1; i > 0; i -= 1) {
    const j = random() % (i + 1);
    [acts[i], acts[j]] = [acts[j] ?? 'like', acts[i] ?? 'like'];
  }

  const told: Array<Omit<NotificationRecord, 'id' | 'unread'>> = [];
  const newPost = (authorId: string, content: string, createdAt: string): PostRecord => {
    const post = buildPost({ id: stableUuid(posts.length + 1, 'c0000000'), authorId, content, createdAt, updatedAt: createdAt });
    posts.push(post);
    return post;
  };
  const busyPost = newPost(recipient.id, 'Ask me anything about the redesign: I read every reply. #ama', at(-1));
  const herPosts: PostRecord[] = [busyPost, newPost(recipient.id, 'New desk, same mess. #studio', at(-1))];
  const replies: ReplyRecord[] = [];
  const busyReplies: ReplyRecord[] = [];
  let followed = 0;
  let replied = 0;
  acts.forEach((act, index) => {
    const when = at(index * 5);
    if (act === 'follow') {
      const follower = active[followed] ?? recipient;
      followed += 1;
      linkFollow(follower, recipient);
      told.push({ recipientId: recipient.id, kind: 'follow', key: notificationKey({ kind: 'follow', actorId: follower.id }), postId: null, replyId: null, actorIds: [follower.id], updatedAt: when });
    } else if (act === 'like') {
      // A post of hers, written an hour before, liked by 1 to 8 members: one notification.
      const post = newPost(recipient.id, `Sketch ${herPosts.length} of the week, in ink and a little #watercolour.`, at(index * 5 - 60));
      herPosts.push(post);
      const count = 1 + (random() % 8);
      while (post.likedBy.length < count) {
        const liker = someone();
        if (!post.likedBy.includes(liker.id)) post.likedBy.push(liker.id);
      }
      told.push({ recipientId: recipient.id, kind: 'like', key: notificationKey({ kind: 'like', actorId: '', postId: post.id }), postId: post.id, replyId: null, actorIds: [...post.likedBy], updatedAt: when });
    } else if (act === 'reply') {
      // Every fourth reply goes to the busy post; a third of those answer an earlier one there.
      const toBusy = replied % (REPLIES / BUSY_POST_REPLIES) === 0;
      replied += 1;
      const post = toBusy ? busyPost : herPosts[1 + (random() % (herPosts.length - 1))] ?? busyPost;
      const author = someone();
      const answered = toBusy && busyReplies.length > 0 && random() % 3 === 0 ? busyReplies[random() % busyReplies.length] : undefined;
      const reply: ReplyRecord = {
        id: stableUuid(replies.length + 1, 'c1000000'), postId: post.id, authorId: author.id,
        content: `Reply ${replies.length + 1}: what made you pick this palette?`,
        replyToId: answered?.id ?? null, replyToAuthorId: answered?.authorId ?? null, likedBy: [], createdAt: when,
      };
      if (toBusy) {
        for (let k = random() % 4; k > 0; k -= 1) {
          const liker = someone();
          if (liker.id !== author.id && !reply.likedBy.includes(liker.id)) reply.likedBy.push(liker.id);
        }
        busyReplies.push(reply);
      }
      replies.push(reply);
      told.push({ recipientId: recipient.id, kind: 'reply', key: notificationKey({ kind: 'reply', actorId: author.id, postId: post.id, replyId: reply.id }), postId: post.id, replyId: reply.id, actorIds: [author.id], updatedAt: when });
    } else {
      const author = someone();
      const post = newPost(author.id, `Saw the new gallery wall by @${recipient.username} today. Worth the trip (#${index}).`, when);
      told.push({ recipientId: recipient.id, kind: 'mention', key: notificationKey({ kind: 'mention', actorId: author.id, postId: post.id }), postId: post.id, replyId: null, actorIds: [author.id], updatedAt: when });
    }
  });

  const notifications: NotificationRecord[] = [
    ...earlier.map((entry) => ({ ...entry, unread: false })),
    ...told.map((entry, index) => ({ ...entry, id: `n-bench-${String(index + 1).padStart(5, '0')}`, unread: index >= told.length - UNREAD })),
  ];
  return {
    snapshot: { ...base, users, posts, replies, notifications },
    recipientId: recipient.id,
    recipientUsername: recipient.username,
    busyPostId: busyPost.id,
    latestPostIds: herPosts.slice(-5).map((post) => post.id),
    idleUsernames: crowd.slice(ACTIVE).map((user) => user.username),
  };
}
