import { useMemo, useState } from 'react';
import { useAppSelector } from '../lib/store/hooks';
import { NO_SIDE_PANEL_QUERY, useMediaQuery } from '../components/useMediaQuery';
import { usePageTitle } from '../components/usePageTitle';
import { useT } from '../i18n/useT';
import { TIMINGS } from '../config/timings';
import { Composer } from '../features/posts/components/Composer';
import { FilterPanel } from '../features/posts/components/FilterPanel';
import { SortMenu } from '../features/posts/components/SortMenu';
import { usePagedPosts } from '../features/posts/pagedPosts';
import { SORT_LABELS, selectSortMode } from '../features/posts/feedSlice';
import { selectCurrentMember } from '../features/users/currentMember';
import { WhoToFollow } from '../features/users/components/WhoToFollow';
import '../features/posts/components/shared.css';
import { useCatchUp, useNewPosts } from '../features/live/useNewPosts';
import { FeedPage, useFeedList } from './FeedPage';
import { WaitingPosts } from '../offline/WaitingPosts';

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
  const t = useT();
  usePageTitle(t('page.home'));
  const sortMode = useAppSelector(selectSortMode);
  // The feed comes page by page in the chosen order; its pages keep their order until loaded again
  // (a like changes a card where it is).
  const feedList = useMemo(() => ({ list: 'feed', sort: sortMode }) as const, [sortMode]);
  const pages = usePagedPosts(feedList, { skip: false, ...useCatchUp() });
  const list = useFeedList(pages, TIMINGS.loaderOffShortMs);
  // New posts wait above the list where they would go: at the top of the latest.
  const newPosts = useNewPosts('home', { shown: list.posts, reload: pages.refetch, check: feedList });
  const suggestsPeople = useSuggestsPeople();

  return (
    <FeedPage
      title={t('page.home')}
      titleHidden
      {...list}
      emptyText={t('home.empty')}
      label={t(SORT_LABELS[sortMode])}
      newPosts={sortMode === 'latest' ? newPosts : undefined}
    >
      <Composer />
      <WaitingPosts />
      {suggestsPeople ? <WhoToFollow /> : null}
      <div className="feed-page__toolbar">
        <SortMenu />
        <FilterPanel />
      </div>
    </FeedPage>
  );
}
