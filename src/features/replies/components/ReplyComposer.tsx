import { forwardRef, useEffect, useId, useImperativeHandle, useRef, useState, type FormEvent } from 'react';
import { LIMITS } from '../../../../contract/limits';
import { Avatar } from '../../../components/Avatar';
import { SubmitButton } from '../../../components/ProgressLabel';
import { useAppSelector, useAppStore } from '../../../lib/store/hooks';
import type { Reply } from '../../../types/api';
import { CharacterCount, charactersLeft, CountedTextBox } from '../../posts/components/CharacterCount';
import { CloseIcon } from '../../posts/components/icons';
import { selectCurrentMember } from '../../users/currentMember';
import { selectWaitingWrites, waitingRepliesIn } from '../../../offline/outboxSlice';
import { notifyError, notifySuccess } from '../../ui/notify';
import { useCreateReplyMutation } from '../repliesApi';
import { keyIsSpent, newIdempotencyKey } from '../../../lib/idempotencyKey';
import { selectCurrentUserId } from '../../auth/sessionSlice';
import { useDraft } from '../../posts/useDraft';
import { t } from '../../../i18n/i18n';
import { useT } from '../../../i18n/useT';
import './Replies.css';

/** What the reply box answers besides the post: a reply, named by its author. */
export type Answering = Pick<Reply, 'id' | 'username'> | null;

export interface ReplyComposerHandle {
  /** Starts a reply to `reply` (or to the post itself) and puts the cursor in the box. */
  answer(reply: Answering): void;
}

export interface ReplyComposerProps {
  postId: string;
  /** The post's author, for the box's accessible description. */
  postAuthor: string;
}

/**
 * The reply box under a post: the composer's counter and limit, Ctrl+Enter to send, and "Replying to
 * @name" when it answers a reply. What was typed stays when the call fails, whatever the failure.
 */
export const ReplyComposer = forwardRef<ReplyComposerHandle, ReplyComposerProps>(function ReplyComposer({ postId, postAuthor }, ref) {
  const say = useT();
  const me = useAppSelector(selectCurrentMember);
  const store = useAppStore();
  // What is typed is kept as the composer keeps its draft, one per post, through a reload, with its key.
  const [{ text, idempotencyKey }, updateDraft] = useDraft(useAppSelector(selectCurrentUserId), `reply.${postId}`);
  const setText = (value: string) => updateDraft({ text: value });
  const renewKey = () => updateDraft({ idempotencyKey: newIdempotencyKey() });
  const [answering, setAnswering] = useState<Answering>(null);
  const [createReply, { isLoading }] = useCreateReplyMutation();
  const textBox = useRef<HTMLTextAreaElement>(null);
  const countId = useId();
  const answeringId = useId();

  useImperativeHandle(ref, () => ({
    answer(reply) {
      setAnswering(reply);
      textBox.current?.focus();
    },
  }), []);

  // Another post's page: its own reply box (its own draft comes with its key).
  useEffect(() => {
    setAnswering(null);
  }, [postId]);

  const over = charactersLeft(text, LIMITS.replyTextMax) < 0;
  const fullName = me ? `${me.firstName} ${me.lastName}` : '';

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading || over) return;
    if (text.trim() === '') {
      notifyError(t('reply.empty'));
      textBox.current?.focus();
      return;
    }
    const sent = { text, answering };
    try {
      await createReply({ postId, text, replyTo: answering?.id, idempotencyKey }).unwrap();
    } catch (error) {
      // The member keeps what they typed; the app already said what went wrong.
      if (keyIsSpent(error)) renewKey();
      return;
    }
    // With no backend to be reached, the reply waits in the outbox (shown under the box).
    const waits = waitingRepliesIn(selectWaitingWrites(store.getState()), postId).some((write) => write.target === idempotencyKey);
    notifySuccess(t(waits ? 'reply.waiting' : 'reply.posted'));
    // Only what was sent leaves the box: anything typed or chosen while it was sending stays. The next
    // draft has a key of its own.
    updateDraft((current) => ({ text: current.text === sent.text ? '' : current.text, idempotencyKey: newIdempotencyKey() }));
    setAnswering((current) => (current === sent.answering ? null : current));
    textBox.current?.focus();
  };

  return (
    <form className="reply-composer" onSubmit={(event) => void onSubmit(event)} aria-label={say('reply.form', { author: postAuthor })}>
      <Avatar src={me?.image ?? ''} name={fullName} size="sm" />
      <div className="reply-composer__body">
        {answering ? (
          <p className="reply-composer__answering" id={answeringId}>
            <span>{say('reply.answering', { username: answering.username })}</span>
            <button
              type="button"
              className="icon-button icon-button--small"
              aria-label={say('reply.stopAnswering', { username: answering.username })}
              title={say('reply.toPostInstead')}
              onClick={() => {
                setAnswering(null);
                textBox.current?.focus();
              }}
            >
              <CloseIcon />
            </button>
          </p>
        ) : null}
        <CountedTextBox
          ref={textBox}
          label={say('reply.label')}
          className="composer__text reply-composer__text"
          placeholder={say('reply.placeholder')}
          text={text}
          onText={setText}
          rows={2}
          // While it sends, what is being sent cannot change under it.
          readOnly={isLoading}
          countId={countId}
          describedBy={answering ? answeringId : undefined}
          limit={LIMITS.replyTextMax}
        />
        <div className="composer__bar">
          <CharacterCount id={countId} text={text} limit={LIMITS.replyTextMax} />
          <SubmitButton className="composer__post" disabled={over} pending={isLoading} idle={say('reply.send')} busy={say('reply.sending')} />
        </div>
      </div>
    </form>
  );
});
