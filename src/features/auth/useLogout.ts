import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';
import { paths } from '../../config/paths';
import { notifySuccess } from '../ui/notify';
import { userLoggedOut } from './sessionSlice';
import { AUTH_MESSAGES } from './messages';

/**
 * Logging out (spec section 4): the session ends (the store's listener forgets the token and the
 * cached data), a toast says so, and the member lands on /login.
 */
export function useLogout(): () => void {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(() => {
    // Leave first, so no screen reacts to the ended session by sending the member elsewhere.
    void navigate(paths.login.href(), { replace: true });
    dispatch(userLoggedOut());
    notifySuccess(AUTH_MESSAGES.loggedOut);
  }, [dispatch, navigate]);
}
