/**
 * Sends the outbox's waiting writes (outboxSlice.ts), oldest first, one at a time, each as the
 * member made it; shows them on every cached copy of their post while they wait; and takes back one
 * the backend refuses. Loaded with the first write that waits, not with the page.
 */

import { failedActText } from '../i18n/failureTexts';
import { showBookmarkWaiting } from '../features/bookmarks/bookmarksApi';
import { cachedPost, patchPost } from '../features/posts/postCopies';
import { readPost, reloadPost, showCreatedPost } from '../features/posts/postsApi';
import { showCreatedReply } from '../features/replies/repliesApi';
import { applyDislike, applyLike } from '../features/posts/postReactions';
import { editDraftPlace, returnToDraft } from '../features/posts/useDraft';
import { notifyError } from '../features/ui/notify';
import { selectCurrentSummary } from '../features/users/currentMember';
import { followChangedElsewhere } from '../features/users/usersApi';
import { api, HOME_FEED_TAG, sendWaitingWrite, type CacheAccess } from '../lib/api/api';
import { apiFailed } from '../lib/api/apiEvents';
import { classifyFailure, refusedAsAlready, retryAfterSeconds } from '../lib/apiError';
import type { Post, PostResponse, ReplyCreated, UserSummary } from '../types/api';
import { replyPostOf, writeDone, type WaitingKind, type WaitingWrite } from './outboxSlice';
import { editDataOf, postDataOf, replyDataOf } from './waitingWrite';

/** How sending went: all sent (or taken back); the backend could not be reached; or it asked for a wait (5xx, 429). */
export type SendOutcome = { kind: 'done' } | { kind: 'unreachable' } | { kind: 'later'; afterMs: number } | { kind: 'session ended' };

/** The wait before the next try after the backend failed a write or asked for a wait, without a Retry-After. */
export const OUTBOX_RETRY_MS = 30_000;

/** The endpoint each kind of write is made by: its refusal is worded as the endpoint's failure is (src/i18n/failureTexts.ts). */
const ENDPOINT_OF: Readonly<Record<WaitingKind, string>> = {
  like: 'likePost',
  dislike: 'dislikePost',
  bookmark: 'addBookmark',
  unbookmark: 'removeBookmark',
  follow: 'followUser',
  unfollow: 'unfollowUser',
  post: 'createPost',
  reply: 'createReply',
  edit: 'editPost',
};

/** What a waiting edit changes on a post as it shows: its text, its images' descriptions, its content warning. */
type EditShown = { content: string; imageAlt: string | undefined; warning: string | undefined; moreImageAlts: string[] | undefined };

/** The descriptions of a post's images after the first, as it shows them. */
function moreImageAltsOf(post: Post): string[] | undefined {
  return post.moreImages?.map(({ alt }) => alt);
}

/** Shows these descriptions on a post's images after the first, one each in order. */
function describeMoreImages(post: Post, alts: readonly string[]): void {
  post.moreImages?.forEach((image, index) => {
    const alt = alts[index];
    if (alt !== undefined) image.alt = alt;
  });
}

/**
 * What a post showed before a waiting edit was shown on it (its text, its image's description and its
 * content warning), by the edit: shown again if the edit is cancelled or refused. Taken from each answer the edit is shown
 * on, so a post loaded again (a start, a reload) gives the backend's version.
 */
const shownBeforeEditBy = new WeakMap<CacheAccess['dispatch'], Map<string, EditShown>>();

/** That memory for one page's store (a browser's tabs each have their own; tests run two in a document). */
function shownBeforeEditIn(cache: CacheAccess): Map<string, EditShown> {
  let shown = shownBeforeEditBy.get(cache.dispatch);
  if (!shown) shownBeforeEditBy.set(cache.dispatch, (shown = new Map()));
  return shown;
}

