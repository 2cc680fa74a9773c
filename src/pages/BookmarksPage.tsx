import { useAppSelector } from '../lib/store/hooks';
import { usePageTitle } from '../components/usePageTitle';
import { TIMINGS } from '../config/timings';
import { useGetBookmarksQuery } from '../features/bookmarks/bookmarksApi';
import { selectBookmarkedPosts } from '../features/bookmarks/bookmarksSelectors';
import { useLoaderOffAfter } from '../features/ui/useLoaderOffAfter';
import { FeedPage } from './FeedPage';

export const BOOKMARKS_EMPTY_TEXT = 'No Bookmarks Yet';

/** Bookmarks: the posts the member bookmarked. */
export function BookmarksPage() {
  usePageTitle('Bookmarks');
  const { isSuccess, isLoading } = useGetBookmarksQuery();
  const posts = useAppSelector(selectBookmarkedPosts);
  useLoaderOffAfter(isSuccess, TIMINGS.loaderOffLongMs);

  return (
    <FeedPage
      heading={<h1 className="feed-page__title">Bookmarks</h1>}
      loading={isLoading}
      loadingText="Loading bookmarks…"
      posts={posts}
      emptyText={BOOKMARKS_EMPTY_TEXT}
      label="Bookmarks"
    />
  );
}
