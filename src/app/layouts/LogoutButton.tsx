import { createPortal } from 'react-dom';
import { Dialog } from '../../components/Dialog';
import { useHistoryWindow } from '../../components/useHistoryWindow';
import { useAppSelector } from '../../lib/store/hooks';
import { selectWaitingWrites } from '../../offline/outboxSlice';
import { useLogout } from '../../features/auth/useLogout';
import { LogoutIcon } from './icons';

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
 * The Logout button (the top bar's, or the bottom navigation's on phones). While changes wait to be
 * sent (the outbox), it asks first: logging out forgets them.
 */
export function LogoutButton({ className }: { className: string }) {
  const logout = useLogout();
  const waiting = useAppSelector((state) => selectWaitingWrites(state).length);
  const asking = useHistoryWindow('logout-with-waiting');
  return (
    <>
      <button type="button" className={className} aria-label="Logout" title="Logout" aria-haspopup={waiting > 0 ? 'dialog' : undefined} onClick={waiting > 0 ? asking.open : logout}>
        <LogoutIcon />
      </button>
      {/* In the page's body: a bar's backdrop filter would hold a fixed window inside its own box. */}
      {asking.isOpen
        ? createPortal(
            <Dialog title={LOGOUT_TEXTS.askTitle} onClose={asking.close}>
              <p className="dialog__text">{LOGOUT_TEXTS.ask(waiting)}</p>
              <div className="dialog__actions">
                <button type="button" className="button button--secondary" onClick={asking.close}>
                  {LOGOUT_TEXTS.stay}
                </button>
                {/* Logging out goes to /login in place of the window's history entry. */}
                <button type="button" className="button button--danger" onClick={logout}>
                  {LOGOUT_TEXTS.leave}
                </button>
              </div>
            </Dialog>,
            document.body,
          )
        : null}
    </>
  );
}
