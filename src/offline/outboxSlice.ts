import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionExpired, sessionSwitched, userLoggedIn, userLoggedOut } from '../features/auth/sessionSlice';

/**
 * The outbox: what a member did while the backend could not be reached (a like, a dislike, a
 * bookmark or its removal, a follow or an unfollow, a new post or reply, an edit), shown at once as done and "Waiting
 * to send", kept in the browser (outboxStorage.ts) and sent in order once the backend answers again
 * (outboxSender.ts).
 */

/**
 * What a waiting write does: the four changes a card makes to its post with one press, a follow or
 * an unfollow of a member, a new post or reply, and an edit of a post.
 */
export type WaitingKind = 'like' | 'dislike' | 'bookmark' | 'unbookmark' | 'follow' | 'unfollow' | 'post' | 'reply' | 'edit';

/** A write as it waits: whose, what it does to which post (or member, for a follow), and the call to send as it was made. */
export interface WaitingWrite {
  id: string;
  member: string;
  kind: WaitingKind;
  /**
   * The post it changes, or the member followed or unfollowed; for a new post or reply, its
   * Idempotency-Key (it has no id until the backend stores it, once, whatever happens).
   */
  target: string;
  /** The call as made: a new post's with its body (the text, the image as a data URL, its description). */
  request: { url: string; method: string; headers?: Record<string, string>; body?: unknown };
  /** When the member made it, ms since 1970. */
  at: number;
}

export interface OutboxState {
  /** The member's waiting writes, oldest first: the order they go in. */
  waiting: WaitingWrite[];
}

const initialState: OutboxState = { waiting: [] };

/** The member cancelled what waits for this post (or member): it is taken off the screen and never sent. */
export const waitingCancelled = createAction<{ target: string; writes: WaitingWrite[] }>('outbox/cancelled');

export const outboxSlice = createSlice({
  name: 'outbox',
  initialState,
  reducers: {
    /** A write found no backend: it waits, after those already waiting. */
    writeWaiting(state, action: PayloadAction<WaitingWrite>) {
      state.waiting.push(action.payload);
    },
    /** The member's waiting writes, as the browser kept them (a start): those not on screen yet join, in their order. */
    waitingFound(state, action: PayloadAction<WaitingWrite[]>) {
      const known = new Set(state.waiting.map((write) => write.id));
      state.waiting = [...state.waiting, ...action.payload.filter((write) => !known.has(write.id))].sort((a, b) => a.at - b.at);
    },
    /** A waiting write is done with: stored by the backend, or refused and taken back. */
    writeDone(state, action: PayloadAction<string>) {
      state.waiting = state.waiting.filter((write) => write.id !== action.payload);
    },
  },
  extraReducers: (builder) => {
    builder.addCase(waitingCancelled, (state, action) => {
      state.waiting = state.waiting.filter((write) => write.target !== action.payload.target);
    });
    // Nothing of one member's is on screen for the next (what the browser keeps: outboxStorage.ts).
    builder.addCase(userLoggedOut, () => initialState);
    builder.addCase(sessionExpired, () => initialState);
    builder.addCase(sessionSwitched, () => initialState);
    builder.addCase(userLoggedIn, (state, action) => ({ waiting: state.waiting.filter((write) => write.member === action.payload.user._id) }));
  },
});

export const { writeWaiting, waitingFound, writeDone } = outboxSlice.actions;

const NONE: readonly WaitingWrite[] = [];

/** The member's waiting writes, oldest first. */
export function selectWaitingWrites(state: { outbox?: OutboxState }): readonly WaitingWrite[] {
  return state.outbox?.waiting ?? NONE;
}

/** The new posts among `writes`, in their order. */
export function waitingPostsIn(writes: readonly WaitingWrite[]): WaitingWrite[] {
  return writes.filter((write) => write.kind === 'post');
}

/** The new replies to a post among `writes`, in their order. */
export function waitingRepliesIn(writes: readonly WaitingWrite[], postId: string): WaitingWrite[] {
  return writes.filter((write) => write.kind === 'reply' && replyPostOf(write) === postId);
}

/** The post a waiting reply answers: from its call, `/posts/<postId>/replies`. */
export function replyPostOf(write: WaitingWrite): string | undefined {
  const match = /\/posts\/([^/?]+)\/replies/.exec(write.request.url);
  return match?.[1] === undefined ? undefined : decodeURIComponent(match[1]);
}

/** How many edits of this post wait to be sent. */
export function waitingEditsFor(writes: readonly WaitingWrite[], postId: string): number {
  return writes.filter((write) => write.kind === 'edit' && write.target === postId).length;
}

/** How many writes wait to be sent for one post (or member). */
export function selectWaitingCountFor(state: { outbox?: OutboxState }, target: string): number {
  return selectWaitingWrites(state).reduce((count, write) => count + (write.target === target ? 1 : 0), 0);
}
