import { lazy, Suspense } from 'react';
import { useHistoryWindow } from '../../components/useHistoryWindow';
import { useLogout } from '../../features/auth/useLogout';
import { useAppSelector } from '../../lib/store/hooks';
import { selectWaitingWrites } from '../../offline/outboxSlice';
import { LogoutIcon } from './icons';

import { useT } from '../../i18n/useT';
// With the outbox's code (one chunk, loaded as the member's pages open): here when the network is not.
const LogoutAsking = lazy(() => import(/* webpackChunkName: "outbox" */ './LogoutAsking').then((module) => ({ default: module.LogoutAsking })));

/**
 * The Logout button (the top bar's, or the bottom navigation's on phones). While changes wait to be
 * sent (the outbox), it asks first (LogoutAsking): logging out forgets them.
 */
export function LogoutButton({ className }: { className: string }) {
  const say = useT();
  const logout = useLogout();
  const waiting = useAppSelector((state) => selectWaitingWrites(state).length);
  const asking = useHistoryWindow('logout-with-waiting');
  return (
    <>
      <button type="button" className={className} aria-label={say('nav.logout')} title={say('nav.logout')} aria-haspopup={waiting > 0 ? 'dialog' : undefined} onClick={waiting > 0 ? asking.open : logout}>
        <LogoutIcon />
      </button>
      {asking.isOpen ? (
        <Suspense fallback={null}>
          {/* Logging out goes to /login in place of the window's history entry. */}
          <LogoutAsking count={waiting} onStay={asking.close} onLeave={logout} />
        </Suspense>
      ) : null}
    </>
  );
}
