import { useId, useState } from 'react';
import { Dialog } from '../../../components/Dialog';
import { LIMITS } from '../../../../contract/limits';
import { refusalTextOf } from '../../../i18n/failureTexts';
import { useT } from '../../../i18n/useT';
import type { ModerationAction, ReportSubject } from '../../../types/api';
import { notifySuccess } from '../../ui/notify';
import { useModerateMutation } from '../moderationApi';
import { actionLabel } from './words';

/** The actions that take something away from a member: their confirming button looks as every destructive one does. */
const DESTRUCTIVE: ReadonlySet<ModerationAction> = new Set(['remove', 'suspend']);

interface ActionDialogProps {
  subject: ReportSubject;
  action: ModerationAction;
  /** What the subject is, as the queue names it ("Post by @noah_kim"). */
  subjectName: string;
  onClose: () => void;
}

/**
 * One action on a subject, with the reason the member reads: required, up to
 * LIMITS.moderationReasonMax characters. A refusal is said beside the field, and what was typed stays.
 */
export function ActionDialog({ subject, action, subjectName, onClose }: ActionDialogProps) {
  const say = useT();
  const reasonId = useId();
  const hintId = useId();
  const errorId = useId();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState('');
  const [moderate, { isLoading }] = useModerateMutation();
  const label = actionLabel(action);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (reason.trim() === '') {
      setProblem(say('moderation.reasonRequired'));
      return;
    }
    setProblem('');
    try {
      await moderate({ subject, action, reason: reason.trim() }).unwrap();
      notifySuccess(say('moderation.done', { action: label }));
      onClose();
    } catch (error) {
      setProblem(refusalTextOf(error));
    }
  };

  return (
    <Dialog title={say('moderation.dialogTitle', { action: label, subject: subjectName })} onClose={onClose}>
      <form className="moderation-dialog" onSubmit={(event) => void submit(event)} noValidate>
        <label htmlFor={reasonId} className="moderation-dialog__label">{say('moderation.reasonLabel')}</label>
        <textarea
          id={reasonId}
          data-autofocus=""
          className="moderation-dialog__reason"
          value={reason}
          maxLength={LIMITS.moderationReasonMax}
          required
          aria-required="true"
          aria-invalid={problem !== '' ? true : undefined}
          aria-describedby={problem !== '' ? `${hintId} ${errorId}` : hintId}
          onChange={(event) => setReason(event.target.value)}
          rows={4}
        />
        <p id={hintId} className="moderation-dialog__hint">{say('moderation.reasonHint', { max: LIMITS.moderationReasonMax })}</p>
        {problem !== '' ? <p id={errorId} className="moderation-dialog__error" role="alert">{problem}</p> : null}
        <div className="moderation-dialog__buttons">
          <button type="button" className="button button--secondary" onClick={onClose}>{say('dialog.cancel')}</button>
          <button type="submit" className={DESTRUCTIVE.has(action) ? 'button button--danger' : 'button button--primary'} disabled={isLoading} aria-busy={isLoading || undefined}>
            {isLoading ? say('moderation.sending') : label}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
