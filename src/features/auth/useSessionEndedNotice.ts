import { useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../lib/store/hooks';
import { leavingNoticeShown, selectIsLoggedIn, selectLeavingPurgeAt, selectSessionEndedBecause, selectSessionEndedBySystem, sessionEndedNoticeShown, type SessionEndReason } from './sessionSlice';

/** What the login screen says of a session the backend ended: that it ended, or why (a suspension). */
export type SessionEndedNotice = 'ended' | SessionEndReason;

/**
 * What the login screen should say of a session that ended: the backend refused the token (or it
 * ran out) since the member last logged in, or ended it saying why; null when nothing ended it. The
 * screen keeps saying it while it is open, and the store forgets it at once, so it is said once,
 * not again on the next visit; logging in ends it.
 */
export function useSessionEndedNotice(): SessionEndedNotice | null {
  const dispatch = useAppDispatch();
  const ended = useAppSelector(selectSessionEndedBySystem);
  const because = useAppSelector(selectSessionEndedBecause);
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const now: SessionEndedNotice | null = ended ? because ?? 'ended' : null;
  const [shown, setShown] = useState(now);
  if (now !== null && now !== shown) setShown(now);
  useEffect(() => {
    if (ended) dispatch(sessionEndedNoticeShown());
  }, [ended, dispatch]);
  return loggedIn ? null : shown;
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
