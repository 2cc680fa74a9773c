import { useId } from 'react';
import { Link } from 'react-router-dom';
import { Avatar } from '../../../components/Avatar';
import { paths } from '../../../config/paths';
import { useAppSelector } from '../../../lib/store/hooks';
import { hasCapability } from '../../../lib/api/capabilities';
import type { UserSummary } from '../../../types/api';
import { nameOf, useRelationChange } from './RelationActions';
import './RelationActions.css';
import { Handle } from '../../../components/Handle';
import { useT } from '../../../i18n/useT';

/**
 * The profile of a member the member blocks: nothing of theirs is shown (the backend answers it as
 * not found), only who they are and the way to unblock them.
 */
export function BlockedProfile({ member }: { member: UserSummary }) {
  const say = useT();
  const headingId = useId();
  const { run, busy } = useRelationChange();
  const name = nameOf(member);
  return (
    <div className="profile-page">
      <section className="profile-header" aria-labelledby={headingId}>
        <Avatar src={member.image} name={name} size="xl" />
        <div className="profile-header__main">
          <h1 id={headingId} className="profile-header__name" dir="auto">{name}</h1>
          <p className="profile-header__username"><Handle username={member.username} /></p>
          <p className="profile-page__message" role="status">{say('blocked.profile', { username: member.username })}</p>
          <button type="button" className="pill-button" aria-label={say('relation.unblockName', { name })} aria-disabled={busy || undefined} onClick={() => !busy && void run('unblock', member)}>
            {say('relation.unblock')}
          </button>
        </div>
      </section>
    </div>
  );
}

/** On the member's own profile: the way to the members they mute and block, when the backend has them. */
export function MutedAndBlockedLink() {
  const say = useT();
  const has = useAppSelector((state) => hasCapability(state, 'muteBlock'));
  if (!has) return null;
  return (
    <Link className="pill-button" to={paths.mutedAndBlocked.href()}>
      {say('nav.mutedAndBlocked')}
    </Link>
  );
}
