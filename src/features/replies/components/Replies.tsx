import { useCallback, useEffect, useId, useMemo, useRef } from 'react';
import { MoreButton, useFocusAfterGrowth } from '../../../components/MorePages';
import { useCapability } from '../../../lib/api/capabilities';
import { refusalStatus } from '../../../lib/apiError';
import { refusalTextOf } from '../../../i18n/failureTexts';
import { useT } from '../../../i18n/useT';
import type { Post, Reply } from '../../../types/api';
import { useGetRepliesInfiniteQuery } from '../repliesApi';
import { ReplyCard, replyElementId } from './ReplyCard';
import { ReplyComposer, type Answering, type ReplyComposerHandle } from './ReplyComposer';
import { WaitingReplies } from '../../../offline/WaitingReplies';
import { EMPTY_LIST_ATTRIBUTE } from '../../../components/focusAfterRemoval';
import './Replies.css';

const NO_REPLIES: Reply[] = [];

/**
 * The list the page shows: from the first reply; or, when it lands on a reply and the backend has
 * `reply-links`, from the page that begins at it (back to the start when that reply is gone).
 */
function useShownReplies(postId: string, landOn: string | undefined) {
  const hasLinks = useCapability('replyLinks') === true;
  const landing = landOn !== undefined && hasLinks;
  const atReply = useGetRepliesInfiniteQuery({ postId, at: landOn }, { skip: !landing });
  const gone = landing && refusalStatus(atReply.error) === 404;
  const fromStart = useGetRepliesInfiniteQuery({ postId }, { skip: landing && !gone });
  return { shown: landing && !gone ? atReply : fromStart, gone };
}

/**
 * A post's conversation (the `replies` extension): the reply box under the post, then its replies
 * oldest first, a page at a time. A reply answers the post, or one reply by name, in one list.
 * `landOn` names a reply the page was opened for (`#reply-<id>`): the list loads the page holding
 * it, scrolls it into view, focuses it and marks it as the current one.
 */
export function Replies({ post, landOn }: { post: Post; landOn?: string }) {
  const t = useT();
  const headingId = useId();
  const composer = useRef<ReplyComposerHandle>(null);
  const { shown, gone } = useShownReplies(post.id, landOn);
  const { data, isLoading, isError, error, hasNextPage, isFetchingNextPage, fetchNextPage, hasPreviousPage, isFetchingPreviousPage, fetchPreviousPage } = shown;
  const replies = useMemo(() => data?.pages.flatMap((page) => page.replies) ?? NO_REPLIES, [data]);
  const replyCount = data?.pages[data.pages.length - 1]?.replyCount ?? post.replyCount ?? 0;
  const list = useRef<HTMLOListElement>(null);
  // After "Show more replies" focus goes to the first of them; after "Show earlier replies" to the first reply.
  const focusAfterMore = useFocusAfterGrowth(list, 'article', replies.length, isFetchingNextPage);
  const focusAfterEarlier = useFocusAfterGrowth(list, 'article', replies.length, isFetchingPreviousPage);
  const landed = useRef<string | undefined>(undefined);
  const landedOn = landOn !== undefined && replies.some((reply) => reply.id === landOn) ? landOn : undefined;

  // Once per reply landed on: into view, and focused, so a screen reader starts there.
  useEffect(() => {
    if (landedOn === undefined || landed.current === landedOn) return;
    const card = document.getElementById(replyElementId(landedOn));
    if (!card) return;
    landed.current = landedOn;
    card.focus({ preventScroll: true });
    card.scrollIntoView?.({ block: 'center' });
  }, [landedOn, replies]);

  const showMore = () => {
    focusAfterMore(replies.length);
    void fetchNextPage();
  };
  const showEarlier = () => {
    focusAfterEarlier(0);
    void fetchPreviousPage();
  };
  const answer = useCallback((reply: Answering) => composer.current?.answer(reply), []);
  const postAuthor = post.userFullName || post.username;
  // 4xx refusals of the list are said here, where the list would be; other failures go where all go.
  const refusal = isError && !gone && (refusalStatus(error) ?? 0) >= 400 && (refusalStatus(error) ?? 0) < 500 ? refusalTextOf(error) : null;

  return (
    <section className="replies" aria-labelledby={headingId}>
      <ReplyComposer ref={composer} postId={post.id} postAuthor={postAuthor} />
      <WaitingReplies postId={post.id} />
      <div className="replies__heading">
        <h2 id={headingId} className="replies__title">
          {t('post.replies')}
        </h2>
        {/* While the list loads its status speaks; the count comes with the list. */}
        {isLoading ? null : <span className="replies__count">{t('replies.count', { count: replyCount })}</span>}
      </div>
      {gone ? (
        <p className="replies__notice" role="status">
          {t('replies.gone')}
        </p>
      ) : null}
      {hasPreviousPage ? (
        <MoreButton label={t('replies.earlier')} busyLabel={t('replies.loadingEarlier')} busy={isFetchingPreviousPage} onPress={showEarlier} />
      ) : null}
      {isLoading ? (
        <p className="feed-page__status" role="status">
          {t('replies.loading')}
        </p>
      ) : refusal !== null ? (
        <p className="replies__notice" role="alert">
          {refusal}
        </p>
      ) : replies.length === 0 ? (
        // Focusable by script: the focus of the last reply deleted comes here.
        <p className="replies__empty" tabIndex={-1} {...{ [EMPTY_LIST_ATTRIBUTE]: '' }}>{t('replies.empty')}</p>
      ) : (
        <ol ref={list} className="replies__list" aria-labelledby={headingId}>
          {replies.map((reply) => (
            <li key={reply.id}>
              <ReplyCard reply={reply} postAuthorId={post._id} onAnswer={answer} current={reply.id === landedOn} />
            </li>
          ))}
        </ol>
      )}
      {hasNextPage ? (
        <MoreButton label={t('replies.more')} busyLabel={t('replies.loadingMore')} busy={isFetchingNextPage} onPress={showMore} />
      ) : null}
    </section>
  );
}
