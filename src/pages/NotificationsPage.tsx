import { NotificationList } from '../features/notifications/components/NotificationList';
import { ModerationNotices } from '../features/moderation/components/ModerationNotices';
import { YourReports } from '../features/reports/components/YourReports';
import { useT } from '../i18n/useT';
import { ExtensionPage } from './ExtensionPage';

/**
 * The member's notifications (the `notifications` extension); a backend without it has none to show.
 * Above them, what the moderators did about the member, then the member's own reports.
 */
export function NotificationsPage() {
  const say = useT();
  return (
    <ExtensionPage
      capability="notifications"
      title={say('page.notifications')}
      unavailable={say('notifications.unavailable')}
      above={<><ModerationNotices /><YourReports /></>}
    >
      <NotificationList />
    </ExtensionPage>
  );
}
