import { useMemo, useState } from 'react';
import { useAppSelector } from '../lib/store/hooks';
import { NO_SIDE_PANEL_QUERY, useMediaQuery } from '../components/useMediaQuery';
import { usePageTitle } from '../components/usePageTitle';
import { TIMINGS } from '../config/timings';
import { Composer } from '../features/posts/components/Composer';
import { FilterPanel } from '../features/posts/components/FilterPanel';
import { SortMenu } from '../features/posts/components/SortMenu';
import { useGetPostsQuery } from '../features/posts/postsApi';
import { usePagedPosts } from '../features/posts/pagedPosts';
import { selectHomeFeed } from '../features/posts/postsSelectors';
import { useSteadyOrder } from '../features/posts/steadyOrder';
import { SORT_LABELS, selectSortChoice, selectSortMode } from '../features/posts/feedSlice';
import { selectCurrentMember } from '../features/users/currentMember';
import { WhoToFollow } from '../features/users/components/WhoToFollow';
import '../features/posts/components/shared.css';
import { useNewPosts } from '../features/live/useNewPosts';
import { FeedPage, useFeedList, useFeedSource } from './FeedPage';

/**
 * Whether Home suggests people: for a member who followed nobody when Home opened, where the side
 * panel (and its 'Who to follow?') has no room. Once shown, the suggestions stay while Home is open,
 * so following someone from them moves nothing.
 */
function useSuggestsPeople(): boolean {
  const me = useAppSelector(selectCurrentMember);
  const noSidePanel = useMediaQuery(NO_SIDE_PANEL_QUERY);
  const [newMember, setNewMember] = useState(false);
  if (!newMember && me && me.following.length === 0) setNewMember(true);
  return newMember && noSidePanel;
}

/** Home: the composer, people to follow for a new member on a phone, the sort heading and menu, and the feed. */
export function HomePage() {
  usePageTitle('Home');
  const sortMode = useAppSelector(selectSortMode);
  // A backend with the feed builds it in the chosen order, page by page; from one without, every post
  // comes at once and the feed is picked and sorted here.
  const { paged, wholeOptions, pagesOptions } = useFeedSource('feed');
  const everyPost = useGetPostsQuery(undefined, wholeOptions);
  const feedList = useMemo(() => ({ list: 'feed', sort: sortMode }) as const, [sortMode]);
  const pages = usePagedPosts(feedList, pagesOptions);
  // Pages keep their order until loaded again (a like changes a card where it is); a feed sorted
  // here keeps its order on screen the same way.
  const picked = useSteadyOrder(useAppSelector(selectHomeFeed), useAppSelector(selectSortChoice));
  const list = useFeedList(paged, { pages, whole: everyPost, wholePosts: picked }, TIMINGS.loaderOffShortMs);
  // New posts wait above the list where they would go: at the top of the latest.
  const newPosts = useNewPosts('home', {
    shown: list.posts,
    reload: paged ? pages.refetch : everyPost.refetch,
    check: paged ? feedList : null,
  });
  const suggestsPeople = useSuggestsPeople();

  return (
    <FeedPage
      title="Home"
      titleHidden
      {...list}
      emptyText="Let's Create Some Posts...!"
      label={SORT_LABELS[sortMode]}
      newPosts={sortMode === 'latest' ? newPosts : undefined}
    >
      <Composer />
      {suggestsPeople ? <WhoToFollow /> : null}
      <div className="feed-page__toolbar">
        <SortMenu />
        <FilterPanel />
      </div>
    </FeedPage>
  );
}
