import type { MouseEventHandler, ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useCapability } from '../../../lib/api/capabilities';
import { useAppSelector } from '../../../lib/store/hooks';
import { useT } from '../../../i18n/useT';
import { selectCurrentMember } from '../../users/currentMember';
import { useGetOpenReportCountQuery } from '../moderationApi';

/**
 * The navigation's link to /moderation, with how many reports are open: shown to moderators and
 * admins alone, where the backend has `moderation`. A new report (the live stream) asks the count again.
 */
export function ModerationLink({ className, icon, labelClassName, onClick, asItem = true }: {
  className: string; icon: ReactNode; labelClassName?: string; onClick?: MouseEventHandler;
  /** In a list of links (the side navigation): the link is a list item. */
  asItem?: boolean;
}) {
  const say = useT();
  const has = useCapability('moderation');
  const role = useAppSelector(selectCurrentMember)?.role;
  const staff = has === true && (role === 'moderator' || role === 'admin');
  const { data: count } = useGetOpenReportCountQuery(undefined, { skip: !staff });
  if (!staff) return null;
  const open = count ?? 0;
  const link = (
      <NavLink to={paths.moderation.href()} end className={`${className} notification-bell`} onClick={onClick}>
        <span className="notification-bell__icon">{icon}</span>
        <span className={labelClassName}>{say('nav.moderation')}</span>
        {open > 0 ? (
          <>
            {' '}
            <span className="notification-bell__badge">{open > 99 ? '99+' : open}</span>
            <span className="visually-hidden"> {say('nav.moderationOpen', { count: open })}</span>
          </>
        ) : null}
      </NavLink>
  );
  return asItem ? <li>{link}</li> : link;
}
