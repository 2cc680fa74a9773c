import { useLocation } from 'react-router-dom';
import { PageLoadFailed } from '../components/PageLoadFailed';
import { usePageTitle } from '../components/usePageTitle';
import { keptLocation, paths } from '../config/paths';
import { useDeviceOffline } from '../features/live/connectionTexts';
import { useT } from '../i18n/firstWords';

/** The page a member was sent to /error from (its location kept in `state.from`), or home. */
export function failedPageHref(location: { pathname: string; search: string; hash: string; state: unknown }): string {
  if (location.pathname !== paths.error.pattern) return `${location.pathname}${location.search}${location.hash}`;
  return keptLocation(location.state)?.href ?? paths.home.href();
}

/** Whether the page was sent here because its calls never reached the backend (`state.cause`). */
function failedOnTheWay(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { cause?: unknown }).cause === 'network';
}

/**
 * /error (spec section 2): where a page goes when its data could not load at all. A server error is
 * the spec's apology; a page whose calls never reached the backend speaks of the connection (the
 * device's, when it is offline): not of a fault on SocialConnect's side.
 */
export function ErrorPage() {
  const say = useT();
  usePageTitle(say('page.error'));
  const location = useLocation();
  const offline = useDeviceOffline();
  const onTheWay = failedOnTheWay(location.state);
  const [title, text] = !onTheWay
    ? [say('errorPage.serverTitle'), say('errorPage.serverText')]
    : offline
      ? [say('errorPage.offlineTitle'), say('errorPage.offlineText')]
      : [say('errorPage.unreachableTitle'), say('errorPage.unreachableText')];
  return <PageLoadFailed title={title} text={text} failedHref={failedPageHref(location)} />;
}
