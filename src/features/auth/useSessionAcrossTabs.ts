import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { resetApi } from '../../lib/api/apiSlot';
import { useAppStore } from '../../lib/store/hooks';
import { paths, PUBLIC_CHROME_PATHS } from '../../config/paths';
import { redirectTargetFrom } from './redirectTarget';
import { sessionFromToken, type TokenSession } from './restoreSession';
import { sessionExpired, sessionRestored, tokenRenewed, userLoggedOut, type SessionState } from './sessionSlice';
import { readStoredEndedBecause, readStoredEndedByBackend, readStoredToken, tokenStorageKey } from './tokenStorage';

/** What another tab's change of the stored token means for this tab. */
export type OtherTabChange =
  | { kind: 'none' }
  | { kind: 'loggedOut' }
  | { kind: 'renewed'; token: string }
  | { kind: 'loggedIn'; session: TokenSession; replacesMember: boolean };

/**
 * Compares this tab's session with the token now stored (the tabs of a browser share it): no token,
 * or one that cannot be used, means the member logged out elsewhere; a token for the same member is
 * a renewal (a password change); any other token is a login.
 */
export function otherTabChange(session: SessionState, storedToken: string | null): OtherTabChange {
  if (storedToken === session.token) return { kind: 'none' };
  const next = storedToken ? sessionFromToken(storedToken) : null;
  const loggedIn = session.token !== null;
  if (!next) return loggedIn ? { kind: 'loggedOut' } : { kind: 'none' };
  if (loggedIn && session.userId === next.userId) return { kind: 'renewed', token: next.token };
  return { kind: 'loggedIn', session: next, replacesMember: loggedIn };
}

const AUTH_SCREENS: readonly string[] = [paths.login.pattern, paths.signup.pattern];

/** What /login is opened with when the session ended in another tab: where this tab was, and whether the member logged out. */
interface LoginState {
  from: unknown;
  loggedOutInAnotherTab: boolean;
}

/** Whether /login was opened because the member logged out in another tab. */
export function loggedOutInAnotherTab(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as Partial<LoginState>).loggedOutInAnotherTab === true;
}

/**
 * One member, every tab: logging out in one tab ends the session here too (a protected page goes to
 * /login, which says why and comes back after logging in), and logging in elsewhere logs this tab in
 * (the login screen moves on to where the member wanted to go). Listens to the `storage` event, which the browser sends to the other tabs when one
 * of them changes the stored token.
 */
export function useSessionAcrossTabs(): void {
  const store = useAppStore();
  const navigate = useNavigate();
  const location = useLocation();
  const where = useRef(location);
  useEffect(() => {
    where.current = location;
  }, [location]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      // key null: the whole storage was cleared.
      if (event.key !== null && event.key !== tokenStorageKey()) return;
      const change = otherTabChange(store.getState().session, readStoredToken());
      const { pathname, state } = where.current;
      switch (change.kind) {
        case 'loggedOut': {
          // /login says why this tab is there, and logging in again comes back here.
          const endedByBackend = readStoredEndedByBackend();
          store.dispatch(endedByBackend ? sessionExpired(readStoredEndedBecause()) : userLoggedOut());
          const loginState: LoginState = { from: where.current, loggedOutInAnotherTab: !endedByBackend };
          if (!PUBLIC_CHROME_PATHS.includes(pathname)) void navigate(paths.login.href(), { replace: true, state: loginState });
          break;
        }
        case 'renewed':
          store.dispatch(tokenRenewed(change.token));
          break;
        case 'loggedIn':
          store.dispatch(sessionRestored({ token: change.session.token, userId: change.session.userId }));
          if (change.replacesMember) {
            // Another member now: nothing cached for the previous one may show (and the stored token,
            // the new member's, stays).
            resetApi(store.dispatch);
            void navigate(paths.home.href(), { replace: true });
          } else if (AUTH_SCREENS.includes(pathname)) {
            void navigate(redirectTargetFrom(state), { replace: true });
          }
          break;
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [store, navigate]);
}
