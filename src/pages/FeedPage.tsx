import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { NewPosts } from '../features/live/useNewPosts';
import { PostList, type MorePosts } from '../features/posts/components/PostList';
import type { Post } from '../types/api';
import { WithPostCardExtras } from './PostCardExtras';
import './FeedPages.css';

export interface FeedPageProps {
  /** The page's heading (visually hidden where the page shows it otherwise). */
  heading: ReactNode;
  /** What comes between the heading and the posts (the composer, people to follow, the sort). */
  children?: ReactNode;
  loading: boolean;
  loadingText: string;
  posts: readonly Post[];
  /** For a list loaded page by page: how to load the next page. */
  more?: MorePosts;
  emptyText: string;
  /** The feed's accessible name. */
  label: string;
  /** For a list that gets new posts: how many wait, and what shows them. */
  newPosts?: NewPosts;
}

/**
 * "N new posts" above the list, in a polite live region: pressing it loads the list with them at the
 * top and moves focus to the list's start (the list starts there again).
 */
function useShowNewPosts(newPosts: NewPosts | undefined) {
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
          {count === 1 ? '1 new post' : `${count} new posts`}
        </button>
      ) : null}
    </div>
  );
  return { button, listRef, listKey: shownTimes };
}

/** A page of posts: Home, Explore and Bookmarks share its frame, its loading line and its list. */
export function FeedPage({ heading, children, loading, loadingText, posts, more, emptyText, label, newPosts }: FeedPageProps) {
  const { button, listRef, listKey } = useShowNewPosts(newPosts);
  return (
    <div className="feed-page">
      {heading}
      {children}
      {loading ? (
        <p className="feed-page__status" role="status">
          {loadingText}
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
