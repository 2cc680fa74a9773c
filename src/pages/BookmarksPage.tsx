import { useAppSelector } from '../lib/store/hooks';
import { usePageTitle } from '../components/usePageTitle';
import { TIMINGS } from '../config/timings';
import { useBackendHas } from '../lib/api/api';
import { useGetBookmarkPagesInfiniteQuery, useGetBookmarksQuery } from '../features/bookmarks/bookmarksApi';
import { selectBookmarkedPosts } from '../features/bookmarks/bookmarksSelectors';
import { usePostPages } from '../features/posts/pagedPosts';
import { useLoaderOffAfter } from '../features/ui/useLoaderOffAfter';
import { useCatchUp } from '../features/live/useNewPosts';
import { FeedPage } from './FeedPage';

/** Bookmarks: the posts the member bookmarked, most recently bookmarked first. */
export function BookmarksPage() {
  usePageTitle('Bookmarks');
  // A backend with pages answers them one at a time; one without answers every bookmark at once.
  const paged = useBackendHas('pages');
  const catchUp = useCatchUp();
  const whole = useGetBookmarksQuery(undefined, { skip: paged !== false, ...catchUp });
  const pages = usePostPages(useGetBookmarkPagesInfiniteQuery(undefined, { skip: paged !== true, ...catchUp }));
  const allPosts = useAppSelector(selectBookmarkedPosts);
  const { isSuccess, isLoading } = paged ? pages : whole;
  useLoaderOffAfter(isSuccess, TIMINGS.loaderOffLongMs);

  return (
    <FeedPage
      heading={<h1 className="feed-page__title">Bookmarks</h1>}
      loading={paged === undefined || isLoading}
      loadingText="Loading bookmarks…"
      posts={paged ? pages.posts : allPosts}
      more={paged ? pages.more : undefined}
      emptyText="No Bookmarks Yet"
      label="Bookmarks"
    />
  );
}
