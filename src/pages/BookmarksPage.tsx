import { usePageTitle } from '../components/usePageTitle';
import { TIMINGS } from '../config/timings';
import { useGetBookmarkPagesInfiniteQuery } from '../features/bookmarks/bookmarksApi';
import { useCatchUp } from '../features/live/useNewPosts';
import { usePostPages } from '../features/posts/pagedPosts';
import { useLoaderOffAfter } from '../features/ui/useLoaderOffAfter';
import { FeedPage } from './FeedPage';

/** Bookmarks: the posts the member bookmarked, most recently bookmarked first, page by page. */
export function BookmarksPage() {
  usePageTitle('Bookmarks');
  const { posts, more, isLoading, isSuccess } = usePostPages(useGetBookmarkPagesInfiniteQuery(undefined, useCatchUp()));
  useLoaderOffAfter(isSuccess, TIMINGS.loaderOffLongMs);

  return <FeedPage title="Bookmarks" loading={isLoading} posts={posts} more={more} loadingText="Loading bookmarks…" emptyText="No Bookmarks Yet" />;
}
