import { useCallback, useEffect, useRef, useState } from 'react';
import type { Post } from '../../../types/api';
import { PostCard } from './PostCard';
import './shared.css';
import './PostList.css';

/** How many cards render at first, and how many more each time the member nears either end. */
export const POST_PAGE_SIZE = 20;

/** The most cards in the page at once: older ones leave the DOM as the member scrolls on. */
export const MAX_RENDERED_POSTS = 100;

/** A list the backend answers page by page: what is loaded so far, and how to load the next page. */
export interface MorePosts {
  hasMore: boolean;
  /** The next page is on its way. */
  loading: boolean;
  loadMore: () => void;
}

export interface PostListProps {
  /** The posts loaded so far, in order. */
  posts: readonly Post[];
  /** For a list loaded page by page: the next page comes when the member nears the end of these. */
  more?: MorePosts;
  /** Shown when there are no posts. */
  emptyText: string;
  /** Accessible name of the feed. */
  label: string;
  pageSize?: number;
  /** The most cards in the DOM at once (a multiple of pageSize works best). */
  maxRendered?: number;
  /** Passed to each card: called after that post is deleted. */
  onPostDeleted?: () => void;
}

interface VisibleRange {
  start: number;
  end: number;
  /** Heights, in px, of the pages that left the DOM above the window, oldest first. */
  removedHeights: number[];
}

/**
 * Calls onNear when the target comes within 800 px of the viewport. `position` re-arms the observer
 * after each move of the window, so a sentinel that stays in view keeps loading.
 */
function useNearViewport(target: HTMLElement | null, active: boolean, onNear: () => void, position: number): void {
  useEffect(() => {
    if (!active || !target || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) onNear();
    }, { rootMargin: '800px 0px' });
    observer.observe(target);
    return () => observer.disconnect();
  }, [target, active, onNear, position]);
}

/**
 * A list of post cards that stays smooth with thousands of posts. It renders a window of them: one
 * page at first, the next as a sentinel nears the viewport (IntersectionObserver), and once the window
 * is full the cards at the top leave the DOM, replaced by a spacer of their height, and come back when
 * the member scrolls up. 'Load more posts' and 'Show earlier posts' buttons do the same for keyboards
 * and browsers without the observer.
 */
export function PostList({
  posts,
  emptyText,
  label,
  pageSize = POST_PAGE_SIZE,
  maxRendered = MAX_RENDERED_POSTS,
  onPostDeleted,
  more,
}: PostListProps) {
  const [range, setRange] = useState<VisibleRange>({ start: 0, end: pageSize, removedHeights: [] });
  const itemsRef = useRef<HTMLDivElement>(null);
  const [bottomSentinel, setBottomSentinel] = useState<HTMLDivElement | null>(null);
  const [topSentinel, setTopSentinel] = useState<HTMLDivElement | null>(null);

  // Deleting posts can leave the window past the end: pull it back.
  const start = Math.min(range.start, Math.max(0, posts.length - pageSize));
  const end = Math.max(range.end, start + pageSize);
  const shown = posts.slice(start, end);
  const hasLater = posts.length > end;
  const hasEarlier = start > 0;
  // Past the end of what is loaded, nearing the end asks the backend for the next page.
  const fetchesMore = !hasLater && more?.hasMore === true;
  const spacer = range.removedHeights.slice(0, Math.ceil(start / pageSize)).reduce((sum, height) => sum + height, 0);

  const showLater = useCallback(() => {
    setRange((current) => {
      const nextEnd = current.end + pageSize;
      if (nextEnd - current.start <= maxRendered) return { ...current, end: nextEnd };
      // The window is full: the first page leaves the DOM, its height kept by the spacer.
      const cards = itemsRef.current?.children;
      const first = cards?.[0] as HTMLElement | undefined;
      const firstKept = cards?.[pageSize] as HTMLElement | undefined;
      const height = first && firstKept ? firstKept.offsetTop - first.offsetTop : 0;
      return { start: current.start + pageSize, end: nextEnd, removedHeights: [...current.removedHeights, height] };
    });
  }, [pageSize, maxRendered]);

  const showEarlier = useCallback(() => {
    setRange((current) => {
      if (current.start === 0) return current;
      const nextStart = Math.max(0, current.start - pageSize);
      return {
        start: nextStart,
        end: Math.min(current.end, nextStart + maxRendered),
        removedHeights: current.removedHeights.slice(0, -1),
      };
    });
  }, [pageSize, maxRendered]);

  const loadMore = more?.loadMore;
  const moreLoading = more?.loading === true;
  // Past the end of what is loaded, the window takes in the page the member asked for as soon as it
  // is in; meanwhile, one page ahead: while the member reads the last page loaded, the next one is on
  // its way, so nearing the end shows it at once. Asked once per length: a page that failed is asked
  // again by the member.
  const askedAt = useRef(-1);
  const askMore = useCallback(() => {
    if (!loadMore || moreLoading || askedAt.current === posts.length) return;
    askedAt.current = posts.length;
    loadMore();
  }, [loadMore, moreLoading, posts.length]);
  const showOrLoadLater = useCallback(() => {
    if (hasLater) {
      showLater();
    } else if (loadMore && !moreLoading) {
      askedAt.current = -1;
      showLater();
      askMore();
    }
  }, [hasLater, showLater, loadMore, moreLoading, askMore]);
  useEffect(() => {
    if (more?.hasMore && posts.length - end < pageSize) askMore();
  }, [more?.hasMore, posts.length, end, pageSize, askMore]);

  // Re-armed when the window moves and when a page arrives, so a sentinel still in view goes on.
  useNearViewport(bottomSentinel, hasLater || (fetchesMore && !moreLoading), showOrLoadLater, end + posts.length);
  useNearViewport(topSentinel, hasEarlier, showEarlier, start);

  if (posts.length === 0) {
    return <p className="post-list__empty">{emptyText}</p>;
  }

  return (
    <div className="post-list">
      {hasEarlier ? (
        // Holds the place of the cards above the window; its button sits at its foot.
        <div ref={setTopSentinel} className="post-list__spacer" style={{ minHeight: spacer }}>
          <div className="post-list__more">
            <button type="button" className="pill-button post-list__more-button" onClick={showEarlier}>
              Show earlier posts
            </button>
          </div>
        </div>
      ) : null}
      <div ref={itemsRef} role="feed" aria-label={label} aria-busy={moreLoading} className="post-list__items">
        {shown.map((post) => (
          <PostCard key={post.id} post={post} onDeleted={onPostDeleted} />
        ))}
      </div>
      {hasLater || hasEarlier || fetchesMore ? (
        <div ref={setBottomSentinel} className="post-list__more">
          {hasLater || fetchesMore ? (
            <button type="button" className="pill-button post-list__more-button" aria-disabled={moreLoading || undefined} onClick={showOrLoadLater}>
              {moreLoading ? 'Loading more posts…' : 'Load more posts'}
            </button>
          ) : null}
          <span className="visually-hidden" aria-live="polite">
            Showing posts {start + 1} to {start + shown.length} of {posts.length}
            {more?.hasMore ? ' loaded so far' : ''}
          </span>
        </div>
      ) : null}
    </div>
  );
}
