import { Link, useLocation } from 'react-router-dom';
import { paths } from '../config/paths';
import { AuthPage } from '../features/auth/components/AuthScreen';
import { LoginForm } from '../features/auth/components/LoginForm';
import { useT } from '../i18n/firstWords';
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
  const say = useT();
  const notice = sessionEnded ? say('auth.sessionEnded') : loggedOutInAnotherTab(location.state) ? say('auth.loggedOutInAnotherTab') : null;
  return (
    <AuthPage
      pageTitle={say('auth.loginTitle')}
      title={say('auth.loginTitle')}
      intro={say('auth.loginIntro')}
      footer={<Link to={paths.signup.href()}>{say('auth.toSignup')}</Link>}
    >
      {notice ? (
        <p className="notice" role="alert">
          {notice}
        </p>
      ) : null}
      <LoginForm redirectTo={redirectTargetFrom(location.state)} />
      <p className="auth-screen__forgot">
        <Link to={paths.forgotPassword.href()}>{say('auth.forgotLink')}</Link>
      </p>
    </AuthPage>
  );
}
