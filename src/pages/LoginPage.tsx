import { Link, useLocation } from 'react-router-dom';
import { paths } from '../config/paths';
import { AuthPage } from '../features/auth/components/AuthScreen';
import { LoginForm } from '../features/auth/components/LoginForm';
import { useLanguage, useT } from '../i18n/firstWords';
import { formatDay } from '../lib/formatDay';
import { redirectTargetFrom } from '../features/auth/redirectTarget';
import { loggedOutInAnotherTab } from '../features/auth/useSessionAcrossTabs';
import { useLeavingNotice, useSessionEndedNotice } from '../features/auth/useSessionEndedNotice';

/**
 * /login: after logging in, the member returns to the page they first asked for, or home. When the
 * backend ended their session (saying so when the moderators suspended the account), or they logged
 * out in another tab, the screen says so; when they have
 * just deleted their account, it says when the account goes and that logging in before then keeps it.
 */
export function LoginPage() {
  const location = useLocation();
  const sessionEnded = useSessionEndedNotice();
  const say = useT();
  const language = useLanguage();
  const purgeAt = useLeavingNotice();
  const notice = sessionEnded === 'suspended' ? say('auth.suspended')
    : sessionEnded ? say('auth.sessionEnded')
    : loggedOutInAnotherTab(location.state) ? say('auth.loggedOutInAnotherTab') : null;
  return (
    <AuthPage
      title={say('auth.loginTitle')}
      intro={say('auth.loginIntro')}
      footer={<Link to={paths.signup.href()}>{say('auth.toSignup')}</Link>}
    >
      {purgeAt !== null ? (
        <p className="notice notice--done" role="alert">
          {say('auth.leaving', { date: formatDay(purgeAt, language) })}
        </p>
      ) : null}
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
