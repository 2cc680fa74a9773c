import { Link } from 'react-router-dom';
import { Avatar } from '../../../components/Avatar';
import { paths } from '../../../config/paths';
import type { UserSummary } from '../../../types/api';
import { fullName } from '../followUpdates';
import { FollowButton } from './FollowButton';
import './PersonRow.css';
import { Handle } from '../../../components/Handle';

export interface PersonRowProps {
  user: UserSummary;
  /** Called when the member opens the profile (the top bar search closes its list). */
  onOpen?: () => void;
}

/** One member in a list: avatar, full name and @username linking to the profile, and Follow/Unfollow. */
export function PersonRow({ user, onOpen }: PersonRowProps) {
  const name = fullName(user);
  return (
    <li className="person-row">
      <Link className="person-row__link" to={paths.profile.href(user._id)} onClick={onOpen}>
        <Avatar src={user.image} name={name} size="sm" decorative />
        <span className="person-row__text">
          <span className="person-row__name" dir="auto">{name}</span>
          <Handle className="person-row__username" username={user.username} />
        </span>
      </Link>
      <FollowButton user={user} />
    </li>
  );
}
