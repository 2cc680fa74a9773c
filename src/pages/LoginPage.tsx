import { Link, Navigate, useLocation } from 'react-router-dom';
import { usePageTitle } from '../components/usePageTitle';
import { paths } from '../config/paths';
import { AuthScreen } from '../features/auth/components/AuthScreen';
import { LoginForm } from '../features/auth/components/LoginForm';
import { AUTH_MESSAGES } from '../features/auth/messages';
import { redirectTargetFrom } from '../features/auth/redirectTarget';
import { useArrivedLoggedIn } from '../features/auth/useArrivedLoggedIn';
import { useSessionEndedNotice } from '../features/auth/useSessionEndedNotice';

/**
 * /login: after logging in, the member returns to the page they first asked for, or home. When the
 * backend ended their session, the screen says so.
 */
export function LoginPage() {
  usePageTitle('Login');
  const location = useLocation();
  const arrivedLoggedIn = useArrivedLoggedIn();
  const sessionEnded = useSessionEndedNotice();
  if (arrivedLoggedIn) return <Navigate to={paths.home.href()} replace />;
  return (
    <AuthScreen
      title="Login"
      intro="Welcome back! Log in to see what your friends are sharing."
      footer={<Link to={paths.signup.href()}>Create New Account?</Link>}
    >
      {sessionEnded ? (
        <p className="auth-notice" role="alert">
          {AUTH_MESSAGES.sessionEnded}
        </p>
      ) : null}
      <LoginForm redirectTo={redirectTargetFrom(location.state)} />
    </AuthScreen>
  );
}
