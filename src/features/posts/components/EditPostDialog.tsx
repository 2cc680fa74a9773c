import type { FormEvent } from 'react';
import { useAppDispatch, useAppStore } from '../../../lib/store/hooks';
import { selectWaitingWrites, waitingEditsFor } from '../../../offline/outboxSlice';
import { Dialog } from '../../../components/Dialog';
import { TIMINGS } from '../../../config/timings';
import type { Post } from '../../../types/api';
import { notifySuccess } from '../../ui/notify';
import { showLoaderFor } from '../../ui/loaderTimers';
import { useEditPostMutation } from '../postsApi';
import './shared.css';
import './Composer.css';
// The fields' styles before the window's own, as the composer has them: one order on every page.
import { EditPostForm, useEditForm } from './EditPostForm';
import './EditPostDialog.css';
import { editDraftPlace } from '../useDraft';
import { t } from '../../../i18n/i18n';
import { useT } from '../../../i18n/useT';

export interface EditPostDialogProps {
  post: Post;
  onClose: () => void;
}

/**
 * The edit window: the post's text, prefilled, its content warning and its image's description where
 * the backend keeps them; it closes on success and keeps what was typed on failure. What is typed is kept as the
 * composer keeps its draft: a reload with the window open (its history entry opens it again) finds it;
 * the card lets it go when the window closes, whichever way.
 */
export function EditPostDialog({ post, onClose }: EditPostDialogProps) {
  const say = useT();
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const { typed, extras, fields } = useEditForm(post, editDraftPlace(post.id));
  // Its content warning, where the backend keeps one: emptied, the post has none.
  const { text, imageAlt, moreImageAlts, warning } = typed;
  const { describes, several, warns } = extras;
  const [editPost, { isLoading }] = useEditPostMutation();
  const over = !extras.fits;
  const blank = text.trim() === '';

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading || over || blank) return;
    dispatch(showLoaderFor(TIMINGS.loaderOffShortMs));
    const waitingBefore = waitingEditsFor(selectWaitingWrites(store.getState()), post.id);
    try {
      await editPost({ postId: post.id, text, ...(describes ? { imageAlt } : {}), ...(warns ? { warning } : {}), ...(several ? { moreImageAlts } : {}) }).unwrap();
    } catch {
      // The window stays open with the member's text; the app already said what went wrong.
      return;
    }
    // With no backend to be reached, the edit waits in the outbox, shown on the post meanwhile.
    const waits = waitingEditsFor(selectWaitingWrites(store.getState()), post.id) > waitingBefore;
    notifySuccess(t(waits ? 'editPost.waiting' : 'editPost.edited'));
    onClose();
  };

  return (
    <Dialog title={say('editPost.title')} onClose={onClose}>
      <EditPostForm fields={fields} blank={blank} pending={isLoading} submit={{ idle: say('editPost.update'), busy: say('editPost.updating') }} onSubmit={onSubmit} />
    </Dialog>
  );
}
