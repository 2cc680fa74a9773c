import type { MouseEvent, ReactNode } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { Dialog } from '../../components/Dialog';
import { useHistoryWindow } from '../../components/useHistoryWindow';
import { useCapability, type Capability } from '../../lib/api/capabilities';
import { useAppSelector } from '../../lib/store/hooks';
import { selectCurrentUserId } from '../../features/auth/sessionSlice';
import { Logout } from './memberPanels';
import { NotificationBell } from '../../features/notifications/components/NotificationBell';
import { ModerationLink } from '../../features/moderation/components/ModerationLink';
import { ContrastIcon } from '../../features/theme/components/icons';
import { ThemePicker } from '../../features/theme/components/ThemePicker';
import { OpenWarningsSwitch } from '../../features/posts/warnings/OpenWarningsSwitch';
import { LanguagePicker } from '../../features/language/components/LanguagePicker';
import { paths } from '../../config/paths';
import { BellIcon, ClockIcon, DevicesIcon, FlagIcon, ShieldIcon } from './icons';
import { mainNavItems } from './SideNav';
import { useNavLoader } from './useNavLoader';
import './BottomNav.css';
import { useT } from '../../i18n/useT';

/**
 * A link of the Display window to an extension's page, which takes the window's place in the history.
 * Its row is kept until the backend's health answer says whether there is one: the window is centred,
 * and a row added under a finger on its way to a theme would move the theme away.
 */
function DisplayLink({ capability, to, icon, label, onClick }: { capability: Capability; to: string; icon: ReactNode; label: string; onClick: (event: MouseEvent) => void }) {
  const has = useCapability(capability);
  if (has === undefined) return <span className="bottom-nav__settings-link" aria-hidden="true" />;
  if (!has) return null;
  return (
    <Link to={to} replace className="bottom-nav__settings-link" onClick={onClick}>
      {icon}
      {label}
    </Link>
  );
}

/**
 * Phones (spec section 2): home, explore, bookmark, own profile and logout, as named icons; beyond the
 * spec, Display, a window with what the side navigation has and phones do not show: the Theme control,
 * with the backend's `mute-block`, the link to Muted and blocked, and those to Your account and to
 * Scheduled posts where it has them. Each link takes the window's
 * place in the history, so Back from the page does not open the window again.
 */
export function BottomNav() {
  const say = useT();
  const showLoaderFor = useNavLoader();
  const display = useHistoryWindow('display');
  const myId = useAppSelector(selectCurrentUserId) ?? '';
  const hasNotifications = useCapability('notifications');
  const mutedAndBlocked = paths.mutedAndBlocked.href();
  const devices = paths.account.href();
  const scheduled = paths.scheduledPosts.href();
  return (
    <>
      <nav className="bottom-nav" aria-label={say('nav.mobile')}>
        <ul className="bottom-nav__list">
          {mainNavItems(myId).map(({ to, label, Icon }) => (
            <li key={to}>
              <NavLink to={to} end className="bottom-nav__item" aria-label={label} title={label} onClick={showLoaderFor(to)}>
                <Icon />
              </NavLink>
            </li>
          ))}
          <li>
            {/* Its column is kept until the backend's health answer says whether there is a bell, so the icons do not move. */}
            {hasNotifications === undefined ? <span className="bottom-nav__item" aria-hidden="true" /> : null}
            <NotificationBell className="bottom-nav__item" icon={<BellIcon />} onClick={showLoaderFor(paths.notifications.href())} />
          </li>
          <li>
            <button type="button" className="bottom-nav__item" aria-label={say('nav.display')} title={say('nav.display')} aria-haspopup="dialog" onClick={display.open}>
              <ContrastIcon />
            </button>
          </li>
          <li>
            <Logout className="bottom-nav__item" />
          </li>
        </ul>
      </nav>
      {/* Outside the bar: its backdrop filter would hold a fixed window inside its own box. */}
      {display.isOpen ? (
        <Dialog title={say('nav.display')} onClose={display.close}>
          <ThemePicker />
          <LanguagePicker className="bottom-nav__language" />
          <OpenWarningsSwitch />
          <DisplayLink capability="muteBlock" to={mutedAndBlocked} icon={<ShieldIcon />} label={say('nav.mutedAndBlocked')} onClick={showLoaderFor(mutedAndBlocked)} />
          <DisplayLink capability="accounts" to={devices} icon={<DevicesIcon />} label={say('nav.account')} onClick={showLoaderFor(devices)} />
          <DisplayLink capability="scheduledPosts" to={scheduled} icon={<ClockIcon />} label={say('nav.scheduled')} onClick={showLoaderFor(scheduled)} />
          <ModerationLink asItem={false} className="bottom-nav__settings-link" icon={<FlagIcon />} onClick={showLoaderFor(paths.moderation.href())} />
        </Dialog>
      ) : null}
    </>
  );
}
