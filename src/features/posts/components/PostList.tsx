import { useEffect, useRef, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { useAppSelector } from '../../../app/hooks';
import type { Post } from '../../../types/api';
import { selectIsLoggedIn } from '../../auth/sessionSlice';
import { useGetBookmarksQuery } from '../../bookmarks/bookmarksApi';
import { PostCard } from './PostCard';
import './shared.css';
import './PostList.css';

/** How many cards render at first, and how many more each time the member nears the end. */
export const POST_PAGE_SIZE = 20;

export interface PostListProps {
  posts: readonly Post[];
  /** Shown when there are no posts. */
  emptyText: string;
  /** Accessible name of the feed. */
  label: string;
  pageSize?: number;
  /** Passed to each card: called after that post is deleted. */
  onPostDeleted?: () => void;
}

/**
 * A list of post cards that stays smooth with thousands of posts: it renders the first page, and more as
 * a sentinel nears the viewport (IntersectionObserver), with a 'Load more posts' button as the fallback
 * for keyboards and for browsers without the observer. Usable on any screen: it loads the member's
 * bookmarks itself, so each card's bookmark toggle is right.
 */
export function PostList({ posts, emptyText, label, pageSize = POST_PAGE_SIZE, onPostDeleted }: PostListProps) {
  const [limit, setLimit] = useState(pageSize);
  // Each card shows whether it is bookmarked: the list keeps the member's bookmarks loaded.
  const loggedIn = useAppSelector(selectIsLoggedIn);
  useGetBookmarksQuery(loggedIn ? undefined : skipToken);
  const sentinel = useRef<HTMLDivElement>(null);
  const shown = posts.length > limit ? posts.slice(0, limit) : posts;
  const hasMore = posts.length > limit;

  useEffect(() => {
    const target = sentinel.current;
    if (!hasMore || !target || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setLimit((current) => current + pageSize);
      },
      { rootMargin: '800px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasMore, pageSize, limit]);

  if (posts.length === 0) {
    return <p className="post-list__empty">{emptyText}</p>;
  }

  return (
    <div className="post-list">
      <div role="feed" aria-label={label} aria-busy={false} className="post-list__items">
        {shown.map((post) => (
          <PostCard key={post.id} post={post} onDeleted={onPostDeleted} />
        ))}
      </div>
      {hasMore ? (
        <div ref={sentinel} className="post-list__more">
          <button type="button" className="post-list__more-button" onClick={() => setLimit((current) => current + pageSize)}>
            Load more posts
          </button>
          <span className="visually-hidden" aria-live="polite">
            Showing {shown.length} of {posts.length} posts
          </span>
        </div>
      ) : null}
    </div>
  );
}
