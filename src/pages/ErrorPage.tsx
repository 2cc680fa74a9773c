import { Link } from 'react-router-dom';
import { usePageTitle } from '../components/usePageTitle';
import { paths } from '../config/paths';

/** /error (spec section 2): where network failures and server errors lead. */
export function ErrorPage() {
  usePageTitle('Error');
  return (
    <main id="main-content" className="status-page" tabIndex={-1}>
      <section className="status-page__card" aria-labelledby="error-title">
        <h1 id="error-title" className="status-page__title">It&apos;s not you, It&apos;s us..!</h1>
        <p className="status-page__text">Something went wrong on our side. Please try again in a moment.</p>
        <div className="status-page__actions">
          <Link to={paths.home.href()} className="button button--primary">Back to Home</Link>
        </div>
      </section>
    </main>
  );
}
