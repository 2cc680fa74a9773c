import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Post } from '../../../types/api';
import { EMPTY_LIST_ATTRIBUTE } from '../../../components/focusAfterRemoval';
import { PostCard, type PostCardProps } from './PostCard';
import { useT } from '../../../i18n/useT';
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
  /** How many posts of the list come before `posts`: pages the list let go of, to bound its memory. */
  offset?: number;
  /** Loads the last of those pages again (absent when there are none). */
  loadEarlier?: () => void;
  loadingEarlier?: boolean;
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
  /** Passed to each card: what the list's cards are marked with above their author (Pinned). */
  mark?: PostCardProps['mark'];
}

interface VisibleRange {
  /** Where the window starts and ends, counted from the list's first post. */
  start: number;
  end: number;
  /** Heights, in px, of the pages that left the DOM above the window, by page, first page first. */
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
 * Asks for a page once per `key` (where the list stands: its length, or its offset), unless one is
 * loading already; `again` lets the member's own request ask a second time at the same place.
 */
function useAskOnce(load: (() => void) | undefined, loading: boolean, key: number): { ask: () => void; again: () => void } {
  const askedAt = useRef(-1);
  return useMemo(
    () => ({
      ask: () => {
        if (!load || loading || askedAt.current === key) return;
        askedAt.current = key;
        load();
      },
      again: () => {
        askedAt.current = -1;
      },
    }),
    [load, loading, key],
  );
}

/**
 * A list of post cards that stays smooth with thousands of posts. It renders a window of them: one
 * page at first, the next as a sentinel nears the viewport (IntersectionObserver), and once the window
 * is full the cards at the top leave the DOM, replaced by a spacer of their height, and come back when
 * the member scrolls up. A list loaded page by page also lets its first pages go from memory (its
 * query keeps the last few) and loads them again on the way up. 'Load more posts' and 'Show earlier
 * posts' buttons do the same for keyboards and browsers without the observer.
 */
export function PostList({
  posts,
  emptyText,
  label,
  pageSize = POST_PAGE_SIZE,
  maxRendered = MAX_RENDERED_POSTS,
  onPostDeleted,
  mark,
  more,
}: PostListProps) {
  const say = useT();
  const [range, setRange] = useState<VisibleRange>({ start: 0, end: pageSize, removedHeights: [] });
  const itemsRef = useRef<HTMLDivElement>(null);
  const [bottomSentinel, setBottomSentinel] = useState<HTMLDivElement | null>(null);
  const [topSentinel, setTopSentinel] = useState<HTMLDivElement | null>(null);

  // A list loaded page by page may have let its first pages go: `offset` posts come before `posts`.
  const offset = more?.offset ?? 0;
  const total = offset + posts.length;
  // Deleting posts can leave the window past the end: pull it back.
  const start = Math.min(range.start, Math.max(0, total - pageSize));
  const end = Math.max(range.end, start + pageSize);
  // While a page let go of loads again, the window shows what is loaded; the spacer holds the rest.
  const firstShown = Math.max(start, offset);
  const shown = posts.slice(firstShown - offset, end - offset);
  const hasLater = total > end;
  const hasEarlier = start > 0;
  // Past the end of what is loaded, nearing the end asks the backend for the next page.
  const fetchesMore = !hasLater && more?.hasMore === true;
  // Each card says where it stands in the whole list: its size where known, -1 while pages remain.
  const listSize = more?.hasMore ? -1 : total;
  const spacer = range.removedHeights.slice(0, Math.ceil(firstShown / pageSize)).reduce((sum, height) => sum + height, 0);

  const showLater = useCallback(() => {
    setRange((current) => {
      const nextEnd = current.end + pageSize;
      if (nextEnd - current.start <= maxRendered) return { ...current, end: nextEnd };
      // The window is full: the first page leaves the DOM, its height kept by the spacer.
      const cards = itemsRef.current?.children;
      const first = cards?.[0] as HTMLElement | undefined;
      const firstKept = cards?.[pageSize] as HTMLElement | undefined;
      const height = first && firstKept ? firstKept.offsetTop - first.offsetTop : 0;
      const removedHeights = [...current.removedHeights];
      removedHeights[Math.floor(current.start / pageSize)] = height;
      return { start: current.start + pageSize, end: nextEnd, removedHeights };
    });
  }, [pageSize, maxRendered]);

  const showEarlier = useCallback(() => {
    setRange((current) => {
      if (current.start === 0) return current;
      const nextStart = Math.max(0, current.start - pageSize);
      // The heights stay: a page let go of keeps its place while it loads again.
      return { start: nextStart, end: Math.min(current.end, nextStart + maxRendered), removedHeights: current.removedHeights };
    });
  }, [pageSize, maxRendered]);

  const loadMore = more?.loadMore;
  const moreLoading = more?.loading === true;
  // Past the end of what is loaded, the window takes in the page the member asked for as soon as it
  // is in; meanwhile, one page ahead: while the member reads the last page loaded, the next one is on
  // its way, so nearing the end shows it at once. Asked once per length: a page that failed is asked
  // again by the member.
  const later = useAskOnce(loadMore, moreLoading, total);
  const showOrLoadLater = useCallback(() => {
    if (hasLater) {
      showLater();
    } else if (loadMore && !moreLoading) {
      later.again();
      showLater();
      later.ask();
    }
  }, [hasLater, showLater, loadMore, moreLoading, later]);
  useEffect(() => {
    if (more?.hasMore && total - end < pageSize) later.ask();
  }, [more?.hasMore, total, end, pageSize, later]);

  // The same on the way up: a page the list let go of loads again a page before the window needs it.
  // Asked once per offset: one that failed is asked again by 'Show earlier posts'.
  const earlierLoading = more?.loadingEarlier === true;
  const earlier = useAskOnce(more?.loadEarlier, earlierLoading, offset);
  useEffect(() => {
    if (start - offset < pageSize) earlier.ask();
  }, [start, offset, pageSize, earlier]);
  const showOrLoadEarlier = useCallback(() => {
    earlier.again();
    showEarlier();
  }, [earlier, showEarlier]);

  // Re-armed when the window moves and when a page arrives, so a sentinel still in view goes on.
  useNearViewport(bottomSentinel, hasLater || (fetchesMore && !moreLoading), showOrLoadLater, end + total);
  useNearViewport(topSentinel, hasEarlier, showOrLoadEarlier, start + offset);

  if (posts.length === 0) {
    // Focusable by script: the focus of the last card deleted comes here.
    return <p className="post-list__empty" tabIndex={-1} {...{ [EMPTY_LIST_ATTRIBUTE]: '' }}>{emptyText}</p>;
  }

  return (
    <div className="post-list">
      {hasEarlier ? (
        // Holds the place of the cards above the window; its button sits at its foot.
        <div ref={setTopSentinel} className="post-list__spacer" style={{ minHeight: spacer }}>
          <div className="post-list__more">
            <button type="button" className="pill-button post-list__more-button" aria-disabled={earlierLoading || undefined} onClick={showOrLoadEarlier}>
              {say('feed.earlier')}
            </button>
          </div>
        </div>
      ) : null}
      <div ref={itemsRef} role="feed" aria-label={label} aria-busy={moreLoading} className="post-list__items" tabIndex={-1}>
        {shown.map((post, index) => (
          // A repost is its own entry of the list, under its own id.
          <PostCard key={post.repost?.id ?? post.id} post={post} onDeleted={onPostDeleted} position={firstShown + index + 1} listSize={listSize} mark={mark} />
        ))}
      </div>
      {hasLater || hasEarlier || fetchesMore ? (
        <div ref={setBottomSentinel} className="post-list__more">
          {hasLater || fetchesMore ? (
            <button type="button" className="pill-button post-list__more-button" aria-disabled={moreLoading || undefined} onClick={showOrLoadLater}>
              {moreLoading ? say('feed.loadingMore') : say('feed.loadMore')}
            </button>
          ) : null}
          <span className="visually-hidden" aria-live="polite">
            {say('feed.showing', { from: firstShown + 1, to: firstShown + shown.length, total, more: more?.hasMore ? 'yes' : 'no' })}
          </span>
        </div>
      ) : null}
    </div>
  );
}
