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
import { useBackendHas } from '../lib/api/api';
import { selectHomeFeed } from '../features/posts/postsSelectors';
import { useSteadyOrder } from '../features/posts/steadyOrder';
import { useLoaderOffAfter } from '../features/ui/useLoaderOffAfter';
import { SORT_LABELS, selectSortChoice, selectSortMode } from '../features/posts/feedSlice';
import { selectCurrentMember } from '../features/users/currentMember';
import { WhoToFollow } from '../features/users/components/WhoToFollow';
import '../features/posts/components/shared.css';
import { useCatchUp, useNewPosts } from '../features/live/useNewPosts';
import { FeedPage } from './FeedPage';

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
  const paged = useBackendHas('feed');
  const catchUp = useCatchUp();
  const everyPost = useGetPostsQuery(undefined, { skip: paged !== false, ...catchUp });
  const feedList = useMemo(() => ({ list: 'feed', sort: sortMode }) as const, [sortMode]);
  const pages = usePagedPosts(feedList, { skip: paged !== true, ...catchUp });
  // Pages keep their order until loaded again (a like changes a card where it is); a feed sorted
  // here keeps its order on screen the same way.
  const picked = useSteadyOrder(useAppSelector(selectHomeFeed), useAppSelector(selectSortChoice));
  const feed = paged ? pages.posts : picked;
  const { isSuccess, isLoading } = paged ? pages : everyPost;
  // New posts wait above the list where they would go: at the top of the latest.
  const newPosts = useNewPosts('home', {
    shown: feed,
    reload: paged ? pages.refetch : everyPost.refetch,
    check: paged ? feedList : null,
  });
  const suggestsPeople = useSuggestsPeople();
  useLoaderOffAfter(isSuccess, TIMINGS.loaderOffShortMs);

  return (
    <FeedPage
      heading={<h1 className="visually-hidden">Home</h1>}
      loading={paged === undefined || isLoading}
      loadingText="Loading posts…"
      posts={feed}
      more={paged ? pages.more : undefined}
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