/** Shows a waiting edit (`edit`, its data) on a post (`made`), or the post as it was before it. */
function showEdit(cache: CacheAccess, write: WaitingWrite, edit: ReturnType<typeof editDataOf>, made: boolean): void {
  const shownBeforeEdit = shownBeforeEditIn(cache);
  if (!made) {
    const before = shownBeforeEdit.get(write.id);
    shownBeforeEdit.delete(write.id);
    if (before) {
      patchPost(cache, write.target, (post) => {
        post.content = before.content;
        if (before.imageAlt !== undefined) post.imageAlt = before.imageAlt;
        if (before.warning !== undefined) post.warning = before.warning;
        if (before.moreImageAlts !== undefined) describeMoreImages(post, before.moreImageAlts);
      });
    }
    return;
  }
  patchPost(cache, write.target, (post) => {
    const showsIt = post.content === edit.text && (edit.imageAlt === undefined || post.imageAlt === edit.imageAlt)
      && (edit.warning === undefined || post.warning === edit.warning)
      && (edit.moreImageAlts === undefined || edit.moreImageAlts.join('\u0000') === (moreImageAltsOf(post) ?? []).join('\u0000'));
    if (showsIt) return;
    shownBeforeEdit.set(write.id, { content: post.content, imageAlt: post.imageAlt, warning: post.warning, moreImageAlts: moreImageAltsOf(post) });
    post.content = edit.text;
    if (edit.imageAlt !== undefined) post.imageAlt = edit.imageAlt;
    if (edit.warning !== undefined) post.warning = edit.warning;
    if (edit.moreImageAlts !== undefined) describeMoreImages(post, edit.moreImageAlts);
  });
}


const isIn = (list: readonly UserSummary[], member: UserSummary) => list.some((entry) => entry._id === member._id);

/** Shows a waiting write on a post as made; a post that shows it already is left as it is. */
function showOnPost(post: Post, member: UserSummary, kind: 'like' | 'dislike'): void {
  if (kind === 'like' && !isIn(post.likes.likedBy, member)) applyLike(post, member);
  if (kind === 'dislike' && !isIn(post.likes.dislikedBy, member)) applyDislike(post, member);
}

/** Takes a waiting write off a post: the member's like or dislike goes, and the count with it. */
function takeOffPost(post: Post, member: UserSummary, kind: 'like' | 'dislike'): void {
  const { likes } = post;
  if (kind === 'like' && isIn(likes.likedBy, member)) {
    likes.likedBy = likes.likedBy.filter((entry) => entry._id !== member._id);
    likes.likeCount = Math.max(0, likes.likeCount - 1);
  }
  if (kind === 'dislike' && isIn(likes.dislikedBy, member)) {
    likes.dislikedBy = likes.dislikedBy.filter((entry) => entry._id !== member._id);
    likes.likeCount += 1;
  }
}

/**
 * Shows one waiting write as made (`made`), or as if it had never been (a write cancelled or refused;
 * `postGone`: refused because its post is no longer there).
 */
function show(cache: CacheAccess, member: UserSummary, write: WaitingWrite, made: boolean, postGone = false, giveBack = true): void {
  switch (write.kind) {
    case 'like':
    case 'dislike': {
      const kind = write.kind;
      patchPost(cache, write.target, (post) => (made ? showOnPost(post, member, kind) : takeOffPost(post, member, kind)));
      return;
    }
    case 'bookmark':
    case 'unbookmark':
      showBookmarkWaiting(cache, write.target, (write.kind === 'bookmark') === made, cachedPost(cache.getState(), write.target));
      return;
    case 'follow':
    case 'unfollow':
      followChangedElsewhere(cache, { followerId: member._id, followeeId: write.target, following: (write.kind === 'follow') === made });
      return;
    case 'post':
      // Shown from the outbox itself (WaitingPosts); taken back, it goes back to the composer, so
      // nothing the member wrote is lost.
      if (!made && giveBack) returnToDraft(member._id, postDataOf(write));
      return;
    case 'reply':
      // Shown from the outbox itself (WaitingReplies); taken back, it goes back to its post's reply box.
      if (!made && giveBack) returnToDraft(member._id, { text: replyDataOf(write).text, image: '', imageAlt: '' }, `reply.${replyPostOf(write) ?? ''}`);
      return;
    case 'edit': {
      // Shown on the post's cached copies; taken back, the post shows what it did before, and the
      // text goes back to the post's edit window, or to the composer when the post is gone.
      const edit = editDataOf(write);
      showEdit(cache, write, edit, made);
      if (!made && giveBack) {
        const moreImages = postGone ? [] : (edit.moreImageAlts ?? []).map((imageAlt) => ({ image: '', imageAlt }));
        returnToDraft(member._id, { text: edit.text, image: '', imageAlt: postGone ? '' : (edit.imageAlt ?? ''), moreImages, warning: edit.warning ?? '' }, postGone ? undefined : editDraftPlace(write.target));
      }
    }
  }
}

