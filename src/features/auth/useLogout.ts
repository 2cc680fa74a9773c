import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../lib/store/hooks';
import { paths } from '../../config/paths';
import { notifySuccess } from '../ui/notify';
import { selectToken, userLoggedOut } from './sessionSlice';
import { t } from '../../i18n/firstWords';
import { writesAnswered } from '../../lib/api/writesOnTheirWay';

/**
 * How long the logout call waits for the member's writes still on their way (a like, notifications
 * marked read) to be answered, so the backend stores them before it ends the token they carry.
 */
export const LOGOUT_WAITS_FOR_WRITES_MS = 5_000;

/**
 * Logging out (spec section 4): the backend ends this device's token, the session ends here (the
 * store's listener forgets the token and the cached data), a toast says so, and the member lands
 * on /login. Nobody waits for the backend: the member is logged out on this device either way. What
 * the member did just before is not lost: the logout call goes once their writes are answered.
 */
export function useLogout(): () => void {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const token = useAppSelector(selectToken);
  return useCallback(() => {
    // Leave first, so no screen reacts to the ended session by sending the member elsewhere.
    void navigate(paths.login.href(), { replace: true });
    dispatch(userLoggedOut());
    // After the session's cache is reset (which stops listening for the calls under way), and after
    // the member's writes under way are answered (a write goes to its end: writesOnTheirWay).
    if (token) {
      // The API's code is here: a member's pages brought it.
      const authApi = import(/* webpackChunkName: "api-auth" */ './authApi');
      void Promise.all([authApi, writesAnswered(LOGOUT_WAITS_FOR_WRITES_MS)]).then(([{ authApi: auth }]) => dispatch(auth.endpoints.logout.initiate(token)));
    }
    notifySuccess(t('auth.loggedOut'));
  }, [dispatch, navigate, token]);
}
