import { useAppDispatch, useAppSelector } from '../lib/store/hooks';
import { cancelWaiting } from './outboxListeners';
import { selectWaitingCountFor } from './outboxSlice';
import { useT } from '../i18n/useT';
import './WaitingToSend.css';

/**
 * Under a post whose like, dislike or bookmark waits in the outbox (the backend could not be
 * reached), or beside a member's Follow: says so, and lets the member cancel it, which takes it back
 * and never sends it.
 */
export function WaitingToSend({ target }: { target: string }) {
  const say = useT();
  const dispatch = useAppDispatch();
  const count = useAppSelector((state) => selectWaitingCountFor(state, target));
  return (
    // Always in the page, so the words are announced as they appear.
    <p className="waiting-to-send" role="status" hidden={count === 0}>
      {count > 0 ? (
        <>
          <span className="waiting-to-send__words">{say('waiting.words')}</span>
          <button type="button" className="waiting-to-send__cancel" aria-label={say('waiting.cancelName')} onClick={() => dispatch(cancelWaiting(target))}>
            {say('waiting.cancel')}
          </button>
        </>
      ) : null}
    </p>
  );
}
