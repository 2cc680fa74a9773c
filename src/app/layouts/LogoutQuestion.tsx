import { lazy, Suspense, useEffect } from 'react';
import { useHistoryWindow } from '../../components/useHistoryWindow';
import { useLogout } from '../../features/auth/useLogout';
import { useAppSelector } from '../../lib/store/hooks';
import { selectWaitingWrites } from '../../offline/outboxSlice';
// With the outbox's code (one chunk, loaded as the member's pages open): here when the network is not.
const LogoutAsking = lazy(() => import(/* webpackChunkName: "outbox" */ './LogoutAsking').then((module) => ({ default: module.LogoutAsking })));

/** What pressing Logout does: log out, or first ask while changes wait to be sent. */
export interface LogoutPress {
  onPress: () => void;
  /** Whether the press opens a window (the question) rather than logging out. */
  asks: boolean;
}

/**
 * While changes wait to be sent (the outbox), Logout asks first (LogoutAsking): logging out forgets
 * them. The press is given to `onPress`, and the question, when asked, shows here.
 */
export function LogoutQuestion({ onPress }: { onPress: (press: LogoutPress) => void }) {
  const logout = useLogout();
  const waiting = useAppSelector((state) => selectWaitingWrites(state).length);
  const asking = useHistoryWindow('logout-with-waiting');
  const asks = waiting > 0;
  const open = asking.open;
  useEffect(() => onPress({ onPress: asks ? open : logout, asks }), [onPress, asks, open, logout]);
  return asking.isOpen ? (
    <Suspense fallback={null}>
      {/* Logging out goes to /login in place of the window's history entry. */}
      <LogoutAsking count={waiting} onStay={asking.close} onLeave={logout} />
    </Suspense>
  ) : null;
}
