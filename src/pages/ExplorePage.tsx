import { usePageTitle } from '../components/usePageTitle';
import { useT } from '../i18n/useT';
import { TIMINGS } from '../config/timings';
import type { PagedList } from '../features/posts/postsApi';
import { usePagedPosts } from '../features/posts/pagedPosts';
import { WhoToFollow } from '../features/users/components/WhoToFollow';
import { NO_SIDE_PANEL_QUERY, useMediaQuery } from '../components/useMediaQuery';
import '../features/posts/components/shared.css';
import { useCatchUp, useNewPosts } from '../features/live/useNewPosts';
import { FeedPage, useFeedList } from './FeedPage';

const EVERY_POST: PagedList = { list: 'all' };

/** Explore: every post, newest first. */
export function ExplorePage() {
  const t = useT();
  usePageTitle(t('page.explore'));
  const pages = usePagedPosts(EVERY_POST, { skip: false, ...useCatchUp() });
  const list = useFeedList(pages, TIMINGS.loaderOffLongMs);
  const newPosts = useNewPosts('explore', { shown: list.posts, reload: pages.refetch });
  // Where the side panel has no room (phones, narrow tablets), Explore is where members find people.
  const showPeople = useMediaQuery(NO_SIDE_PANEL_QUERY);

  return (
    <FeedPage title={t('page.explore')} {...list} emptyText={t('explore.empty')} newPosts={newPosts}>
      {showPeople ? <WhoToFollow /> : null}
    </FeedPage>
  );
}
