import { useAppSelector } from '../lib/store/hooks';
import { usePageTitle } from '../components/usePageTitle';
import { TIMINGS } from '../config/timings';
import { useGetBookmarkPagesInfiniteQuery, useGetBookmarksQuery } from '../features/bookmarks/bookmarksApi';
import { selectBookmarkedPosts } from '../features/bookmarks/bookmarksSelectors';
import { usePostPages } from '../features/posts/pagedPosts';
import { FeedPage, useFeedList, useFeedSource } from './FeedPage';

/** Bookmarks: the posts the member bookmarked, most recently bookmarked first. */
export function BookmarksPage() {
  usePageTitle('Bookmarks');
  // A backend with pages answers them one at a time; one without answers every bookmark at once.
  const { paged, wholeOptions, pagesOptions } = useFeedSource('pages');
  const whole = useGetBookmarksQuery(undefined, wholeOptions);
  const pages = usePostPages(useGetBookmarkPagesInfiniteQuery(undefined, pagesOptions));
  const list = useFeedList(paged, { pages, whole, wholePosts: useAppSelector(selectBookmarkedPosts) }, TIMINGS.loaderOffLongMs);

  return <FeedPage title="Bookmarks" {...list} loadingText="Loading bookmarks…" emptyText="No Bookmarks Yet" />;
}
