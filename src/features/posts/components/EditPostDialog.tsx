import { useId, useState, type FormEvent } from 'react';
import { useAppDispatch } from '../../../lib/store/hooks';
import { Dialog } from '../../../components/Dialog';
import { TIMINGS } from '../../../config/timings';
import { submitOnCtrlEnter } from '../../../lib/submitOnCtrlEnter';
import type { Post } from '../../../types/api';
import { notifySuccess } from '../../ui/notify';
import { showLoaderFor } from '../../ui/loaderTimers';
import { useEditPostMutation } from '../postsApi';
import { CharacterCount, charactersLeft } from './CharacterCount';
import './shared.css';
import './Composer.css';
import './EditPostDialog.css';
import { ProgressLabel } from '../../../components/ProgressLabel';

export interface EditPostDialogProps {
  post: Post;
  onClose: () => void;
}

/** The edit window: the post's text, prefilled; it closes on success and keeps the text on failure. */
export function EditPostDialog({ post, onClose }: EditPostDialogProps) {
  const dispatch = useAppDispatch();
  const [text, setText] = useState(post.content);
  const [editPost, { isLoading }] = useEditPostMutation();
  const textId = useId();
  const countId = useId();
  const over = charactersLeft(text) < 0;
  const blank = text.trim() === '';

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading || over || blank) return;
    dispatch(showLoaderFor(TIMINGS.loaderOffShortMs));
    try {
      await editPost({ postId: post.id, text }).unwrap();
    } catch {
      // The window stays open with the member's text; the app already said what went wrong.
      return;
    }
    notifySuccess('Post Edited Successfully!');
    onClose();
  };

  return (
    <Dialog title="New Post Content:" onClose={onClose} closeLabel="Close">
      <form className="edit-post" onSubmit={onSubmit}>
        <label htmlFor={textId} className="visually-hidden">
          Post content
        </label>
        <textarea
          id={textId}
          dir="auto"
          className="edit-post__text"
          value={text}
          rows={5}
          aria-describedby={countId}
          aria-invalid={over || undefined}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={submitOnCtrlEnter}
        />
        <div className="edit-post__bar">
          <CharacterCount id={countId} text={text} />
          <button type="submit" className="edit-post__submit" disabled={over || blank} aria-disabled={isLoading || undefined} aria-busy={isLoading || undefined}>
            <ProgressLabel pending={isLoading} idle="Update Post" busy="Updating…" />
          </button>
        </div>
      </form>
    </Dialog>
  );
}