/**
 * Shows every waiting write where it shows (the cached copies of its post, the two members' records
 * of a follow), in the order made: after a start (what the browser kept of Home knows nothing of
 * them) and after each answer that may predate them.
 */
export function showWaiting(cache: CacheAccess, writes: readonly WaitingWrite[]): void {
  const member = selectCurrentSummary(cache.getState());
  if (!member) return;
  for (const write of writes) if (write.member === member._id) show(cache, member, write, true);
}

/** Takes these writes off the screen, the newest first (a write cancelled, or refused: `postGone` when its post is no longer there). */
export function takeBack(cache: CacheAccess, writes: readonly WaitingWrite[], postGone = false): void {
  const member = selectCurrentSummary(cache.getState());
  if (!member) return;
  for (const write of [...writes].reverse()) show(cache, member, write, false, postGone);
}

/**
 * Takes off this page writes another tab of the browser cancelled: what they changed shows as
 * before, here too; what the member wrote went back to a box in that tab, not to one here as well.
 */
export function takeOffScreen(cache: CacheAccess, writes: readonly WaitingWrite[]): void {
  const member = selectCurrentSummary(cache.getState());
  if (!member) return;
  for (const write of [...writes].reverse()) show(cache, member, write, false, false, false);
}

/**
 * What the backend has now of what these writes changed, loaded again where shown: each post acted
 * on is fetched once and takes its place in every copy (a list does not load again for it, so
 * nothing moves and new posts still wait behind "N new posts"); the bookmarks list, when a bookmark
 * changed; both members' records and the home feed after a follow; and the lists of posts after a
 * new post.
 */
export function reloadTargets(cache: CacheAccess, writes: readonly WaitingWrite[]): void {
  if (writes.length === 0) return;
  const follows = writes.filter((write) => write.kind === 'follow' || write.kind === 'unfollow');
  const created = writes.some((write) => write.kind === 'post');
  const replied = [...new Set(writes.filter((write) => write.kind === 'reply').map(replyPostOf))].filter((id): id is string => id !== undefined);
  const posts = writes.filter((write) => !follows.includes(write) && write.kind !== 'post' && write.kind !== 'reply');
  const members = [...new Set(follows.flatMap((write) => [write.target, write.member]))].map((id) => ({ type: 'User' as const, id }));
  const bookmarks = posts.some((write) => write.kind === 'bookmark' || write.kind === 'unbookmark');
  const lists = [
    ...(created ? [{ type: 'Post' as const, id: 'LIST' }] : []),
    // A post replied to: its replies (its count is the post's, fetched below).
    ...replied.map((postId) => ({ type: 'Reply' as const, id: `LIST:${postId}` })),
  ];
  cache.dispatch(api.util.invalidateTags([
    ...members, ...lists, ...(bookmarks ? [{ type: 'Bookmark' as const, id: 'LIST' }] : []), ...(follows.length > 0 || created ? [HOME_FEED_TAG] : []),
  ]));
  for (const postId of new Set([...posts.map((write) => write.target), ...replied])) void reloadPost(cache, postId);
}

