import { Link } from 'react-router-dom';
import { usePageTitle } from '../components/usePageTitle';
import { paths } from '../config/paths';

/** Any URL the app does not know. */
export function NotFoundPage() {
  usePageTitle('Not Found');
  return (
    <main id="main-content" className="status-page" tabIndex={-1}>
      <section className="status-page__card" aria-labelledby="not-found-title">
        <p className="status-page__code" aria-hidden="true">404</p>
        <h1 id="not-found-title" className="status-page__title">Page Not Found</h1>
        <p className="status-page__text">The page you are looking for does not exist or has moved.</p>
        <div className="status-page__actions">
          <Link to={paths.home.href()} className="button button--primary">Back to Home</Link>
        </div>
      </section>
    </main>
  );
}
