import { createPortal } from 'react-dom';
import { Dialog } from '../../components/Dialog';

export const LOGOUT_TEXTS = {
  askTitle: 'Log out with changes not sent?',
  ask: (count: number) =>
    count === 1
      ? 'A change you made while SocialConnect could not be reached has not been sent yet. Logging out now discards it.'
      : `${count} changes you made while SocialConnect could not be reached have not been sent yet. Logging out now discards them.`,
  stay: 'Stay logged in',
  leave: 'Log out anyway',
} as const;

/**
 * The question Logout asks while `count` changes wait to be sent (the outbox): Stay, or log out and
 * forget them. Loaded when first asked, not with the page.
 */
export function LogoutAsking({ count, onStay, onLeave }: { count: number; onStay: () => void; onLeave: () => void }) {
  // In the page's body: a bar's backdrop filter would hold a fixed window inside its own box.
  return createPortal(
    <Dialog title={LOGOUT_TEXTS.askTitle} onClose={onStay}>
      <p className="dialog__text">{LOGOUT_TEXTS.ask(count)}</p>
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={onStay}>
          {LOGOUT_TEXTS.stay}
        </button>
        <button type="button" className="button button--danger" onClick={onLeave}>
          {LOGOUT_TEXTS.leave}
        </button>
      </div>
    </Dialog>,
    document.body,
  );
}