/** The wait a Retry-After header asks for, in ms; undefined when it asks none. */
function retryAfterMs(headers: Headers | undefined): number | undefined {
  const seconds = retryAfterSeconds(headers?.get('retry-after'));
  return seconds !== undefined && seconds > 0 ? seconds * 1000 : undefined;
}

/**
 * The browser's copy of the outbox, as the sender consults it: another tab of the same browser may
 * have sent (or cancelled) a write this tab holds too, taking it off the copy.
 */
export interface KeptCopy {
  /** Whether the write still waits in the browser's copy (true when this tab alone knows it). */
  stillWaiting(write: WaitingWrite): Promise<boolean>;
  /** Settles once a write done with (writeDone) is off the browser's copy, before the next is sent. */
  forget(write: WaitingWrite): Promise<void>;
}

/** What a page with no copy of its outbox in the browser consults: every write is its own. */
const PAGE_ALONE: KeptCopy = { stillWaiting: async () => true, forget: async () => undefined };

/**
 * Sends the member's waiting writes, oldest first, until none is left or one cannot go now. A write
 * stored (or one the backend has as asked already: another device did it) leaves the outbox; one
 * refused is taken back, with the backend's reason in a toast; one another tab took off the browser's
 * copy meanwhile leaves it unsent. Each post a write went for is then loaded again, as the backend
 * has it.
 */
export async function sendWaiting(cache: CacheAccess, waiting: () => readonly WaitingWrite[], kept: KeptCopy = PAGE_ALONE): Promise<SendOutcome> {
  const finished: WaitingWrite[] = [];
  const done = async (write: WaitingWrite) => {
    shownBeforeEditIn(cache).delete(write.id);
    cache.dispatch(writeDone(write.id));
    finished.push(write);
    await kept.forget(write);
  };
  try {
    for (;;) {
      const write = waiting()[0];
      const { userId } = cache.getState().session;
      if (!write) return { kind: 'done' };
      if (write.member !== userId) return { kind: 'session ended' };
      // Sent (or cancelled) by another tab: what it changed is loaded again, as the backend has it.
      if (!(await kept.stillWaiting(write))) {
        if (waiting()[0]?.id === write.id) await done(write);
        continue;
      }
      const result = await sendWaitingWrite({ ...write.request }, cache);
      // The session ended while it went (a logout): what is left is no longer this page's to send.
      if (cache.getState().session.userId !== write.member) return { kind: 'session ended' };
      if (result.error === undefined || refusedAsAlready({ error: result.error })) {
        // A new post or reply shows in its list in the step it leaves the waiting ones: never nowhere.
        const created = write.kind === 'post' && result.error === undefined ? readPost(result.data as Partial<PostResponse> | undefined) : undefined;
        if (created && 'post' in created) showCreatedPost(cache, created.post);
        const repliedTo = write.kind === 'reply' && result.error === undefined ? replyPostOf(write) : undefined;
        if (repliedTo) showCreatedReply(cache, repliedTo, result.data as Partial<ReplyCreated> | undefined);
        await done(write);
        continue;
      }
      const failure = classifyFailure(result.error, true);
      if (failure.kind === 'network') return { kind: 'unreachable' };
      if (failure.kind === 'unauthorized') {
        // The session is over: the app's listeners go to /login. The write stays kept for the member's next login.
        cache.dispatch(apiFailed({ ...failure, endpoint: ENDPOINT_OF[write.kind], purpose: 'act' }));
        return { kind: 'session ended' };
      }
      if (failure.kind !== 'client' || failure.status === 429 || failure.status === 408) {
        const meta = 'meta' in result ? result.meta : undefined;
        return { kind: 'later', afterMs: retryAfterMs(meta?.response?.headers) ?? OUTBOX_RETRY_MS };
      }
      takeBack(cache, [write], failure.status === 404);
      notifyError(failedActText({ ...failure, endpoint: ENDPOINT_OF[write.kind] }));
      await done(write);
    }
  } finally {
    reloadTargets(cache, finished);
  }
}
