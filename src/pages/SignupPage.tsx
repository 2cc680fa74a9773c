import { Link } from 'react-router-dom';
import { paths } from '../config/paths';
import { AuthPage } from '../features/auth/components/AuthScreen';
import { SignupForm } from '../features/auth/components/SignupForm';

/** /signup: the page title is exactly 'SocialConnect | Signup'. */
export function SignupPage() {
  return (
    <AuthPage
      pageTitle="Signup"
      title="Create your account"
      intro="It only takes a minute to join SocialConnect."
      footer={<Link to={paths.login.href()}>Already have an account?</Link>}
    >
      <SignupForm />
    </AuthPage>
  );
}
