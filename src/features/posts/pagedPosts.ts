import { useCallback, useMemo } from 'react';
import type { PagePlace } from '../../lib/api/postPages';
import type { Post, PostsPage } from '../../types/api';
import type { MorePosts } from './components/PostList';
import { useGetPostPagesInfiniteQuery, type PagedList } from './postsApi';

/** A module-level empty: a list with nothing to show always gives the same reference. */
export const EMPTY_POSTS: readonly Post[] = Object.freeze([]) as readonly Post[];

/**
 * A list's posts with each post once: a post a later page holds again (reposted meanwhile, or by
 * another member the list follows) is left where the member first saw it.
 */
export function onceEach(posts: readonly Post[]): readonly Post[] {
  const seen = new Set<string>();
  const kept = posts.filter((post) => {
    if (seen.has(post.id)) return false;
    seen.add(post.id);
    return true;
  });
  return kept.length === posts.length ? posts : kept;
}

export interface PagedPosts {
  /** The posts of the pages the list holds, in the backend's order (`more.offset` come before them). */
  posts: readonly Post[];
  /** The list asked for now is in (not one asked for before, while it loads). */
  loaded: boolean;
  isLoading: boolean;
  isSuccess: boolean;
  /** The list's last load failed. */
  isError: boolean;
  more: MorePosts;
}

/** What an infinite query of posts gives its component (RTK Query's result, the parts used here). */
export interface PostPagesResult {
  currentData?: { pages: PostsPage[]; pageParams: PagePlace[] };
  isLoading: boolean;
  isSuccess: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  hasPreviousPage: boolean;
  isFetchingPreviousPage: boolean;
  fetchPreviousPage: () => unknown;
}

/** How a list keeps up while the live stream is down: it loads again when the tab comes into view or the network returns. */
export interface CatchUp {
  refetchOnFocus: boolean;
  refetchOnReconnect: boolean;
}

/** A list of posts loaded page by page (the `pages` extension); `skip` while the backend may not have it. */
export function usePagedPosts(list: PagedList, { skip, ...catchUp }: { skip: boolean } & Partial<CatchUp>): PagedPosts & { refetch: () => Promise<unknown> } {
  const result = useGetPostPagesInfiniteQuery(list, { skip, ...catchUp });
  const { refetch } = result;
  return { ...usePostPages(result), refetch: useCallback(() => refetch(), [refetch]) };
}

/** Any infinite query of posts as one list, with what loads the next page. */
export function usePostPages(result: PostPagesResult): PagedPosts {
  // currentData: while another list loads (another member's posts), the last one is not shown as it.
  const { currentData: data, isLoading, isSuccess, isError, hasNextPage, isFetchingNextPage, fetchNextPage, hasPreviousPage, isFetchingPreviousPage, fetchPreviousPage } = result;
  const posts = useMemo(() => {
    const all = onceEach(data?.pages.flatMap((page) => page.posts) ?? EMPTY_POSTS);
    return all.length === 0 ? EMPTY_POSTS : all;
  }, [data]);
  // The pages the list let go of (it keeps MAX_PAGES_KEPT): how many posts they held, and how to load them again.
  const offset = data?.pageParams[0]?.before ?? 0;
  const more = useMemo<MorePosts>(
    () => ({
      hasMore: hasNextPage,
      loading: isFetchingNextPage,
      loadMore: () => void fetchNextPage(),
      offset,
      loadEarlier: hasPreviousPage ? () => void fetchPreviousPage() : undefined,
      loadingEarlier: isFetchingPreviousPage,
    }),
    [hasNextPage, isFetchingNextPage, fetchNextPage, offset, hasPreviousPage, isFetchingPreviousPage, fetchPreviousPage],
  );
  return { posts, loaded: data !== undefined, isLoading, isSuccess, isError, more };
}
