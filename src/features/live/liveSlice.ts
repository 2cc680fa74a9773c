import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The lists that show new posts behind a "N new posts" button rather than above the reader. */
export type NewPostsList = 'home' | 'explore';

export interface LiveState {
  /** Whether this browser's live stream is open (in this tab, or in the tab that leads). */
  live: boolean;
  /** Posts created since each list loaded, newest first, not shown yet. */
  newPosts: Record<NewPostsList, string[]>;
}

const initialState: LiveState = { live: false, newPosts: { home: [], explore: [] } };

export const liveSlice = createSlice({
  name: 'live',
  initialState,
  reducers: {
    /** The session ended or changed hands: nothing heard for it stays. */
    liveReset() {
      return initialState;
    },
    liveChanged(state, action: PayloadAction<boolean>) {
      state.live = action.payload;
    },
    /** Posts that are new to these lists (from the stream, or found by a check). */
    newPostsHeard(state, action: PayloadAction<{ lists: NewPostsList[]; postIds: string[] }>) {
      for (const list of action.payload.lists) {
        const fresh = action.payload.postIds.filter((id) => !state.newPosts[list].includes(id));
        state.newPosts[list].unshift(...fresh);
      }
    },
    /** A post deleted before the member saw it is no longer new. */
    newPostGone(state, action: PayloadAction<string>) {
      for (const list of Object.keys(state.newPosts) as NewPostsList[]) {
        state.newPosts[list] = state.newPosts[list].filter((id) => id !== action.payload);
      }
    },
    /** The member asked for the list's new posts: they are in it now. */
    newPostsShown(state, action: PayloadAction<NewPostsList>) {
      state.newPosts[action.payload] = [];
    },
  },
  selectors: {
    selectLive: (state) => state.live,
    selectNewPostIds: (state, list: NewPostsList) => state.newPosts[list],
  },
});

export const { liveReset, liveChanged, newPostsHeard, newPostGone, newPostsShown } = liveSlice.actions;
export const { selectLive, selectNewPostIds } = liveSlice.selectors;
