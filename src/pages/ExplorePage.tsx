import { useAppSelector } from '../lib/store/hooks';
import { usePageTitle } from '../components/usePageTitle';
import { TIMINGS } from '../config/timings';
import { useGetPostsQuery, type PagedList } from '../features/posts/postsApi';
import { usePagedPosts } from '../features/posts/pagedPosts';
import { selectExplorePosts } from '../features/posts/postsSelectors';
import { WhoToFollow } from '../features/users/components/WhoToFollow';
import { NO_SIDE_PANEL_QUERY, useMediaQuery } from '../components/useMediaQuery';
import '../features/posts/components/shared.css';
import { useNewPosts } from '../features/live/useNewPosts';
import { FeedPage, useFeedList, useFeedSource } from './FeedPage';

const EVERY_POST: PagedList = { list: 'all' };

/** Explore: every post, newest first. */
export function ExplorePage() {
  usePageTitle('Explore');
  // A backend with pages answers them one at a time; one without answers every post at once.
  const { paged, wholeOptions, pagesOptions } = useFeedSource('pages');
  const everyPost = useGetPostsQuery(undefined, wholeOptions);
  const pages = usePagedPosts(EVERY_POST, pagesOptions);
  const list = useFeedList(paged, { pages, whole: everyPost, wholePosts: useAppSelector(selectExplorePosts) }, TIMINGS.loaderOffLongMs);
  const newPosts = useNewPosts('explore', { shown: list.posts, reload: paged ? pages.refetch : everyPost.refetch });
  // Where the side panel has no room (phones, narrow tablets), Explore is where members find people.
  const showPeople = useMediaQuery(NO_SIDE_PANEL_QUERY);

  return (
    <FeedPage title="Explore" {...list} emptyText="No Post to Explore" newPosts={newPosts}>
      {showPeople ? <WhoToFollow /> : null}
    </FeedPage>
  );
}
