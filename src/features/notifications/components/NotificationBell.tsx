import { NavLink } from 'react-router-dom';
import type { MouseEventHandler, ReactNode } from 'react';
import { paths } from '../../../config/paths';
import { useBackendHas } from '../../../lib/api/api';
import { useUnreadCount } from '../notificationsApi';
import { badgeOf, bellName } from '../notificationText';
import './Notifications.css';

export interface NotificationBellProps {
  /** The link's class: the side navigation's or the phone's bottom bar's. */
  className: string;
  /** The bell icon, as the navigation around it draws its icons. */
  icon: ReactNode;
  /** A visible label beside the icon (the side navigation has one; the bottom bar has icons alone). */
  label?: ReactNode;
  onClick?: MouseEventHandler<HTMLAnchorElement>;
}

/**
 * The link to /notifications with the unread count, named for screen readers ("Notifications, 3
 * unread"); shown only when the backend has the `notifications` extension.
 */
export function NotificationBell({ className, icon, label, onClick }: NotificationBellProps) {
  const has = useBackendHas('notifications') === true;
  const count = useUnreadCount(has);
  if (!has) return null;
  const badge = badgeOf(count ?? 0);
  const name = bellName(count);
  return (
    <NavLink to={paths.notifications.href()} end className={className} aria-label={name} title={name} onClick={onClick}>
      <span className="notification-bell">
        {icon}
        {badge === '' ? null : (
          <span className="notification-bell__badge" aria-hidden="true">
            {badge}
          </span>
        )}
      </span>
      {label}
    </NavLink>
  );
}
