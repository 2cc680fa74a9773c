import { useState, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { usePageTitle } from '../../../components/usePageTitle';
import { paths } from '../../../config/paths';
import { useAppSelector } from '../../../lib/store/hooks';
import { selectIsLoggedIn } from '../sessionSlice';
import { PRODUCT_NAME } from '../../../config/product';
import { useT } from '../../../i18n/firstWords';
import './AuthScreen.css';

export interface AuthScreenProps {
  title: string;
  intro: string;
  children: ReactNode;
  /** The link to the other auth screen, shown under the form. */
  footer: ReactNode;
}

/** The two-panel frame of the login and signup screens: the promise on one side, the form on the other. */
export function AuthScreen({ title, intro, children, footer }: AuthScreenProps) {
  const say = useT();
  return (
    <main id="main-content" className="auth-screen" tabIndex={-1}>
      <section className="auth-screen__hero" aria-label={say('auth.about')}>
        <p className="auth-screen__brand" aria-hidden="true">{PRODUCT_NAME}</p>
        {/* The product's promise (spec section 1). */}
        <p className="auth-screen__tagline">{say('auth.tagline')}</p>
        <ul className="auth-screen__points">
          <li>{say('auth.pointFollow')}</li>
          <li>{say('auth.pointConnect')}</li>
          <li>{say('auth.pointShare')}</li>
        </ul>
      </section>
      <section className="auth-screen__card" aria-labelledby="auth-title">
        <h1 id="auth-title" className="auth-screen__title">{title}</h1>
        <p className="auth-screen__intro">{intro}</p>
        {children}
        <p className="auth-screen__footer">{footer}</p>
      </section>
    </main>
  );
}

export interface AuthPageProps extends AuthScreenProps {
  /** The document title's page part ('SocialConnect | Signup'), when it is not the screen's title. */
  pageTitle?: string;
}

/** A logged-out page (/login, /signup): titled, in the auth frame; a member who arrives logged in goes home. */
export function AuthPage({ pageTitle, ...screen }: AuthPageProps) {
  usePageTitle(pageTitle ?? screen.title);
  // Whether the member was logged in when the screen opened, not the member who has just logged in
  // here (login waits a second before it moves on).
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const [arrivedLoggedIn] = useState(loggedIn);
  if (arrivedLoggedIn) return <Navigate to={paths.home.href()} replace />;
  return <AuthScreen {...screen} />;
}
