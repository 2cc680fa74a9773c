import { useAppSelector } from '../app/hooks';
import { usePageTitle } from '../components/usePageTitle';
import { TIMINGS } from '../config/timings';
import { Composer } from '../features/posts/components/Composer';
import { FilterPanel } from '../features/posts/components/FilterPanel';
import { PostList } from '../features/posts/components/PostList';
import { SortMenu } from '../features/posts/components/SortMenu';
import { useGetPostsQuery } from '../features/posts/postsApi';
import { selectHomeFeed } from '../features/posts/postsSelectors';
import { useLoaderOffAfter } from '../features/ui/useLoaderOffAfter';
import { SORT_LABELS, selectSortMode } from '../features/ui/uiSlice';
import '../features/posts/components/shared.css';
import './FeedPages.css';

export const HOME_EMPTY_TEXT = "Let's Create Some Posts...!";

/** Home: the composer, the sort heading and menu, and the member's feed. */
export function HomePage() {
  usePageTitle('Home');
  const { isSuccess, isLoading } = useGetPostsQuery();
  const feed = useAppSelector(selectHomeFeed);
  const sortMode = useAppSelector(selectSortMode);
  useLoaderOffAfter(isSuccess, TIMINGS.loaderOffShortMs);

  return (
    <div className="feed-page">
      <h1 className="visually-hidden">Home</h1>
      <Composer />
      <div className="feed-page__toolbar">
        <SortMenu />
        <FilterPanel />
      </div>
      {isLoading ? (
        <p className="feed-page__status" role="status">
          Loading posts…
        </p>
      ) : (
        <PostList posts={feed} emptyText={HOME_EMPTY_TEXT} label={SORT_LABELS[sortMode]} />
      )}
    </div>
  );
}
