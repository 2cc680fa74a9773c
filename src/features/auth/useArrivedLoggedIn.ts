import { useState } from 'react';
import { useAppSelector } from '../../lib/store/hooks';
import { selectIsLoggedIn } from './sessionSlice';

/**
 * Whether the member was already logged in when the screen opened. Login and signup send such a
 * member home, but not the member who has just logged in on the screen (login waits a second first).
 */
export function useArrivedLoggedIn(): boolean {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const [arrivedLoggedIn] = useState(loggedIn);
  return arrivedLoggedIn;
}
