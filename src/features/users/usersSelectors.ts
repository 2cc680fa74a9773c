import type { RootState } from '../../app/store';
import { selectCurrentMember } from './currentMember';
import { follows } from './followUpdates';

/** Whether the current member follows `userId`. */
export const selectIsFollowing = (state: RootState, userId: string): boolean => follows(selectCurrentMember(state), userId);
