import { useId, useRef, useState, type FormEvent } from 'react';
import { LIMITS } from '../../../../contract/limits';
import { Dialog } from '../../../components/Dialog';
import { SubmitButton } from '../../../components/ProgressLabel';
import { hasCapability } from '../../../lib/api/capabilities';
import { classifyFailure } from '../../../lib/apiError';
import { errorCode } from '../../../lib/refusalBody';
import { useAppSelector } from '../../../lib/store/hooks';
import { ERROR_CODES } from '../../../../contract/messages';
import type { ReportReason, UserSummary } from '../../../types/api';
import { refusalTextOf } from '../../../i18n/failureTexts';
import { t } from '../../../i18n/i18n';
import { useT } from '../../../i18n/useT';
import type { MessageId } from '../../../i18n/catalogues/en';
import { CharacterCount, charactersLeft } from '../../posts/components/CharacterCount';
import { nameOf, useRelationChange } from '../../relations/components/RelationActions';
import { notifySuccess } from '../../ui/notify';
import { useGetRulesToCiteQuery, useSendReportMutation, type ReportAbout } from '../reportsApi';
import '../../posts/components/shared.css';
import './ReportDialog.css';

/** The reasons, in the order the dialog offers them, with their words. */
const REASONS = [
  ['spam', 'report.reasonSpam'],
  ['abuse', 'report.reasonAbuse'],
  ['illegal', 'report.reasonIllegal'],
  ['other', 'report.reasonOther'],
] as const satisfies ReadonlyArray<readonly [ReportReason, MessageId]>;

/** The dialog's title, by what is reported. */
function titleOf(about: ReportAbout): MessageId {
  if ('post' in about) return 'report.titlePost';
  if ('reply' in about) return 'report.titleReply';
  return 'report.titleMember';
}

export interface ReportDialogProps {
  /** What is reported: a post, a reply or a member. */
  about: ReportAbout;
  /** Whom it is about: the author of the post or reply, or the member. */
  author: UserSummary;
  onClose: () => void;
}

/**
 * Reports a post, a reply or a member to the moderators (the `moderation` extension): a reason, the
 * network's rule it breaks where the network has rules (none by default), an optional comment within
 * its limit, and, where the backend has mute and block, whether to mute or block the author too. On
 * success it says thanks and closes; on a failure it stays open with what was chosen and typed and
 * says why. A rule removed meanwhile is said beside the rules, read again.
 */
