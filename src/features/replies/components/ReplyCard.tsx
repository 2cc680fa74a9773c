import { memo, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Avatar } from '../../../components/Avatar';
import { ConfirmDeleteDialog } from '../../../components/Dialog';
import { focusAfterRemoval } from '../../../components/focusAfterRemoval';
import { RichText } from '../../../components/RichText';
import { useHistoryWindow } from '../../../components/useHistoryWindow';
import { paths, REPLY_ANCHOR } from '../../../config/paths';
import { formatPostTime, toDateTimeAttribute } from '../../../lib/formatDate';
import { hasCapability } from '../../../lib/api/capabilities';
import { useAppSelector } from '../../../lib/store/hooks';
import type { Reply } from '../../../types/api';
import { selectCurrentUserId } from '../../auth/sessionSlice';
import { HeartIcon, TrashIcon } from '../../posts/components/icons';
import { notifySuccess } from '../../ui/notify';
import { renderMention } from '../../users/components/MemberMention';
import { useDeleteReplyMutation, useLikeReplyMutation, useUnlikeReplyMutation } from '../repliesApi';
import type { Answering } from './ReplyComposer';
import { Handle } from '../../../components/Handle';
import { useLanguage, useT } from '../../../i18n/useT';
import { t, tAround } from '../../../i18n/i18n';
import { CountInName } from '../../../components/CountInName';
import { selectHasModeration } from '../../reports/reportsApi';
import { ReportDialog } from '../../reports/components/ReportDialog';

/** The element a reply's card has, so that `#reply-<id>` names it. */
export function replyElementId(replyId: string): string {
  return `${REPLY_ANCHOR}${replyId}`;
}

/** A reply's list, as focusAfterRemoval reads it: the replies in order (one in each item), and the replies' section. */
function repliesAround(card: HTMLElement): { items: HTMLElement[]; within: HTMLElement } {
  const list = card.closest('ol');
  const items = list ? Array.from(list.querySelectorAll<HTMLElement>(':scope > li > article')) : [card];
  return { items, within: card.closest('section') ?? card.ownerDocument.body };
}

export interface ReplyCardProps {
  reply: Reply;
  /** The author of the post it answers: they may delete any reply to it. */
  postAuthorId: string;
  /** Starts a reply to this one in the post's reply box. */
  onAnswer: (reply: Answering) => void;
  /** The reply the page was opened for (a notification's link): marked for the eye and for screen readers. */
  current?: boolean;
}

/**
 * A control's visible word, and the rest of its name for screen readers ("Reply" + " to Ann Lee"): the
 * name starts with the word shown (WCAG 2.5.3). A language whose name does not start with the word
 * gives the control its whole name.
 */
function NameAfterWord({ word, name }: { word: string; name: string }) {
  if (name.startsWith(word)) {
    return (
      <>
        {word}
        <span className="visually-hidden">{name.slice(word.length)}</span>
      </>
    );
  }
  return (
    <>
      <span aria-hidden="true">{word}</span>
      <span className="visually-hidden">{name}</span>
    </>
  );
}

