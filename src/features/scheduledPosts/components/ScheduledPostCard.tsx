import { useId, useRef } from 'react';
import { ConfirmDeleteDialog } from '../../../components/Dialog';
import { focusAfterRemoval } from '../../../components/focusAfterRemoval';
import { useHistoryWindow } from '../../../components/useHistoryWindow';
import { backendFileUrl } from '../../../config/env';
import { useAppDispatch, useAppSelector } from '../../../lib/store/hooks';
import { formatPublishTime, toDateTimeAttribute } from '../../../lib/formatDate';
import type { ScheduledPost } from '../../../types/api';
import { t } from '../../../i18n/i18n';
import { useLanguage, useT } from '../../../i18n/useT';
import { notifyError } from '../../ui/notify';
import { selectCurrentMember } from '../../users/currentMember';
import { ClockIcon, EditIcon, TrashIcon } from '../../posts/components/icons';
import { forgetScheduledPost, useCancelScheduledPostMutation } from '../scheduledPostsApi';
import { EditScheduledPostDialog } from './EditScheduledPostDialog';
import { postImagesOf } from '../../posts/postImages';
import { scheduledEditDraftPlace, useDraftGoneOnClose } from '../../posts/useDraft';
import { selectCurrentUserId } from '../../auth/sessionSlice';
import './ScheduledPosts.css';

/**
 * One post waiting to be published, as its author sees it: when it publishes, its warning, its text
 * and its image; Edit, and Cancel post (asked first).
 */
export function ScheduledPostCard({ post }: { post: ScheduledPost }) {
  const say = useT();
  const language = useLanguage();
  const dispatch = useAppDispatch();
  const me = useAppSelector(selectCurrentMember);
  const whenId = useId();
  const item = useRef<HTMLElement>(null);
  const editing = useHistoryWindow(`edit-scheduled:${post.id}`);
  useDraftGoneOnClose(useAppSelector(selectCurrentUserId), scheduledEditDraftPlace(post.id), editing.isOpen);
  const confirmingCancel = useHistoryWindow(`cancel-scheduled:${post.id}`);
  const [cancelPost, { isLoading: cancelling }] = useCancelScheduledPostMutation();
  const when = formatPublishTime(post.publishAt, language);
  const images = postImagesOf(post);
  const undescribed = say('post.undescribedImage', { name: me ? `${me.firstName} ${me.lastName}` : '' });

  /** Where focus goes once the post leaves the list: the next one's Edit, or the empty list's text. */
  const focusAfterLeaving = () => {
    const leaving = item.current?.closest('li');
    const list = leaving?.parentElement;
    const page = list?.closest<HTMLElement>('.feed-page');
    if (!leaving || !list || !page) return () => undefined;
    return focusAfterRemoval(leaving, { items: Array.from(list.children) as HTMLElement[], target: (next) => next.querySelector('button'), within: page });
  };

  const onCancel = async () => {
    if (cancelling) return;
    const refocus = focusAfterLeaving();
    try {
      await cancelPost(post.id).unwrap();
    } catch {
      // A post gone already leaves the list (the app's listener says it was published or cancelled).
      refocus();
      return;
    }
    notifyError(t('scheduled.cancelled'));
    refocus();
  };

  return (
    <article ref={item} className="card scheduled-card" aria-labelledby={whenId}>
      <p id={whenId} className="scheduled-card__when">
        <ClockIcon />
        <time dateTime={toDateTimeAttribute(post.publishAt)}>{say('scheduled.publishes', { when })}</time>
      </p>
      {post.warning ? (
        <p className="scheduled-card__warning" dir="auto">
          <span className="scheduled-card__warning-label">{say('scheduled.warning')}</span> {post.warning}
        </p>
      ) : null}
      {post.content ? <p className="scheduled-card__text" dir="auto">{post.content}</p> : null}
      {images.length > 1 ? (
        // Its several images, small and in order, as the post will show them.
        <div className="scheduled-card__images">
          {images.map((image, index) => (
            <img
              key={`${index}:${image.src}`}
              src={backendFileUrl(image.src)}
              alt={image.alt || undescribed}
              width={image.sizes?.width}
              height={image.sizes?.height}
              loading="lazy"
            />
          ))}
        </div>
      ) : post.postImage ? (
        <img
          className="scheduled-card__image"
          src={backendFileUrl(post.postImage)}
          alt={post.imageAlt || undescribed}
          width={post.imageSizes?.width}
          height={post.imageSizes?.height}
          loading="lazy"
        />
      ) : null}
      <div className="scheduled-card__actions">
        <button type="button" className="button button--secondary scheduled-card__button" aria-describedby={whenId} onClick={editing.open}>
          <EditIcon />
          {say('scheduled.edit')}
        </button>
        <button type="button" className="button button--secondary scheduled-card__button scheduled-card__button--danger" aria-describedby={whenId} aria-busy={cancelling || undefined} onClick={confirmingCancel.open}>
          <TrashIcon />
          {say('scheduled.cancel')}
        </button>
      </div>
      {editing.isOpen ? (
        <EditScheduledPostDialog
          post={post}
          onClose={editing.close}
          onGone={() => {
            const refocus = focusAfterLeaving();
            editing.close();
            dispatch(forgetScheduledPost(post.id));
            refocus();
          }}
        />
      ) : null}
      <ConfirmDeleteDialog
        historyWindow={confirmingCancel}
        texts={{ confirmDeleteTitle: say('scheduled.confirmTitle'), confirmDeleteText: say('scheduled.confirmText') }}
        keepLabel={say('post.keep')}
        buttons={{ keep: say('scheduled.keep'), confirm: say('scheduled.cancel') }}
        onConfirm={() => void onCancel()}
      />
    </article>
  );
}
