import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { NewPosts } from '../features/live/useNewPosts';
import { PostList, type MorePosts } from '../features/posts/components/PostList';
import type { PagedPosts } from '../features/posts/pagedPosts';
import { useLoaderOffAfter } from '../features/ui/useLoaderOffAfter';
import type { Post } from '../types/api';
import { WithPostCardExtras } from './PostCardExtras';
import './FeedPages.css';
import { useT } from '../i18n/useT';

export interface FeedPageProps {
  /** The page's heading, and the feed's accessible name unless `label` says otherwise. */
  title: string;
  /** Keeps the heading for screen readers only (where the page shows what it is otherwise). */
  titleHidden?: boolean;
  /** What comes between the heading and the posts (the composer, people to follow, the sort). */
  children?: ReactNode;
  loading: boolean;
  /** What the loading line says (default 'Loading posts…'). */
  loadingText?: string;
  posts: readonly Post[];
  /** For a list loaded page by page: how to load the next page. */
  more?: MorePosts;
  emptyText: string;
  /** The feed's accessible name (default: the title). */
  label?: string;
  /** For a list that gets new posts: how many wait, and what shows them. */
  newPosts?: NewPosts;
}

/** The list a feed page shows, from its pages; the loader goes off `loaderOffMs` after it loads. */
export function useFeedList(pages: PagedPosts, loaderOffMs: number): Pick<FeedPageProps, 'loading' | 'posts' | 'more'> {
  useLoaderOffAfter(pages.isSuccess, loaderOffMs);
  return { loading: pages.isLoading, posts: pages.posts, more: pages.more };
}

/**
 * "N new posts" above the list, in a polite live region: pressing it loads the list with them at the
 * top and moves focus to the list's start (the list starts there again).
 */
function useShowNewPosts(newPosts: NewPosts | undefined) {
  const t = useT();
  const [shownTimes, setShownTimes] = useState(0);
  const [showing, setShowing] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (shownTimes === 0) return;
    const feed = listRef.current?.querySelector<HTMLElement>('[role="feed"]');
    feed?.scrollIntoView?.({ block: 'start' });
    feed?.focus({ preventScroll: true });
  }, [shownTimes]);
  const show = async () => {
    if (!newPosts || showing) return;
    setShowing(true);
    try {
      await newPosts.show();
    } finally {
      setShowing(false);
    }
    setShownTimes((times) => times + 1);
  };
  const count = newPosts?.count ?? 0;
  const button = (
    <div className="feed-page__new" aria-live="polite">
      {count > 0 ? (
        <button type="button" className="pill-button" aria-disabled={showing || undefined} onClick={() => void show()}>
          {t('feed.newPosts', { count })}
        </button>
      ) : null}
    </div>
  );
  return { button, listRef, listKey: shownTimes };
}

/** A page of posts: Home, Explore and Bookmarks share its frame, its loading line and its list. */
export function FeedPage({ title, titleHidden = false, children, loading, loadingText, posts, more, emptyText, label = title, newPosts }: FeedPageProps) {
  const t = useT();
  const { button, listRef, listKey } = useShowNewPosts(newPosts);
  return (
    <div className="feed-page">
      <h1 className={titleHidden ? 'visually-hidden' : 'feed-page__title'}>{title}</h1>
      {children}
      {loading ? (
        <p className="feed-page__status" role="status">
          {loadingText ?? t('feed.loading')}
        </p>
      ) : (
        <div ref={listRef} className="feed-page__list">
          {newPosts ? button : null}
          <WithPostCardExtras>
            <PostList key={listKey} posts={posts} more={more} emptyText={emptyText} label={label} />
          </WithPostCardExtras>
        </div>
      )}
    </div>
  );
}
