import { useAppSelector } from '../../../lib/store/hooks';
import { selectCurrentUserId } from '../../auth/sessionSlice';
import { flipToggle } from '../../ui/notify';
import { useOnePress } from '../../ui/useOnePress';
import type { UserSummary } from '../../../types/api';
import { fullName } from '../followUpdates';
import { useFollowUserMutation, useUnfollowUserMutation } from '../usersApi';
import { selectIsFollowing } from '../usersSelectors';
import { WaitingToSend } from '../../../offline/WaitingToSend';
import { t } from '../../../i18n/i18n';
import { useT } from '../../../i18n/useT';
import './FollowButton.css';

export interface FollowButtonProps {
  /** The member this button follows or unfollows. */
  user: UserSummary;
  className?: string;
}

/**
 * Follow / Unfollow, by presence in the current member's `following` (spec section 4). The change
 * shows at once; a refusal rolls it back and the app's listener shows the backend's message; with
 * no backend, it waits to be sent ("Waiting to send", under the button). Nothing
 * is shown for the current member themself.
 */
export function FollowButton({ user, className }: FollowButtonProps) {
  const say = useT();
  const myId = useAppSelector(selectCurrentUserId);
  const following = useAppSelector((state) => selectIsFollowing(state, user._id));
  const [followUser, followState] = useFollowUserMutation();
  const [unfollowUser, unfollowState] = useUnfollowUserMutation();
  const onePress = useOnePress();
  if (myId === user._id) return null;

  const busy = followState.isLoading || unfollowState.isLoading;
  const verb = following ? { words: 'follow.unfollow', name: 'follow.unfollowName' } as const : { words: 'follow.follow', name: 'follow.followName' } as const;

  const onClick = () => onePress(() => flipToggle(
    following,
    { call: () => followUser(user._id).unwrap(), toast: t('follow.followed', { name: fullName(user) }) },
    { call: () => unfollowUser(user._id).unwrap(), toast: t('follow.unfollowed', { name: fullName(user) }) },
  ));

  return (
    <>
      <button
        type="button"
        className={['follow-button', following ? 'follow-button--following' : '', className ?? ''].filter(Boolean).join(' ')}
        aria-label={say(verb.name, { name: fullName(user) })}
        aria-disabled={busy || undefined}
        onClick={() => void onClick()}
      >
        {say(verb.words)}
      </button>
      {/* A follow made with no backend waits to be sent (the outbox). */}
      <WaitingToSend target={user._id} />
    </>
  );
}
