import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAppSelector } from '../hooks';
import { selectIsLoggedIn } from '../../features/auth/sessionSlice';
import { paths } from '../../config/paths';

/** Protected routes: a visitor goes to /login with the wanted location kept. */
export function ProtectedLayout() {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const location = useLocation();
  if (!loggedIn) return <Navigate to={paths.login.href()} replace state={{ from: location }} />;
  return <Outlet />;
}
