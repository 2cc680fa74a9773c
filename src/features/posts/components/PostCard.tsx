import { memo, useContext, useId, useMemo, useRef, useState, type CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import { hasCapability } from '../../../lib/api/capabilities';
import { useAppDispatch, useAppSelector } from '../../../lib/store/hooks';
import type { RootState } from '../../../app/store';
import { Avatar } from '../../../components/Avatar';
import { ConfirmDeleteDialog } from '../../../components/Dialog';
import { focusAfterRemoval } from '../../../components/focusAfterRemoval';
import { postCardsAround } from './postCardsAround';
import { hasLinkParts, RichText } from '../../../components/RichText';
import { CountInName } from '../../../components/CountInName';
import { useHistoryWindow } from '../../../components/useHistoryWindow';
import { backendFileUrl } from '../../../config/env';
import { paths } from '../../../config/paths';
import { TIMINGS } from '../../../config/timings';
import { formatPostTime, toDateTimeAttribute } from '../../../lib/formatDate';
import type { ImageSizes, Post } from '../../../types/api';
import { selectCurrentUserId } from '../../auth/sessionSlice';
import { selectCurrentMember } from '../../users/currentMember';
import { renderMention } from '../../users/components/MemberMention';
import { flipToggle, notifyError } from '../../ui/notify';
import { showLoaderFor } from '../../ui/loaderTimers';
import { useDeletePostMutation, useDislikePostMutation, useLikePostMutation } from '../postsApi';
import { isLikedBy } from '../postReactions';
import { EditPostDialog } from './EditPostDialog';
import { editDraftPlace, useDraftGoneOnClose } from '../useDraft';
import { CommentIcon, EditIcon, HeartIcon, PinIcon, RepostIcon, TrashIcon, WarningIcon } from './icons';
import { QuoteCard } from './QuoteCard';
import { cardImageSizes, cardImageSrcSet } from './imageSources';
import { ImageGrid } from './ImageGrid';
import { postImagesOf } from '../postImages';
import { useOpenWarnings } from '../warnings/openWarnings';
import { PostCardExtrasContext } from './postCardExtras';
import { WaitingToSend } from '../../../offline/WaitingToSend';
import './shared.css';
import './PostCard.css';
import { Handle } from '../../../components/Handle';
import { t } from '../../../i18n/i18n';
import { useLanguage, useT } from '../../../i18n/useT';


/** What an image's alt says when its author gave no description: never its file name. */
export function undescribedImageAlt(fullName: string): string {
  return t('post.undescribedImage', { name: fullName });
}

/**
 * "edited" beside a post's time: focusable, with the time of the edit in its tooltip on hover and
 * focus, and in its accessible description.
 */
function EditedMark({ at }: { at: string }) {
  const tipId = useId();
  const say = useT();
  const when = say('post.editedAt', { when: formatPostTime(at, useLanguage()) });
  return (
    <span className="post-card__edited">
      <span aria-hidden="true"> · </span>
      <button type="button" className="post-card__edited-mark" aria-describedby={tipId}>
        {say('post.edited')}
      </button>
      <span id={tipId} role="tooltip" className="post-card__tooltip">
        <time dateTime={toDateTimeAttribute(at)}>{when}</time>
      </span>
    </span>
  );
}

/**
 * A post's image. Until it has loaded, its frame holds its place so images loading above a post do not
 * push it from under the reader's finger or pointer: at the image's own shape and width where the
 * backend says its size (the `image-sizes` extension), else the card's width at 16:10 (the usual shape
 * of a posted photo). With its smaller copies, the browser fetches the one the screen needs. An image
 * that fails to load (the connection dropped) keeps that frame too, and says so.
 */
function PostImage({ src, alt, described, author, sizes }: { src: string; alt: string; described: boolean; author: string; sizes?: ImageSizes }) {
  const say = useT();
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  // The "ALT" badge of a described image: a disclosure that shows the description under the image,
  // and hides it on a second press or Escape.
  const [showAlt, setShowAlt] = useState(false);
  const altId = useId();
  // The frame's size from the image's (PostCard.css, [data-sized]): the same before and after it loads.
  const frame = sizes ? ({ '--image-width': sizes.width, '--image-ratio': sizes.width / sizes.height } as CSSProperties) : undefined;
  return (
    <div
      className="post-card__figure"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && showAlt) {
          event.stopPropagation();
          setShowAlt(false);
        }
      }}
    >
      <div
        className="post-card__media"
        data-sized={sizes ? '' : undefined}
        style={frame}
        data-loading={state === 'loaded' ? undefined : ''}
        data-failed={state === 'failed' ? '' : undefined}
      >
        <img
          src={backendFileUrl(src)}
          srcSet={sizes ? cardImageSrcSet(src, sizes) : undefined}
          sizes={sizes && sizes.sources.length > 0 ? cardImageSizes(sizes) : undefined}
          width={sizes?.width}
          height={sizes?.height}
          alt={alt}
          loading="lazy"
          decoding="async"
          onLoad={() => setState('loaded')}
          onError={() => setState('failed')}
        />
        {state === 'failed' && <p className="post-card__media-failed">{say('post.imageFailed')}</p>}
        {described ? (
          <button type="button" className="post-card__alt-badge" aria-expanded={showAlt} aria-controls={altId} onClick={() => setShowAlt((was) => !was)}>
            {/* Named from its visible word first (WCAG 2.5.3), then whose image it describes: each badge of a feed is told apart. */}
            {say('post.alt')}<span className="visually-hidden"> {say('post.altOf', { name: author })}</span>
          </button>
        ) : null}
      </div>
      {described ? (
        <p id={altId} className="post-card__alt-text" hidden={!showAlt} dir="auto">
          {alt}
        </p>
      ) : null}
    </div>
  );
}

