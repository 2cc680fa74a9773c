import { addListener, type UnknownAction } from '@reduxjs/toolkit';
import { useEffect } from 'react';
import { api, loadAllAgain } from '../../lib/api/api';
import { useAppStore } from '../../lib/store/hooks';
import { selectLive } from './liveSlice';

/** The BroadcastChannel the browser's tabs of SocialConnect tell each other of their changes on (the server's PostgreSQL channel is server/changeFeed.ts's CHANGES_CHANNEL). */
export const TABS_CHANNEL = 'socialconnect.changes';

/** A change this tab made: one of the API's mutations answered. */
function isOwnChange(action: UnknownAction): boolean {
  return action.type === `${api.reducerPath}/executeMutation/fulfilled`;
}

/**
 * The tabs of one browser show the same network: when a tab's change is answered it tells the
 * others, and they load again what they show (posts, members, bookmarks) unless the live stream
 * brings the change.
 * Browsers without BroadcastChannel keep each tab to itself, as before.
 */
export function useChangesFromOtherTabs(): void {
  const { dispatch, getState } = useAppStore();
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return undefined;
    const channel = new BroadcastChannel(TABS_CHANNEL);
    channel.onmessage = ({ data }: MessageEvent<unknown>) => {
      // While the live stream is open, the other tabs' changes arrive through it, new posts behind "N new posts".
      if (data === 'changed' && !selectLive(getState())) dispatch(loadAllAgain());
    };
    const stopListening = dispatch(addListener({
      predicate: isOwnChange,
      effect: () => channel.postMessage('changed'),
    }));
    return () => {
      stopListening();
      channel.close();
    };
  }, [dispatch, getState]);
}
