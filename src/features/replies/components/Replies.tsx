import { useCallback, useEffect, useId, useMemo, useRef } from 'react';
import { countOf } from '../../../lib/plural';
import type { Post, Reply } from '../../../types/api';
import { useGetRepliesInfiniteQuery } from '../repliesApi';
import { ReplyCard } from './ReplyCard';
import { ReplyComposer, type Answering, type ReplyComposerHandle } from './ReplyComposer';
import './Replies.css';

export const REPLIES_TEXTS = {
  heading: 'Replies',
  empty: 'No replies yet. Start the conversation!',
  loading: 'Loading replies…',
  more: 'Show more replies',
  loadingMore: 'Loading more replies…',
} as const;

const NO_REPLIES: Reply[] = [];

/**
 * A post's conversation (the `replies` extension): the reply box under the post, then its replies
 * oldest first, a page at a time. A reply answers the post, or one reply by name, in one list.
 */
export function Replies({ post }: { post: Post }) {
  const headingId = useId();
  const composer = useRef<ReplyComposerHandle>(null);
  const { data, isLoading, hasNextPage, isFetchingNextPage, fetchNextPage } = useGetRepliesInfiniteQuery(post.id);
  const replies = useMemo(() => data?.pages.flatMap((page) => page.replies) ?? NO_REPLIES, [data]);
  const replyCount = data?.pages[data.pages.length - 1]?.replyCount ?? post.replyCount ?? 0;
  const list = useRef<HTMLOListElement>(null);
  // Where the replies loaded by "Show more replies" begin: focus goes to the first of them.
  const focusFrom = useRef<number | null>(null);

  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || isFetchingNextPage || replies.length <= from) return;
    focusFrom.current = null;
    list.current?.querySelectorAll<HTMLElement>('article')[from]?.focus();
  }, [replies.length, isFetchingNextPage]);

  const showMore = () => {
    if (isFetchingNextPage) return;
    focusFrom.current = replies.length;
    void fetchNextPage();
  };
  const answer = useCallback((reply: Answering) => composer.current?.answer(reply), []);
  const postAuthor = post.userFullName || post.username;

  return (
    <section className="replies" aria-labelledby={headingId}>
      <ReplyComposer ref={composer} postId={post.id} postAuthor={postAuthor} />
      <div className="replies__heading">
        <h2 id={headingId} className="replies__title">
          {REPLIES_TEXTS.heading}
        </h2>
        {/* While the list loads its status speaks; the count comes with the list. */}
        {isLoading ? null : <span className="replies__count">{countOf(replyCount, 'reply', 'replies')}</span>}
      </div>
      {isLoading ? (
        <p className="feed-page__status" role="status">
          {REPLIES_TEXTS.loading}
        </p>
      ) : replies.length === 0 ? (
        <p className="replies__empty">{REPLIES_TEXTS.empty}</p>
      ) : (
        <ol ref={list} className="replies__list" aria-labelledby={headingId}>
          {replies.map((reply) => (
            <li key={reply.id}>
              <ReplyCard reply={reply} postAuthorId={post._id} onAnswer={answer} />
            </li>
          ))}
        </ol>
      )}
      {hasNextPage ? (
        <div className="post-list__more">
          <button type="button" className="pill-button" aria-disabled={isFetchingNextPage || undefined} onClick={showMore}>
            {isFetchingNextPage ? REPLIES_TEXTS.loadingMore : REPLIES_TEXTS.more}
          </button>
        </div>
      ) : null}
    </section>
  );
}
