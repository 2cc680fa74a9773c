import { usePageTitle } from '../components/usePageTitle';
import { useT } from '../i18n/useT';
import { TIMINGS } from '../config/timings';
import { useGetBookmarkPagesInfiniteQuery } from '../features/bookmarks/bookmarksApi';
import { useCatchUp } from '../features/live/useNewPosts';
import { usePostPages } from '../features/posts/pagedPosts';
import { useLoaderOffAfter } from '../features/ui/useLoaderOffAfter';
import { FeedPage } from './FeedPage';

/** Bookmarks: the posts the member bookmarked, most recently bookmarked first, page by page. */
export function BookmarksPage() {
  const t = useT();
  usePageTitle(t('page.bookmarks'));
  const { posts, more, isLoading, isSuccess } = usePostPages(useGetBookmarkPagesInfiniteQuery(undefined, useCatchUp()));
  useLoaderOffAfter(isSuccess, TIMINGS.loaderOffLongMs);

  return <FeedPage title={t('page.bookmarks')} loading={isLoading} posts={posts} more={more} loadingText={t('bookmarks.loading')} emptyText={t('bookmarks.empty')} />;
}
