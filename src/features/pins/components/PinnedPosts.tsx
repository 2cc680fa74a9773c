import { useId } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { useAppSelector } from '../../../lib/store/hooks';
import { hasCapability } from '../../../lib/api/capabilities';
import { PostList } from '../../posts/components/PostList';
import { useGetPinnedPostsQuery } from '../pinsApi';
import { useT } from '../../../i18n/useT';

/**
 * A member's pinned posts, above their other posts on their profile, each marked "Pinned"; nothing
 * while they load, when there are none, or for a backend without the `pins` extension. They are not
 * new posts: a pin never shows in "N new posts".
 */
export function PinnedPosts({ userId, name }: { userId: string; name: string }) {
  const say = useT();
  const headingId = useId();
  const shown = useAppSelector((state) => hasCapability(state, 'pins'));
  const { currentData: posts } = useGetPinnedPostsQuery(shown ? userId : skipToken);
  if (!posts || posts.length === 0) return null;
  return (
    <section className="profile-page__section" aria-labelledby={headingId}>
      <h2 id={headingId} className="profile-page__subtitle">
        {say('profile.pinned')}
      </h2>
      <PostList posts={posts} emptyText="" label={say('profile.pinnedBy', { name })} mark="pinned" />
    </section>
  );
}
