import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { usePageTitle } from '../components/usePageTitle';
import { paths } from '../config/paths';

/** A route module that failed to download: usually a new version was deployed, or the network dropped. */
function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || /Loading (CSS )?chunk [\w-]+ failed/i.test(error.message) || /dynamically imported module/i.test(error.message);
}

/** What to tell the member, in plain words: never the error object itself. */
export function describeRouteError(error: unknown): { title: string; text: string } {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return { title: 'Page Not Found', text: 'The page you are looking for does not exist or has moved.' };
  }
  if (isChunkLoadError(error)) {
    return { title: 'This page could not load', text: 'Please check your connection and reload the page.' };
  }
  return { title: 'Something went wrong', text: 'An unexpected error stopped this page. Reloading usually helps.' };
}

/**
 * The router's unexpected-application-error page (spec section 2). It replaces the whole layout, so it
 * brings its own frame; links are plain anchors so they work even if the router is in trouble.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const { title, text } = describeRouteError(error);
  usePageTitle('Error');
  return (
    <div className="app">
      <header className="top-bar">
        <div className="top-bar__inner">
          <a href={paths.home.href()} className="top-bar__brand"><span>SocialConnect</span></a>
        </div>
      </header>
      <main id="main-content" className="status-page" tabIndex={-1}>
        <section className="status-page__card" role="alert" aria-labelledby="route-error-title">
          <h1 id="route-error-title" className="status-page__title">{title}</h1>
          <p className="status-page__text">{text}</p>
          <div className="status-page__actions">
            <button type="button" className="button button--primary" onClick={() => window.location.reload()}>Reload</button>
            <a href={paths.home.href()} className="button button--secondary">Back to Home</a>
          </div>
        </section>
      </main>
    </div>
  );
}
