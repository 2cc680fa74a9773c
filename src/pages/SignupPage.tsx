import { Link } from 'react-router-dom';
import { paths } from '../config/paths';
import { AuthPage } from '../features/auth/components/AuthScreen';
import { SignupForm } from '../features/auth/components/SignupForm';
import { useT } from '../i18n/signupWords';

/** /signup: the page title is exactly 'SocialConnect | Signup'. */
export function SignupPage() {
  const say = useT();
  return (
    <AuthPage
      pageTitle={say('auth.signupPageTitle')}
      title={say('auth.signupTitle')}
      intro={say('auth.signupIntro')}
      footer={<Link to={paths.login.href()}>{say('auth.toLogin')}</Link>}
    >
      <SignupForm />
    </AuthPage>
  );
}
