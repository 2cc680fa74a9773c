import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useAppDispatch, useAppSelector, useAppStore } from '../../lib/store/hooks';
import { timeOf } from '../../../contract/order';
import type { Post } from '../../types/api';
import type { CatchUp } from '../posts/pagedPosts';
import { postsApi, type PagedList } from '../posts/postsApi';
import { newPostsHeard, newPostsShown, selectLive, selectNewPostIds, type NewPostsList } from './liveSlice';

/** How often a list checks for new posts while the live stream is down. */
export const NEW_POSTS_CHECK_MS = 60_000;

/** While the live stream is down, lists load again when the tab comes into view and when the network returns. */
export function useCatchUp(): CatchUp {
  const live = useAppSelector(selectLive);
  return useMemo(() => ({ refetchOnFocus: !live, refetchOnReconnect: !live }), [live]);
}

export interface NewPosts {
  /** How many posts are new to the list and not shown yet. */
  count: number;
  /** Loads the list again, with its new posts at the top. */
  show(): Promise<void>;
}

export interface NewPostsOptions {
  /** The posts the list shows. */
  shown: readonly Post[];
  /** Loads the list again. */
  reload(): Promise<unknown>;
  /** Where to look for new posts every minute while the live stream is down (the list's first page); none where the list does not check. */
  check?: PagedList;
}

/**
 * The list's new posts wait behind a button rather than pushing what the member reads down: the
 * live stream names them as they come; while it is down, the list checks every minute when asked to.
 */
export function useNewPosts(list: NewPostsList, { shown, reload, check }: NewPostsOptions): NewPosts {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const live = useAppSelector(selectLive);
  const heard = useAppSelector((state) => selectNewPostIds(state, list));
  const count = useMemo(() => {
    // A repost is heard by its own id, and shown as the post it reposts.
    const present = new Set(shown.flatMap((post) => (post.repost ? [post.id, post.repost.id] : [post.id])));
    return heard.filter((id) => !present.has(id)).length;
  }, [heard, shown]);

  // What a check counts as new: posts newer than the newest shown.
  const newest = useRef(0);
  useEffect(() => {
    newest.current = shown.reduce((latest, post) => Math.max(latest, timeOf(post.createdAt)), 0);
  }, [shown]);
  useEffect(() => {
    if (live || check === undefined) return undefined;
    const timer = setInterval(() => {
      if (document.visibilityState === 'hidden') return;
      void store.dispatch(postsApi.endpoints.getNewestPosts.initiate(check, { subscribe: false, forceRefetch: true })).then(({ data }) => {
        const postIds = (data ?? []).filter((post) => timeOf(post.createdAt) > newest.current).map((post) => post.id);
        if (postIds.length > 0) dispatch(newPostsHeard({ lists: [list], postIds }));
      });
    }, NEW_POSTS_CHECK_MS);
    return () => clearInterval(timer);
  }, [live, check, list, store, dispatch]);

  const show = useCallback(async () => {
    await reload();
    dispatch(newPostsShown(list));
  }, [reload, dispatch, list]);
  return { count, show };
}
