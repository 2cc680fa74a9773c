import { NotificationList } from '../features/notifications/components/NotificationList';
import { ModerationNotices } from '../features/moderation/components/ModerationNotices';
import { YourReports } from '../features/reports/components/YourReports';
import { useT } from '../i18n/useT';
import { useExtensionPage } from './useExtensionPage';
import './FeedPages.css';


/**
 * The member's notifications (the `notifications` extension); a backend without it has none to show.
 * Above them, what the moderators did about the member, then the member's own reports.
 */
export function NotificationsPage() {
  const say = useT();
  const has = useExtensionPage('notifications', say('page.notifications'));
  return (
    <div className="feed-page">
      <h1 className="feed-page__title">{say('page.notifications')}</h1>
      <ModerationNotices />
      <YourReports />
      {has === true ? <NotificationList /> : null}
      {has === false ? <p className="feed-page__status">{say('notifications.unavailable')}</p> : null}
    </div>
  );
}
