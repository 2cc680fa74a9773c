import { usePageTitle } from '../components/usePageTitle';
import { TIMINGS } from '../config/timings';
import { NotificationList } from '../features/notifications/components/NotificationList';
import { useLoaderOffAfter } from '../features/ui/useLoaderOffAfter';
import { useCapability } from '../lib/api/capabilities';
import './FeedPages.css';

export const NOTIFICATIONS_UNAVAILABLE = 'This network does not send notifications.';

/** The member's notifications (the `notifications` extension); a backend without it has none to show. */
export function NotificationsPage() {
  const has = useCapability('notifications');
  useLoaderOffAfter(has !== undefined, TIMINGS.loaderOffShortMs);
  usePageTitle('Notifications');
  return (
    <div className="feed-page">
      <h1 className="feed-page__title">Notifications</h1>
      {has === true ? <NotificationList /> : null}
      {has === false ? <p className="feed-page__status">{NOTIFICATIONS_UNAVAILABLE}</p> : null}
    </div>
  );
}