/** One reply: who wrote it and when, whom it answers, its text, and Like, Reply, Report and Delete. */
export const ReplyCard = memo(function ReplyCard({ reply, postAuthorId, onAnswer, current = false }: ReplyCardProps) {
  const language = useLanguage();
  const say = useT();
  const myId = useAppSelector(selectCurrentUserId);
  const hasTags = useAppSelector((state) => hasCapability(state, 'tags'));
  const canReport = useAppSelector((state) => myId !== null && reply._id !== myId && selectHasModeration(state));
  const [reporting, setReporting] = useState(false);
  const [likeReply, likeState] = useLikeReplyMutation();
  const [unlikeReply, unlikeState] = useUnlikeReplyMutation();
  const [deleteReply, deleteState] = useDeleteReplyMutation();
  const confirmingDelete = useHistoryWindow(`delete-reply:${reply.id}`);
  const nameId = useId();
  const cardRef = useRef<HTMLElement>(null);

  const fullName = reply.userFullName || `${reply.firstName} ${reply.lastName}`.trim();
  const liked = myId !== null && reply.likes.likedBy.some((member) => member._id === myId);
  const canDelete = myId !== null && (reply._id === myId || postAuthorId === myId);
  const likeBusy = likeState.isLoading || unlikeState.isLoading;
  const which = { replyId: reply.id, postId: reply.postId };

  // "Replying to @name", the handle a link wherever the language puts it.
  const answering = reply.replyTo ? tAround('reply.answeringWho', 'who') : { before: '', after: '' };

  const onLike = () => {
    if (likeBusy) return;
    void (liked ? unlikeReply(which) : likeReply(which));
  };

  const onDelete = async () => {
    const card = cardRef.current;
    // The reply goes, and its focus with it: it moves on to the next reply (or what says there are none).
    const refocus = card ? focusAfterRemoval(card, repliesAround(card)) : undefined;
    try {
      await deleteReply(which).unwrap();
    } catch {
      return;
    }
    notifySuccess(t('reply.deleted'));
    refocus?.();
  };

  return (
    <article
      ref={cardRef}
      id={replyElementId(reply.id)}
      className={`reply-card${current ? ' reply-card--current' : ''}`}
      aria-labelledby={nameId}
      aria-current={current || undefined}
      tabIndex={-1}
    >
      <Avatar src={reply.image} name={fullName} size="sm" />
      <div className="reply-card__body">
        <header className="reply-card__byline">
          <Link id={nameId} className="post-card__author" to={paths.profile.href(reply._id)} dir="auto">
            {fullName}
          </Link>
          <span className="post-card__meta">
            <Handle username={reply.username} />
            <span aria-hidden="true"> · </span>
            <time dateTime={toDateTimeAttribute(reply.createdAt)}>{formatPostTime(reply.createdAt, language)}</time>
          </span>
        </header>
        {reply.replyTo ? (
          <p className="reply-card__answering">
            {answering.before}<Link to={paths.profile.href(reply.replyTo._id)}>@{reply.replyTo.username}</Link>{answering.after}
          </p>
        ) : null}
        <p className="reply-card__content" dir="auto">
          <RichText text={reply.content} renderMention={renderMention} linkTags={hasTags} />
        </p>
        <div className="post-card__actions">
          <button
            type="button"
            className={`post-card__action post-card__action--like${liked ? ' is-active' : ''}`}
            aria-pressed={liked}
            onClick={onLike}
          >
            <HeartIcon filled={liked} />
            <CountInName name={say('reply.likeName', { count: reply.likes.likeCount })} count={reply.likes.likeCount} />
          </button>
          <button type="button" className="post-card__action reply-card__answer" onClick={() => onAnswer({ id: reply.id, username: reply.username })}>
            <NameAfterWord word={say('reply.answer')} name={say('reply.answerName', { name: fullName })} />
          </button>
          <span className="post-card__spacer" />
          {canReport ? (
            <button type="button" className="post-card__action reply-card__report" onClick={() => setReporting(true)}>
              <NameAfterWord word={say('report.member')} name={say('report.reply', { name: fullName })} />
            </button>
          ) : null}
          {canDelete ? (
            <button
              type="button"
              className="post-card__action post-card__action--danger"
              aria-label={say('reply.delete')}
              title={say('reply.delete')}
              disabled={deleteState.isLoading}
              onClick={confirmingDelete.open}
            >
              <TrashIcon />
            </button>
          ) : null}
        </div>
      </div>
      {reporting ? (
        <ReportDialog
          about={{ reply: reply.id }}
          author={{ _id: reply._id, username: reply.username, firstName: reply.firstName, lastName: reply.lastName, image: reply.image }}
          onClose={() => setReporting(false)}
        />
      ) : null}
      <ConfirmDeleteDialog historyWindow={confirmingDelete} texts={{ confirmDeleteTitle: say('reply.confirmDeleteTitle'), confirmDeleteText: say('reply.confirmDeleteText') }} keepLabel={say('reply.keep')} onConfirm={() => void onDelete()} />
    </article>
  );
});
