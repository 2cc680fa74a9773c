import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../lib/store/hooks';
import { paths } from '../../config/paths';
import { notifySuccess } from '../ui/notify';
import { selectToken, userLoggedOut } from './sessionSlice';
import { AUTH_MESSAGES } from './messages';

/**
 * Logging out (spec section 4): the backend ends this device's token, the session ends here (the
 * store's listener forgets the token and the cached data), a toast says so, and the member lands
 * on /login. Nobody waits for the backend: the member is logged out on this device either way.
 */
export function useLogout(): () => void {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const token = useAppSelector(selectToken);
  return useCallback(() => {
    // Leave first, so no screen reacts to the ended session by sending the member elsewhere.
    void navigate(paths.login.href(), { replace: true });
    dispatch(userLoggedOut());
    // After the session's cache is reset (which cancels the calls under way), not before.
    if (token) {
      // The API's code is here: a member's pages brought it.
      void import(/* webpackChunkName: "api-auth" */ './authApi').then(({ authApi }) => dispatch(authApi.endpoints.logout.initiate(token)));
    }
    notifySuccess(AUTH_MESSAGES.loggedOut);
  }, [dispatch, navigate, token]);
}
