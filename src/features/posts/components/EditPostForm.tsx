import { useId, type FormEvent, type ReactNode } from 'react';
import { SubmitButton } from '../../../components/ProgressLabel';
import { useT } from '../../../i18n/useT';
import { CharacterCount, CountedTextBox } from './CharacterCount';
import type { Draft } from '../useDraft';
import { useEditDraft } from '../useEditDraft';
import { EditExtraFields, useEditExtras, type EditedPost, type EditExtras, type EditTyped } from './EditExtras';

/** What an edit window's form is wired to: the post, what is typed, what the window offers, and the fields' handlers. */
export interface EditFields {
  post: EditedPost;
  /** What the window offers besides the text, and whether what is typed fits (useEditExtras). */
  extras: EditExtras & { fits: boolean };
  typed: EditTyped;
  onText: (text: string) => void;
  onWarning: (warning: string) => void;
  onAlt: (index: number, alt: string) => void;
}

/**
 * An edit window's draft (useEditDraft: kept at `place`, starting from the post and `also`) and its
 * form's wiring to it, the same for a post's window and a scheduled post's.
 */
export function useEditForm(post: Parameters<typeof useEditDraft>[0] & EditedPost, place: string, also?: Partial<Draft>) {
  const { draft, typed, updateDraft, onAlt } = useEditDraft(post, place, also);
  const extras = useEditExtras(post, typed);
  const fields: EditFields = { post, extras, typed, onAlt, onText: (text) => updateDraft({ text }), onWarning: (warning) => updateDraft({ warning }) };
  return { draft, typed, extras, updateDraft, fields };
}

export interface EditPostFormProps {
  /** The draft's wiring (useEditForm). */
  fields: EditFields;
  /** Nothing to send as it stands: the submit waits, as it does while anything is over its limit. */
  blank: boolean;
  /** The edit's call is on its way. */
  pending: boolean;
  /** The submit button's words, and its words while the call is on its way. */
  submit: { idle: string; busy: string };
  onSubmit: (event: FormEvent) => void;
  noValidate?: boolean;
  /** What the window asks besides, after the extras (a scheduled post's time). */
  children?: ReactNode;
}

/**
 * An edit window's form, for a post or a scheduled one: the text with its count, the content warning
 * and the images' descriptions where the backend keeps them, then the count beside the submit button.
 */
export function EditPostForm({ fields, blank, pending, submit, onSubmit, noValidate, children }: EditPostFormProps) {
  const { post, extras, typed, onText, onWarning, onAlt } = fields;
  const say = useT();
  const countId = useId();
  return (
    <form className="edit-post" onSubmit={onSubmit} noValidate={noValidate}>
      <CountedTextBox label={say('editPost.text')} className="edit-post__text" text={typed.text} onText={onText} rows={5} countId={countId} />
      <EditExtraFields post={post} extras={extras} typed={typed} onWarning={onWarning} onAlt={onAlt} />
      {children}
      <div className="edit-post__bar">
        <CharacterCount id={countId} text={typed.text} />
        <SubmitButton className="edit-post__submit" disabled={!extras.fits || blank} pending={pending} idle={submit.idle} busy={submit.busy} />
      </div>
    </form>
  );
}
