import { useAppDispatch, useAppSelector } from '../lib/store/hooks';
import { cancelWaiting } from './outboxListeners';
import { selectWaitingCountFor } from './outboxSlice';
import './WaitingToSend.css';

export const WAITING_TEXTS = {
  waiting: 'Waiting to send',
  cancel: 'Cancel',
  /** The Cancel button's name, as heard: which of the card's changes it cancels. */
  cancelName: 'Cancel what waits to send',
} as const;

/**
 * Under a post whose like, dislike or bookmark waits in the outbox (the backend could not be
 * reached), or beside a member's Follow: says so, and lets the member cancel it, which takes it back
 * and never sends it.
 */
export function WaitingToSend({ target }: { target: string }) {
  const dispatch = useAppDispatch();
  const count = useAppSelector((state) => selectWaitingCountFor(state, target));
  return (
    // Always in the page, so the words are announced as they appear.
    <p className="waiting-to-send" role="status" hidden={count === 0}>
      {count > 0 ? (
        <>
          <span className="waiting-to-send__words">{WAITING_TEXTS.waiting}</span>
          <button type="button" className="waiting-to-send__cancel" aria-label={WAITING_TEXTS.cancelName} onClick={() => dispatch(cancelWaiting(target))}>
            {WAITING_TEXTS.cancel}
          </button>
        </>
      ) : null}
    </p>
  );
}
