import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router-dom';
import { PageLoadFailed } from '../components/PageLoadFailed';
import { usePageTitle } from '../components/usePageTitle';
import { paths } from '../config/paths';
import { PRODUCT_NAME } from '../config/product';
import { t, useT } from '../i18n/firstWords';
import { failedPageHref } from './ErrorPage';

/** A route module that failed to download: usually a new version was deployed, or the network dropped. */
function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || /Loading (CSS )?chunk [\w-]+ failed/i.test(error.message) || /dynamically imported module/i.test(error.message);
}

/** What to tell the member, in plain words in their language: never the error object itself. */
export function describeRouteError(error: unknown): { title: string; text: string } {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return { title: t('notFound.title'), text: t('notFound.page') };
  }
  if (isChunkLoadError(error)) {
    return { title: t('routeError.chunkTitle'), text: t('routeError.chunkText') };
  }
  return { title: t('routeError.otherTitle'), text: t('routeError.otherText') };
}

/**
 * The router's unexpected-application-error page (spec section 2): a page whose code could not load
 * or that broke. It replaces the whole layout, so it brings its own frame, with plain links that work
 * even if the router is in trouble.
 */
export function RouteErrorPage() {
  const say = useT();
  const { title, text } = describeRouteError(useRouteError());
  const failedHref = failedPageHref(useLocation());
  usePageTitle(say('page.error'));
  return (
    <div className="app">
      <header className="top-bar">
        <div className="top-bar__inner">
          <a href={paths.home.href()} className="top-bar__brand"><span>{PRODUCT_NAME}</span></a>
        </div>
      </header>
      <PageLoadFailed title={title} text={text} failedHref={failedHref} />
    </div>
  );
}