export interface PostCardProps {
  post: Post;
  /** Called after the post is deleted (the post's own page goes home). */
  onDeleted?: () => void;
  /** In a feed: the post's place in the list (from 1), announced by screen readers. */
  position?: number;
  /** In a feed: how many posts the list holds, or -1 while more may come. */
  listSize?: number;
  /** A line above the author that says where the card stands: Pinned, on a profile's pinned posts. */
  mark?: 'pinned';
}

/** Whether the current member wrote the post: same id, or same username while their record loads. */
function selectIsAuthor(state: RootState, post: Post): boolean {
  const myId = selectCurrentUserId(state);
  if (myId && post._id === myId) return true;
  const me = selectCurrentMember(state);
  return Boolean(me && me.username === post.username);
}

/**
 * One post. It owns its actions (like, edit, delete; the bookmark toggle comes from the page, through
 * PostCardExtrasContext) and re-renders only when its own post or the member change: liking one post
 * leaves the other cards alone.
 */
export const PostCard = memo(function PostCard({ post, onDeleted, position, listSize, mark }: PostCardProps) {
  const language = useLanguage();
  const say = useT();
  const dispatch = useAppDispatch();
  const myId = useAppSelector(selectCurrentUserId);
  const isAuthor = useAppSelector((state) => selectIsAuthor(state, post));
  const { BookmarkToggle, MemberMenu, PinToggle, RepostActions, beforeDelete } = useContext(PostCardExtrasContext);
  const [likePost, likeState] = useLikePostMutation();
  const [dislikePost, dislikeState] = useDislikePostMutation();
  const [deletePost, deleteState] = useDeletePostMutation();
  const editing = useHistoryWindow(`edit-post:${post.id}`);
  const confirmingDelete = useHistoryWindow(`delete-post:${post.id}`);
  const nameId = useId();
  const bodyId = useId();
  const cardRef = useRef<HTMLElement>(null);
  // Behind a content warning, the text and the image wait until the reader opens them (or chose to
  // see every one opened); opening or closing one card is the reader's choice for that card.
  const [openAll] = useOpenWarnings();
  const [warningChoice, setWarningChoice] = useState<boolean | undefined>(undefined);
  const warned = Boolean(post.warning);
  const opened = !warned || (warningChoice ?? openAll);
  useDraftGoneOnClose(myId, editDraftPlace(post.id), editing.isOpen);
  // The backend answers replies: the Comments icon opens the post's conversation, with its count. Read
  // from the health answer the member's shell asks for, so a card re-renders only when this changes.
  const hasReplies = useAppSelector((state) => hasCapability(state, 'replies'));
  const replyCount = post.replyCount ?? 0;
  // The backend lists posts by tag: a text's tags link to their page.
  const hasTags = useAppSelector((state) => hasCapability(state, 'tags'));

  // A text with addresses, mentions or linked tags holds links of its own, and links cannot nest: its
  // time links to the post instead of the text.
  const linksInText = useMemo(() => hasLinkParts(post.content, hasTags), [post.content, hasTags]);
  const liked = isLikedBy(post, myId);
  const fullName = post.userFullName || `${post.firstName} ${post.lastName}`.trim();
  // One image shows at its own shape; several as a grid, each opening the viewer.
  const images = useMemo(() => postImagesOf(post), [post]);
  const likeBusy = likeState.isLoading || dislikeState.isLoading;

  const onLike = async () => {
    if (likeBusy) return;
    await flipToggle(
      liked,
      { call: () => likePost(post.id).unwrap(), toast: t('post.liked') },
      { call: () => dislikePost(post.id).unwrap(), toast: t('post.disliked') },
    );
  };

  const onDelete = async () => {
    if (!isAuthor || deleteState.isLoading) return;
    const card = cardRef.current;
    // The card goes, and its focus with it: it moves on to the next card of the feed (or what says it is empty).
    const refocus = card ? focusAfterRemoval(card, postCardsAround(card)) : undefined;
    dispatch(showLoaderFor(TIMINGS.loaderOffShortMs));
    try {
      if (beforeDelete) await dispatch(beforeDelete(post.id));
      await deletePost(post.id).unwrap();
    } catch {
      return;
    }
    notifyError(t('post.deleted'));
    refocus?.();
    onDeleted?.();
  };

  return (
    // Focusable by script (the j and k shortcuts move through a feed's cards), not a Tab stop of its own.
    <article
      ref={cardRef}
      className="post-card"
      aria-labelledby={nameId}
      aria-posinset={position}
      aria-setsize={position === undefined ? undefined : listSize}
      data-post-id={post.id}
      tabIndex={-1}
    >
      {mark === 'pinned' ? (
        <p className="post-card__mark">
          <PinIcon />
          {say('pin.mark')}
        </p>
      ) : null}
      {post.repost ? (
        // Why a list holds the post: a member it follows (or whose profile this is) reposted it.
        <p className="post-card__mark">
          <RepostIcon />
          <Link className="post-card__mark-link" to={paths.profile.href(post.repost.by._id)} dir="auto">
            {say('repost.by', { name: `${post.repost.by.firstName} ${post.repost.by.lastName}`.trim() || `@${post.repost.by.username}` })}
          </Link>
        </p>
      ) : null}
      <header className="post-card__header">
        <Avatar src={post.image} name={fullName} size="md" />
        <div className="post-card__byline">
          <Link id={nameId} className="post-card__author" to={paths.profile.href(post._id)} dir="auto">
            {fullName}
          </Link>
          <span className="post-card__meta">
            <Handle className="post-card__username" username={post.username} />
            <span aria-hidden="true"> · </span>
            {linksInText ? (
              <Link className="post-card__time" to={paths.post.href(post.id)}>
                <time dateTime={toDateTimeAttribute(post.createdAt)}>{formatPostTime(post.createdAt, language)}</time>
              </Link>
            ) : (
              <time dateTime={toDateTimeAttribute(post.createdAt)}>{formatPostTime(post.createdAt, language)}</time>
            )}
            {post.editedAt ? <EditedMark at={post.editedAt} /> : null}
          </span>
        </div>
        {MemberMenu ? <MemberMenu post={post} /> : null}
      </header>

      {warned ? (
        <div className="post-card__warning">
          <p className="post-card__warning-text" dir="auto">
            <WarningIcon />
            <span className="visually-hidden">{say('warning.label')}: </span>
            {post.warning}
          </p>
          <button
            type="button"
            className="pill-button post-card__warning-toggle"
            aria-expanded={opened}
            aria-controls={bodyId}
            // Found by the x shortcut (postShortcuts).
            data-post-action="warning"
            onClick={() => setWarningChoice(!opened)}
          >
            {say(opened ? 'warning.showLess' : 'warning.showMore')}
          </button>
        </div>
      ) : null}

      {/* Hidden from sight and from screen readers alike until opened. */}
      <div id={bodyId} className="post-card__body" hidden={!opened}>
        {linksInText ? (
          <div className="post-card__content" dir="auto">
            <RichText text={post.content} renderMention={renderMention} linkTags={hasTags} />
          </div>
        ) : (
          <Link className="post-card__content" to={paths.post.href(post.id)} dir="auto">
            {post.content}
          </Link>
        )}

        {images.length > 1 ? (
          <ImageGrid images={images} author={fullName} postId={post.id} />
        ) : post.postImage ? (
          <PostImage
            src={post.postImage}
            alt={post.imageAlt || undescribedImageAlt(fullName)}
            described={Boolean(post.imageAlt)}
            author={fullName}
            sizes={post.imageSizes}
          />
        ) : null}

        {post.quote ? <QuoteCard quote={post.quote} /> : null}
      </div>

      <div className="post-card__actions">
        {/* Named by its content, so the name holds the count a member sees: "Like, 3 likes". */}
        <button
          type="button"
          className={`post-card__action post-card__action--like${liked ? ' is-active' : ''}`}
          aria-pressed={liked}
          // Found by the l shortcut (postShortcuts).
          data-post-action="like"
          onClick={() => void onLike()}
        >
          <HeartIcon filled={liked} />
          <CountInName name={say('post.likeName', { count: post.likes.likeCount })} count={post.likes.likeCount} />
        </button>
        {hasReplies ? (
          // Named by its content, as the heart is: "Replies, 2 replies".
          <Link className="post-card__action" to={paths.post.href(post.id)} title={say('post.replies')}>
            <CommentIcon />
            <CountInName name={say('post.repliesName', { count: replyCount })} count={replyCount} />
          </Link>
        ) : (
          // The spec's comments icon does nothing: it is shown, but is no control to reach or hear.
          <span className="post-card__action post-card__action--inert" aria-hidden="true" title={say('post.commentsSoon')}>
            <CommentIcon />
          </span>
        )}
        {RepostActions ? <RepostActions post={post} /> : null}
        {BookmarkToggle ? <BookmarkToggle post={post} /> : null}
        {PinToggle && isAuthor ? <PinToggle post={post} /> : null}
        <span className="post-card__spacer" />
        <button
          type="button"
          className="post-card__action"
          aria-label={say('post.edit')}
          title={isAuthor ? say('post.edit') : say('post.notAuthor')}
          disabled={!isAuthor}
          onClick={editing.open}
        >
          <EditIcon />
        </button>
        <button
          type="button"
          className="post-card__action post-card__action--danger"
          aria-label={say('post.delete')}
          title={isAuthor ? say('post.delete') : say('post.notAuthor')}
          disabled={!isAuthor || deleteState.isLoading}
          onClick={confirmingDelete.open}
        >
          <TrashIcon />
        </button>
      </div>
      <WaitingToSend target={post.id} />

      {editing.isOpen ? <EditPostDialog post={post} onClose={editing.close} /> : null}
      <ConfirmDeleteDialog historyWindow={confirmingDelete} texts={{ confirmDeleteTitle: say('post.confirmDeleteTitle'), confirmDeleteText: say('post.confirmDeleteText') }} keepLabel={say('post.keep')} onConfirm={() => void onDelete()} />
    </article>
  );
});
