import { useLocation } from 'react-router-dom';
import { PageLoadFailed } from '../components/PageLoadFailed';
import { usePageTitle } from '../components/usePageTitle';
import { keptLocation, paths } from '../config/paths';
import { useDeviceOffline } from '../features/live/connectionTexts';

/** The page a member was sent to /error from (its location kept in `state.from`), or home. */
export function failedPageHref(location: { pathname: string; search: string; hash: string; state: unknown }): string {
  if (location.pathname !== paths.error.pattern) return `${location.pathname}${location.search}${location.hash}`;
  return keptLocation(location.state)?.href ?? paths.home.href();
}

export const ERROR_PAGE_TEXTS = {
  /** Spec section 2: the server failed. */
  serverTitle: "It's not you, It's us..!",
  serverText: 'Something went wrong on our side. Please try again in a moment.',
  /** The page's calls found no backend: the connection, not SocialConnect, is what failed. */
  unreachableTitle: "Can't reach SocialConnect",
  unreachableText: 'SocialConnect did not answer over your connection. Check your connection, then press Reload.',
  offlineTitle: "You're offline",
  offlineText: 'This device has no connection. Once it is back, press Reload.',
} as const;

/** Whether the page was sent here because its calls never reached the backend (`state.cause`). */
function failedOnTheWay(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { cause?: unknown }).cause === 'network';
}

/**
 * /error (spec section 2): where a page goes when its data could not load at all. A server error is
 * the spec's apology; a page whose calls never reached the backend speaks of the connection.
 */
export function ErrorPage() {
  usePageTitle('Error');
  const location = useLocation();
  const offline = useDeviceOffline();
  const onTheWay = failedOnTheWay(location.state);
  const [title, text] = !onTheWay
    ? [ERROR_PAGE_TEXTS.serverTitle, ERROR_PAGE_TEXTS.serverText]
    : offline
      ? [ERROR_PAGE_TEXTS.offlineTitle, ERROR_PAGE_TEXTS.offlineText]
      : [ERROR_PAGE_TEXTS.unreachableTitle, ERROR_PAGE_TEXTS.unreachableText];
  return <PageLoadFailed title={title} text={text} failedHref={failedPageHref(location)} />;
}
