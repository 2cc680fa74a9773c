import { memo } from 'react';
import { useAppSelector } from '../../../lib/store/hooks';
import { hasCapability } from '../../../lib/api/capabilities';
import type { Post } from '../../../types/api';
import { flipToggle } from '../../ui/notify';
import { useOnePress } from '../../ui/useOnePress';
import { PinIcon } from '../../posts/components/icons';
import { useChangePinMutation } from '../pinsApi';
import { t } from '../../../i18n/i18n';
import { useT } from '../../../i18n/useT';

/**
 * Pins the member's own post to their profile, or takes it off (in the post card's actions, on their
 * posts alone). Pressed while the post is pinned (the post says so: no call of its own); toasts when
 * the backend agrees, and says its refusal (a fourth pin) as any refusal is said. Nothing for a
 * backend without the `pins` extension.
 */
export const PinToggle = memo(function PinToggle({ post }: { post: Post }) {
  const say = useT();
  const shown = useAppSelector((state) => hasCapability(state, 'pins'));
  const [changePin] = useChangePinMutation();
  const onePress = useOnePress();
  if (!shown) return null;
  const isPinned = post.pinned === true;

  const onToggle = () => onePress(() => flipToggle(
    isPinned,
    { call: () => changePin({ post, pinned: true }).unwrap(), toast: t('pin.pinned') },
    { call: () => changePin({ post, pinned: false }).unwrap(), toast: t('pin.unpinned') },
  ));

  return (
    <button
      type="button"
      className={`post-card__action${isPinned ? ' is-active' : ''}`}
      aria-label={say('pin.name')}
      title={say('pin.name')}
      aria-pressed={isPinned}
      onClick={() => void onToggle()}
    >
      <PinIcon filled={isPinned} />
    </button>
  );
});
