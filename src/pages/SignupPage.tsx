import { Link, Navigate } from 'react-router-dom';
import { usePageTitle } from '../components/usePageTitle';
import { paths } from '../config/paths';
import { AuthScreen } from '../features/auth/components/AuthScreen';
import { SignupForm } from '../features/auth/components/SignupForm';
import { useArrivedLoggedIn } from '../features/auth/useArrivedLoggedIn';

/** /signup: the page title is exactly 'SocialConnect | Signup'. */
export function SignupPage() {
  usePageTitle('Signup');
  const arrivedLoggedIn = useArrivedLoggedIn();
  if (arrivedLoggedIn) return <Navigate to={paths.home.href()} replace />;
  return (
    <AuthScreen
      title="Create your account"
      intro="It only takes a minute to join SocialConnect."
      footer={<Link to={paths.login.href()}>Already have an account?</Link>}
    >
      <SignupForm />
    </AuthScreen>
  );
}
