/** Posts a member pins to their profile (the `pins` extension), above their other posts. */
import type { RuleContext } from '../context';
import { refusal } from '../errors';
import { LIMITS } from '../limits';
import type { MemberRow, PostRow, StoreReader } from '../store';
import { visiblePost } from './relations';

/** The member's pinned posts, the latest pinned first. */
export async function pinnedPosts(reader: StoreReader, memberId: string): Promise<PostRow[]> {
  const ids = await reader.pinnedPostIds(memberId);
  const posts = new Map((await reader.postsByIds(ids)).map((post) => [post.id, post]));
  return ids.flatMap((id) => posts.get(id) ?? []).reverse();
}

/**
 * Pins the member's own post (`pinned`), or takes its pin off; the ids pinned after it, the latest
 * pinned first. At most LIMITS.pinnedPostsMax: a fourth is refused until one is taken off.
 */
export async function setPinned(ctx: RuleContext, member: MemberRow, postId: string, pinned: boolean): Promise<string[]> {
  return ctx.store.transaction(async (tx) => {
    // The member's row first: in a write it is locked, so two pins of theirs at once are counted in turn.
    await tx.memberById(member.id);
    // A post whose author blocks the member, or whom they block, is not found, as everywhere.
    const post = await visiblePost(tx, postId, member.id);
    // A repost is the member's row, but the post it shows is the original's author's.
    if (post.authorId !== member.id || post.repostOf !== null) throw refusal(pinned ? 'pinNotOwner' : 'notPinned');
    const ids = await tx.pinnedPostIds(member.id);
    if (pinned && ids.includes(post.id)) throw refusal('alreadyPinned');
    if (!pinned && !ids.includes(post.id)) throw refusal('notPinned');
    if (pinned && ids.length >= LIMITS.pinnedPostsMax) throw refusal('pinsFull');
    await tx.setPin(member.id, post.id, pinned);
    // A pin is no new post: whoever shows the member's profile loads it again.
    await tx.emit({ type: 'member-updated', memberId: member.id });
    return (pinned ? [...ids, post.id] : ids.filter((id) => id !== post.id)).reverse();
  });
}
