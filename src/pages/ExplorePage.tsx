import { useAppSelector } from '../lib/store/hooks';
import { usePageTitle } from '../components/usePageTitle';
import { TIMINGS } from '../config/timings';
import { useGetPostsQuery, type PagedList } from '../features/posts/postsApi';
import { usePagedPosts } from '../features/posts/pagedPosts';
import { useBackendHas } from '../lib/api/api';
import { selectExplorePosts } from '../features/posts/postsSelectors';
import { useLoaderOffAfter } from '../features/ui/useLoaderOffAfter';
import { WhoToFollow } from '../features/users/components/WhoToFollow';
import { NO_SIDE_PANEL_QUERY, useMediaQuery } from '../components/useMediaQuery';
import '../features/posts/components/shared.css';
import { useCatchUp, useNewPosts } from '../features/live/useNewPosts';
import { FeedPage } from './FeedPage';

const EVERY_POST: PagedList = { list: 'all' };

/** Explore: every post, newest first. */
export function ExplorePage() {
  usePageTitle('Explore');
  // A backend with pages answers them one at a time; one without answers every post at once.
  const paged = useBackendHas('pages');
  const catchUp = useCatchUp();
  const everyPost = useGetPostsQuery(undefined, { skip: paged !== false, ...catchUp });
  const pages = usePagedPosts(EVERY_POST, { skip: paged !== true, ...catchUp });
  const allPosts = useAppSelector(selectExplorePosts);
  const posts = paged ? pages.posts : allPosts;
  const newPosts = useNewPosts('explore', { shown: posts, reload: paged ? pages.refetch : everyPost.refetch });
  const { isSuccess, isLoading } = paged ? pages : everyPost;
  useLoaderOffAfter(isSuccess, TIMINGS.loaderOffLongMs);
  // Where the side panel has no room (phones, narrow tablets), Explore is where members find people.
  const showPeople = useMediaQuery(NO_SIDE_PANEL_QUERY);

  return (
    <FeedPage
      heading={<h1 className="feed-page__title">Explore</h1>}
      loading={paged === undefined || isLoading}
      loadingText="Loading posts…"
      posts={posts}
      more={paged ? pages.more : undefined}
      emptyText="No Post to Explore"
      label="Explore"
      newPosts={newPosts}
    >
      {showPeople ? <WhoToFollow /> : null}
    </FeedPage>
  );
}
