import { useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../lib/store/hooks';
import { leavingNoticeShown, selectIsLoggedIn, selectLeavingPurgeAt, selectSessionEndedBySystem, sessionEndedNoticeShown } from './sessionSlice';

/**
 * Whether the login screen should say the session has ended: the backend refused the token (or it
 * ran out) since the member last logged in. The screen keeps saying it while it is open, and the
 * store forgets it at once, so it is said once, not again on the next visit; logging in ends it.
 */
export function useSessionEndedNotice(): boolean {
  const dispatch = useAppDispatch();
  const ended = useAppSelector(selectSessionEndedBySystem);
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const [shown, setShown] = useState(ended);
  if (ended && !shown) setShown(true);
  useEffect(() => {
    if (ended) dispatch(sessionEndedNoticeShown());
  }, [ended, dispatch]);
  return shown && !loggedIn;
}

/**
 * When the account the member just deleted goes for good, for the login screen to say (with that
 * logging in before then keeps it): said while the screen is open, forgotten by the store at once,
 * and never on a page loaded afresh, so the page built ahead is the one the app draws.
 */
export function useLeavingNotice(): string | null {
  const dispatch = useAppDispatch();
  const asked = useAppSelector(selectLeavingPurgeAt);
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const [shown, setShown] = useState(asked);
  if (asked !== null && asked !== shown) setShown(asked);
  useEffect(() => {
    if (asked !== null) dispatch(leavingNoticeShown());
  }, [asked, dispatch]);
  return loggedIn ? null : shown;
}
