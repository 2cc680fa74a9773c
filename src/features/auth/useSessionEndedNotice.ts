import { useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../lib/store/hooks';
import { selectIsLoggedIn, selectSessionEndedBySystem, sessionEndedNoticeShown } from './sessionSlice';

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
