import { useId, type ReactNode } from 'react';
import { Avatar } from '../../../components/Avatar';
import { useHistoryWindow } from '../../../components/useHistoryWindow';
import type { User } from '../../../types/api';
import { displayUrl, isWebUrl } from '../../../lib/url';
import { fullName } from '../followUpdates';
import { EditProfileDialog } from './EditProfileDialog';
import { FollowButton } from './FollowButton';
import './ProfileHeader.css';
import { useCapability } from '../../../lib/api/capabilities';
import { useT } from '../../../i18n/useT';
import { MemberListDialog } from './MemberListDialog';
import { Handle } from '../../../components/Handle';

export interface ProfileHeaderProps {
  user: User;
  /** The current member's own profile: 'Edit Profile' instead of Follow/Unfollow. */
  isOwn: boolean;
  /** More actions beside Follow or Edit Profile, from the features the page composes. */
  actions?: ReactNode;
}

function GlobeIcon() {
  return (
    <svg className="profile-header__globe" aria-hidden="true" viewBox="0 0 24 24" width="16" height="16">
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

/**
 * Portfolio link (design card): a link only for http/https addresses; anything else is shown as
 * plain text and never becomes a link.
 */
function PortfolioLink({ url }: { url: string }) {
  if (url.trim() === '') return null;
  return (
    <p className="profile-header__portfolio">
      <GlobeIcon />
      {isWebUrl(url) ? (
        <a href={url.trim()} target="_blank" rel="noopener noreferrer">
          {displayUrl(url)}
        </a>
      ) : (
        <span>{url}</span>
      )}
    </p>
  );
}

/** The top of a profile: avatar, name, @username, bio, portfolio link, counts and the action. */
export function ProfileHeader({ user, isOwn, actions }: ProfileHeaderProps) {
  const headingId = useId();
  const editing = useHistoryWindow('edit-profile');
  const followersOpen = useHistoryWindow(`followers:${user._id}`);
  const followingOpen = useHistoryWindow(`following:${user._id}`);
  // The backend lists who follows whom: each count opens its list.
  const hasLists = useCapability('memberLists') === true;
  const name = fullName(user);
  const t = useT();
  const followers = t('profile.followers', { count: user.followers.length });
  const following = t('profile.following', { count: user.following.length });
  return (
    <section className="profile-header" aria-labelledby={headingId}>
      <Avatar src={user.image} name={name} size="xl" />
      <div className="profile-header__main">
        <div className="profile-header__top">
          <div className="profile-header__names">
            <h1 id={headingId} className="profile-header__name" dir="auto">
              {name}
            </h1>
            <p className="profile-header__username"><Handle username={user.username} /></p>
          </div>
          <div className="profile-header__actions">
            {isOwn ? (
              <button type="button" className="pill-button" onClick={editing.open}>
                {t('profile.edit')}
              </button>
            ) : (
              <FollowButton user={user} />
            )}
            {actions}
          </div>
        </div>
        {user.userBio ? <p className="profile-header__bio" dir="auto">{user.userBio}</p> : null}
        <PortfolioLink url={user.userPortfolioUrl} />
        <ul className="profile-header__counts" aria-label={t('profile.connections')}>
          <li>
            {hasLists ? (
              <button type="button" className="profile-header__count" aria-haspopup="dialog" onClick={followersOpen.open}>{followers}</button>
            ) : followers}
          </li>
          <li>
            {hasLists ? (
              <button type="button" className="profile-header__count" aria-haspopup="dialog" onClick={followingOpen.open}>{following}</button>
            ) : following}
          </li>
        </ul>
      </div>
      {editing.isOpen ? <EditProfileDialog user={user} onClose={editing.close} /> : null}
      {followersOpen.isOpen ? <MemberListDialog list={{ list: 'followers', userId: user._id }} onClose={followersOpen.close} /> : null}
      {followingOpen.isOpen ? <MemberListDialog list={{ list: 'following', userId: user._id }} onClose={followingOpen.close} /> : null}
    </section>
  );
}
