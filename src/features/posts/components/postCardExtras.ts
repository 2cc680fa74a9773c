import { createContext, type ComponentType } from 'react';
import type { AppDispatch, RootState } from '../../../app/store';
import type { Post } from '../../../types/api';

/**
 * What a post card shows and does that belongs to other features, handed in by the pages that
 * compose them: posts does not import those features.
 */
export interface PostCardExtras {
  /** The post's bookmark toggle, among the card's actions. */
  BookmarkToggle?: ComponentType<{ post: Post }>;
  /** Pin the member's own post to their profile, or take it off, among the card's actions. */
  PinToggle?: ComponentType<{ post: Post }>;
  /** Repost the post or quote it, with its counts, among the card's actions (the `reposts` extension). */
  RepostActions?: ComponentType<{ post: Post }>;
  /** What can be done about the post's author (mute, block), in the card's header. */
  MemberMenu?: ComponentType<{ post: Post }>;
  /** What must be done before the post is deleted; a failure stops the delete. */
  beforeDelete?: (postId: string) => (dispatch: AppDispatch, getState: () => RootState) => Promise<void>;
}

export const PostCardExtrasContext = createContext<PostCardExtras>({});
