import { Link, useLocation } from 'react-router-dom';
import { paths } from '../config/paths';
import { AuthPage } from '../features/auth/components/AuthScreen';
import { LoginForm } from '../features/auth/components/LoginForm';
import { AUTH_MESSAGES } from '../features/auth/messages';
import { redirectTargetFrom } from '../features/auth/redirectTarget';
import { loggedOutInAnotherTab } from '../features/auth/useSessionAcrossTabs';
import { useSessionEndedNotice } from '../features/auth/useSessionEndedNotice';

/**
 * /login: after logging in, the member returns to the page they first asked for, or home. When the
 * backend ended their session, or they logged out in another tab, the screen says so.
 */
export function LoginPage() {
  const location = useLocation();
  const sessionEnded = useSessionEndedNotice();
  const notice = sessionEnded ? AUTH_MESSAGES.sessionEnded : loggedOutInAnotherTab(location.state) ? AUTH_MESSAGES.loggedOutInAnotherTab : null;
  return (
    <AuthPage
      pageTitle="Login"
      title="Login"
      intro="Welcome back! Log in to see what your friends are sharing."
      footer={<Link to={paths.signup.href()}>Create New Account?</Link>}
    >
      {notice ? (
        <p className="notice" role="alert">
          {notice}
        </p>
      ) : null}
      <LoginForm redirectTo={redirectTargetFrom(location.state)} />
    </AuthPage>
  );
}
