import { useLocation } from 'react-router-dom';
import { PageLoadFailed } from '../components/PageLoadFailed';
import { usePageTitle } from '../components/usePageTitle';
import { keptLocation, paths } from '../config/paths';

/** The page a member was sent to /error from (its location kept in `state.from`), or home. */
export function failedPageHref(location: { pathname: string; search: string; hash: string; state: unknown }): string {
  if (location.pathname !== paths.error.pattern) return `${location.pathname}${location.search}${location.hash}`;
  return keptLocation(location.state)?.href ?? paths.home.href();
}

/** /error (spec section 2): where a page goes when its data could not load (the network, a server error). */
export function ErrorPage() {
  usePageTitle('Error');
  return (
    <PageLoadFailed
      title="It's not you, It's us..!"
      text="Something went wrong on our side. Please try again in a moment."
      failedHref={failedPageHref(useLocation())}
    />
  );
}
