import type { MouseEvent, ReactNode } from 'react';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { useCapability } from '../../lib/api/capabilities';
import { useAppSelector } from '../../lib/store/hooks';
import { Avatar } from '../../components/Avatar';
import { paths } from '../../config/paths';
import { selectCurrentUserId } from '../../features/auth/sessionSlice';
import { NotificationBell } from '../../features/notifications/components/NotificationBell';
import { ThemePicker } from '../../features/theme/components/ThemePicker';
import { WarningIcon } from '../../features/posts/components/icons';
import { OpenWarningsSwitch } from '../../features/posts/warnings/OpenWarningsSwitch';
import { LanguagePicker } from '../../features/language/components/LanguagePicker';
import { selectCurrentMember } from '../../features/users/currentMember';
import { BellIcon, BookmarkIcon, ClockIcon, ExploreIcon, HomeIcon, DevicesIcon, PlusIcon, ProfileIcon, ShieldIcon, FlagIcon } from './icons';
import { ModerationLink } from '../../features/moderation/components/ModerationLink';
import { useNavLoader } from './useNavLoader';
import './SideNav.css';
import { Handle } from '../../components/Handle';
import { t } from '../../i18n/i18n';
import { useT } from '../../i18n/useT';

/**
 * Where the main navigation leads; the profile is the member's own. Named in the language spoken when
 * called: a component calls it as it renders, after `useT()`, so a switch names them again.
 */
export function mainNavItems(myId: string) {
  return [
    { to: paths.home.href(), label: t('nav.home'), Icon: HomeIcon },
    { to: paths.explore.href(), label: t('nav.explore'), Icon: ExploreIcon },
    { to: paths.bookmarks.href(), label: t('nav.bookmark'), Icon: BookmarkIcon },
    { to: paths.profile.href(myId), label: t('nav.profile'), Icon: ProfileIcon },
  ] as const;
}

/**
 * The place of an item that shows once the backend has said it has what the item leads to (its
 * health answer, which a slow network brings late): an item's size, unseen, so that the items below
 * do not move when it comes.
 */
function KeptPlace({ icon }: { icon: ReactNode }) {
  return (
    <li className="side-nav__kept" aria-hidden="true">
      <span className="side-nav__link">
        {icon}
        <span className="side-nav__label">&nbsp;</span>
      </span>
    </li>
  );
}

/** A link of the side navigation: its icon and its name (which a narrow window hides). */
function SideNavLink({ to, icon, label, onClick }: { to: string; icon: ReactNode; label: string; onClick: (event: MouseEvent) => void }) {
  return (
    <li>
      <NavLink to={to} end className="side-nav__link" onClick={onClick}>
        {icon}
        <span className="side-nav__label">{label}</span>
      </NavLink>
    </li>
  );
}

/** A link to an extension's page: its place kept until the backend says whether it has one, then the link or nothing. */
function ExtensionLink({ has, ...link }: { has: boolean | undefined } & Parameters<typeof SideNavLink>[0]) {
  if (has === undefined) return <KeptPlace icon={link.icon} />;
  return has ? <SideNavLink {...link} /> : null;
}

/**
 * The side navigation (spec section 2): Home, Explore, Bookmark, Profile, 'Create New Post', and the
 * member's avatar, name and @username linking to their profile. Each navigation click shows the loader.
 * Beyond the spec, the Theme control (Light, Dark, System).
 */
export function SideNav() {
  const say = useT();
  const navigate = useNavigate();
  const showLoaderFor = useNavLoader();
  const myId = useAppSelector(selectCurrentUserId) ?? '';
  const me = useAppSelector(selectCurrentMember);
  const myProfile = paths.profile.href(myId);
  const createPost = paths.createPost.href();
  // Undefined until the backend's health answer says which it has: their places are kept meanwhile.
  const hasNotifications = useCapability('notifications');
  const hasMuteBlock = useCapability('muteBlock');
  const hasAccounts = useCapability('accounts');
  const hasScheduled = useCapability('scheduledPosts');

  return (
    <nav className="side-nav" aria-label={say('nav.main')}>
      <ul className="side-nav__list">
        {mainNavItems(myId).map(({ to, label, Icon }) => <SideNavLink key={to} to={to} icon={<Icon />} label={label} onClick={showLoaderFor(to)} />)}
        {hasNotifications === undefined ? <KeptPlace icon={<BellIcon />} /> : null}
        {hasNotifications ? (
          <li>
            <NotificationBell
              className="side-nav__link"
              icon={<BellIcon />}
              labelClassName="side-nav__label"
              onClick={showLoaderFor(paths.notifications.href())}
            />
          </li>
        ) : null}
        <ExtensionLink has={hasScheduled} to={paths.scheduledPosts.href()} icon={<ClockIcon />} label={say('nav.scheduled')} onClick={showLoaderFor(paths.scheduledPosts.href())} />
        <ExtensionLink has={hasMuteBlock} to={paths.mutedAndBlocked.href()} icon={<ShieldIcon />} label={say('nav.mutedAndBlocked')} onClick={showLoaderFor(paths.mutedAndBlocked.href())} />
        <ModerationLink className="side-nav__link" icon={<FlagIcon />} labelClassName="side-nav__label" onClick={showLoaderFor(paths.moderation.href())} />
        <ExtensionLink has={hasAccounts} to={paths.account.href()} icon={<DevicesIcon />} label={say('nav.account')} onClick={showLoaderFor(paths.account.href())} />
      </ul>
      <button
        type="button"
        className="button button--primary side-nav__create"
        onClick={(event) => {
          showLoaderFor(createPost)(event);
          void navigate(createPost);
        }}
      >
        <PlusIcon />
        <span className="side-nav__label">{say('nav.createPost')}</span>
      </button>
      <ThemePicker className="side-nav__theme" />
      <LanguagePicker className="side-nav__language" />
      <OpenWarningsSwitch className="side-nav__warnings" icon={<WarningIcon />} />
      {me ? (
        <Link to={myProfile} className="side-nav__me surface-link" onClick={showLoaderFor(myProfile)}>
          <span aria-hidden="true" className="side-nav__avatar">
            <Avatar src={me.image} name={`${me.firstName} ${me.lastName}`} size="md" />
          </span>
          <span className="side-nav__who side-nav__label">
            <span className="side-nav__name" dir="auto">{me.firstName} {me.lastName}</span>
            <Handle className="side-nav__username" username={me.username} />
          </span>
        </Link>
      ) : (
        <div className="side-nav__me surface-link side-nav__me--loading" aria-hidden="true">
          <span className="side-nav__skeleton side-nav__skeleton--avatar" />
          <span className="side-nav__who side-nav__label">
            <span className="side-nav__skeleton" />
            <span className="side-nav__skeleton side-nav__skeleton--short" />
          </span>
        </div>
      )}
    </nav>
  );
}
