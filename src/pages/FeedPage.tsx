import type { ReactNode } from 'react';
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
}

/** A page of posts: Home, Explore and Bookmarks share its frame, its loading line and its list. */
export function FeedPage({ heading, children, loading, loadingText, posts, more, emptyText, label }: FeedPageProps) {
  return (
    <div className="feed-page">
      {heading}
      {children}
      {loading ? (
        <p className="feed-page__status" role="status">
          {loadingText}
        </p>
      ) : (
        <WithPostCardExtras>
          <PostList posts={posts} more={more} emptyText={emptyText} label={label} />
        </WithPostCardExtras>
      )}
    </div>
  );
}
