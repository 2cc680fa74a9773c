import type { FormEvent } from 'react';
import { Dialog } from '../../../components/Dialog';
import { classifyFailure, errorCode, errorMessage } from '../../../lib/apiError';
import { ERROR_CODES } from '../../../../contract/messages';
import type { ScheduledPost } from '../../../types/api';
import { t } from '../../../i18n/i18n';
import { useT } from '../../../i18n/useT';
import { notifyError, notifySuccess, worded } from '../../ui/notify';
import '../../posts/components/shared.css';
import '../../posts/components/Composer.css';
import { EditPostForm, useEditForm } from '../../posts/components/EditPostForm';
import '../../posts/components/EditPostDialog.css';
import { goneFromSchedule, useEditScheduledPostMutation } from '../scheduledPostsApi';
import { toLocalInput, toOffsetIso } from '../publishTime';
import { PublishTimeField, usePublishTime } from './PublishTimeField';
import { scheduledEditDraftPlace } from '../../posts/useDraft';

export interface EditScheduledPostDialogProps {
  post: ScheduledPost;
  onClose: () => void;
  /** The post is not waiting any more (published or cancelled meanwhile): the window has closed. */
  onGone: () => void;
}

/**
 * A scheduled post's edit window: its text, its content warning and its image's description where the
 * backend keeps them, and its time. It closes on success and keeps what was typed on a refusal, a
 * refused time said at its field, and through a reload.
 */
export function EditScheduledPostDialog({ post, onClose, onGone }: EditScheduledPostDialogProps) {
  const say = useT();
  const keptTime = toLocalInput(post.publishAt);
  // What is typed, the time too, is kept as the composer keeps its draft: a reload with the window
  // open (its history entry opens it again) finds it; the card lets it go when the window closes.
  const { draft, typed, extras, updateDraft, fields } = useEditForm(post, scheduledEditDraftPlace(post.id), { publishAt: keptTime });
  const { text, imageAlt, moreImageAlts, warning } = typed;
  const publishTime = usePublishTime(keptTime, [draft.publishAt, (value) => updateDraft({ publishAt: value })]);
  const { describes, several, warns } = extras;
  const [editScheduledPost, { isLoading }] = useEditScheduledPostMutation();
  const over = !extras.fits;
  const blank = text.trim() === '' && post.postImage === '';

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading || over || blank) return;
    // An unchanged time is the backend's to keep: only a new one is checked and sent.
    const time = publishTime.changed ? publishTime.check() : undefined;
    if (publishTime.changed && !time) return;
    try {
      await editScheduledPost({
        id: post.id,
        text,
        ...(warns ? { warning } : {}),
        ...(describes ? { imageAlt } : {}),
        ...(several ? { moreImageAlts } : {}),
        ...(time ? { publishAt: toOffsetIso(time) } : {}),
      }).unwrap();
    } catch (error) {
      // The window stays open with what was typed, but for a post that is not waiting any more.
      if (goneFromSchedule(error)) {
        notifyError(t('refusal.scheduledPostNotFound'));
        onGone();
      } else if (errorCode(error) === ERROR_CODES.scheduleTimeInvalid) {
        publishTime.refuse(t('refusal.scheduleTimeInvalid'));
      } else if (classifyFailure(error, true).kind === 'client') {
        notifyError(worded((words) => words.refusalTextOf(error), errorMessage(error)));
      }
      return;
    }
    notifySuccess(t('scheduled.saved'));
    onClose();
  };

  return (
    <Dialog title={say('scheduled.editTitle')} onClose={onClose}>
      <EditPostForm fields={fields} blank={blank} pending={isLoading} submit={{ idle: say('scheduled.save'), busy: say('scheduled.saving') }} onSubmit={onSubmit} noValidate>
        <PublishTimeField {...publishTime.field} />
      </EditPostForm>
    </Dialog>
  );
}
