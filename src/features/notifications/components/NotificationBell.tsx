import { NavLink } from 'react-router-dom';
import type { MouseEventHandler, ReactNode } from 'react';
import { paths } from '../../../config/paths';
import { useCapability } from '../../../lib/api/capabilities';
import { useUnreadCount } from '../notificationsApi';
import { badgeOf, bellName } from '../notificationText';
import './Notifications.css';
import { useT } from '../../../i18n/useT';

export interface NotificationBellProps {
  /** The link's class: the side navigation's or the phone's bottom bar's. */
  className: string;
  /** The bell icon, as the navigation around it draws its icons. */
  icon: ReactNode;
  /**
   * Whether "Notifications" shows beside the icon (the side navigation's label, with that class); the
   * bottom bar shows icons alone, and the word is there for screen readers.
   */
  labelClassName?: string;
  onClick?: MouseEventHandler<HTMLAnchorElement>;
}

/**
 * The link to /notifications with the unread count; shown only when the backend has the
 * `notifications` extension. It is named by what it shows, in the order a member reads it: the word,
 * then the badge ("Notifications 3 unread"), so a voice-control user who says what they see presses
 * it (WCAG 2.5.3). The badge sits on the icon where the word is hidden, beside the word where it shows.
 */
export function NotificationBell({ className, icon, labelClassName, onClick }: NotificationBellProps) {
  const say = useT();
  const has = useCapability('notifications') === true;
  const count = useUnreadCount(has);
  if (!has) return null;
  const badge = badgeOf(count ?? 0);
  return (
    <NavLink to={paths.notifications.href()} end className={`${className} notification-bell`} title={bellName(count)} onClick={onClick}>
      <span className="notification-bell__icon">{icon}</span>
      <span className={labelClassName ?? 'visually-hidden'}>{say('bell.label')}</span>
      {badge === '' ? null : (
        <>
          {' '}
          <span className="notification-bell__badge">{badge}</span>
          <span className="visually-hidden"> {say('bell.unread', { count: count ?? 0 })}</span>
        </>
      )}
    </NavLink>
  );
}
