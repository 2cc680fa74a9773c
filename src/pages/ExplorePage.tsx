import { useAppSelector } from '../lib/store/hooks';
import { usePageTitle } from '../components/usePageTitle';
import { TIMINGS } from '../config/timings';
import { useGetPostsQuery } from '../features/posts/postsApi';
import { selectExplorePosts } from '../features/posts/postsSelectors';
import { useLoaderOffAfter } from '../features/ui/useLoaderOffAfter';
import { WhoToFollow } from '../features/users/components/WhoToFollow';
import { NO_SIDE_PANEL_QUERY, useMediaQuery } from '../components/useMediaQuery';
import '../features/posts/components/shared.css';
import { FeedPage } from './FeedPage';

export const EXPLORE_EMPTY_TEXT = 'No Post to Explore';

/** Explore: every post, newest first. */
export function ExplorePage() {
  usePageTitle('Explore');
  const { isSuccess, isLoading } = useGetPostsQuery();
  const posts = useAppSelector(selectExplorePosts);
  useLoaderOffAfter(isSuccess, TIMINGS.loaderOffLongMs);
  // Where the side panel has no room (phones, narrow tablets), Explore is where members find people.
  const showPeople = useMediaQuery(NO_SIDE_PANEL_QUERY);

  return (
    <FeedPage
      heading={<h1 className="feed-page__title">Explore</h1>}
      loading={isLoading}
      loadingText="Loading posts…"
      posts={posts}
      emptyText={EXPLORE_EMPTY_TEXT}
      label="Explore"
    >
      {showPeople ? <WhoToFollow /> : null}
    </FeedPage>
  );
}