export function ReportDialog({ about, author, onClose }: ReportDialogProps) {
  const say = useT();
  const name = nameOf(author);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [comment, setComment] = useState('');
  const [rule, setRule] = useState('');
  const [ruleGone, setRuleGone] = useState(false);
  const [alsoMute, setAlsoMute] = useState(false);
  const [alsoBlock, setAlsoBlock] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [reasonMissing, setReasonMissing] = useState(false);
  const relations = useAppSelector((state) => hasCapability(state, 'muteBlock'));
  const [sendReport, { isLoading }] = useSendReportMutation();
  const { run } = useRelationChange();
  // Read each time the dialog opens, so it offers the rules as they are now.
  const { data: rulesAnswer, refetch: readRulesAgain } = useGetRulesToCiteQuery(undefined, { refetchOnMountOrArgChange: true });
  const rules = Array.isArray(rulesAnswer?.rules) ? rulesAnswer.rules : [];
  // The rule chosen, while the network still has it.
  const cited = rules.find((candidate) => candidate.id === rule);
  const firstReason = useRef<HTMLInputElement>(null);
  const ruleField = useRef<HTMLSelectElement>(null);
  const legendId = useId();
  const reasonErrorId = useId();
  const ruleId = useId();
  const ruleHintId = useId();
  const commentId = useId();
  const countId = useId();
  const errorId = useId();
  const over = charactersLeft(comment, LIMITS.reportCommentMax) < 0;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading || over) return;
    if (reason === null) {
      setReasonMissing(true);
      firstReason.current?.focus();
      return;
    }
    setError(null);
    setRuleGone(false);
    const trimmed = comment.trim();
    try {
      await sendReport({ about, reason, ...(trimmed ? { comment: trimmed } : {}), ...(cited ? { rule: cited.id } : {}) }).unwrap();
    } catch (failure) {
      // The dialog stays open with what was chosen and typed. A refusal is said here in the member's
      // words; a lost connection or a 5xx is also said where every failure is.
      if (errorCode(failure) === ERROR_CODES.reportRuleInvalid) {
        // The rule was removed since the dialog read them: the rules are read again to choose anew.
        setRuleGone(true);
        setError(t('report.ruleGone'));
        void readRulesAgain();
        ruleField.current?.focus();
        return;
      }
      setError(classifyFailure(failure, true).kind === 'client' ? refusalTextOf(failure) : t('report.notSent'));
      return;
    }
    notifySuccess(t('report.sent'));
    onClose();
    if (alsoBlock) void run('block', author);
    else if (alsoMute) void run('mute', author);
  };

  return (
    <Dialog title={say(titleOf(about), { name })} closeLabel={say('report.keep')} onClose={onClose}>
      <form className="report-dialog" onSubmit={onSubmit} noValidate aria-describedby={error ? errorId : undefined}>
        <fieldset className="report-dialog__reasons" aria-describedby={reasonMissing && reason === null ? reasonErrorId : undefined}>
          <legend id={legendId} className="report-dialog__legend">{say('report.reason')}</legend>
          <div role="radiogroup" aria-labelledby={legendId} aria-required="true" aria-invalid={(reasonMissing && reason === null) || undefined} className="report-dialog__choices">
            {REASONS.map(([value, words], index) => (
              <label key={value} className="report-dialog__choice">
                <input
                  ref={index === 0 ? firstReason : undefined}
                  type="radio"
                  name={legendId}
                  value={value}
                  checked={reason === value}
                  onChange={() => setReason(value)}
                />
                {say(words)}
              </label>
            ))}
          </div>
          {reasonMissing && reason === null ? <p id={reasonErrorId} className="report-dialog__field-error">{say('report.chooseReason')}</p> : null}
        </fieldset>
        {rules.length > 0 ? (
          <div className="report-dialog__rule">
            <label htmlFor={ruleId} className="report-dialog__label">{say('report.rule')}</label>
            <select
              ref={ruleField}
              id={ruleId}
              className="report-dialog__select"
              value={cited ? cited.id : ''}
              aria-invalid={ruleGone || undefined}
              aria-describedby={[cited?.description ? ruleHintId : '', ruleGone ? errorId : ''].filter(Boolean).join(' ') || undefined}
              onChange={(event) => {
                setRule(event.target.value);
                setRuleGone(false);
              }}
            >
              <option value="">{say('report.noRule')}</option>
              {rules.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>{candidate.title}</option>
              ))}
            </select>
            {cited?.description ? <p id={ruleHintId} className="report-dialog__hint" dir="auto">{cited.description}</p> : null}
          </div>
        ) : null}
        <label htmlFor={commentId} className="report-dialog__label">{say('report.comment')}</label>
        <textarea
          id={commentId}
          className="report-dialog__comment"
          dir="auto"
          rows={4}
          value={comment}
          aria-describedby={countId}
          aria-invalid={over || undefined}
          onChange={(event) => setComment(event.target.value)}
        />
        <CharacterCount id={countId} text={comment} limit={LIMITS.reportCommentMax} />
        {relations ? (
          <div className="report-dialog__also">
            <label className="report-dialog__choice">
              <input type="checkbox" checked={alsoMute} onChange={(event) => setAlsoMute(event.target.checked)} />
              {say('report.alsoMute', { username: author.username })}
            </label>
            <label className="report-dialog__choice">
              <input type="checkbox" checked={alsoBlock} onChange={(event) => setAlsoBlock(event.target.checked)} />
              {say('report.alsoBlock', { username: author.username })}
            </label>
          </div>
        ) : null}
        {error ? <p id={errorId} className="report-dialog__error" role="alert">{error}</p> : null}
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            {say('dialog.cancel')}
          </button>
          <SubmitButton className="button button--primary" disabled={over} pending={isLoading} idle={say('report.send')} busy={say('report.sending')} />
        </div>
      </form>
    </Dialog>
  );
}
