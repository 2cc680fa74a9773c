import type { RootState } from '../../app/store';
import type { Post, QuotePolicy, User } from '../../types/api';
import { selectCurrentMember } from '../users/currentMember';
import { follows } from '../users/followUpdates';

/** The ways a member may choose who quotes their posts, in the order offered. */
export const QUOTE_POLICIES: readonly QuotePolicy[] = ['anyone', 'followers', 'nobody'];

/** Why the member may not quote a post: its author lets only their followers, or nobody but themselves. */
export type QuoteRefusal = 'onlyFollowers' | 'nobody';

/**
 * Whether the author's quote policy lets the member quote the post, as the backend's rule says it
 * (contract/rules): the author always may; 'followers' asks that the member follow the author, by
 * the member's own record; a post that says no policy is the backend's to judge.
 */
export function quoteRefusal(post: Pick<Post, '_id' | 'quotePolicy'>, myId: string | null, me: Pick<User, 'following'> | null): QuoteRefusal | undefined {
  if (myId !== null && post._id === myId) return undefined;
  if (post.quotePolicy === 'nobody') return 'nobody';
  if (post.quotePolicy === 'followers' && !follows(me, post._id)) return 'onlyFollowers';
  return undefined;
}

/** Why the current member may not quote the post, if they may not. */
export function selectQuoteRefusal(state: RootState, post: Pick<Post, '_id' | 'quotePolicy'>): QuoteRefusal | undefined {
  return quoteRefusal(post, state.session.userId, selectCurrentMember(state));
}

/** Who may quote the current member's posts, as their record says; 'anyone' until it says. */
export function selectOwnQuotePolicy(state: RootState): QuotePolicy {
  return selectCurrentMember(state)?.quotePolicy ?? 'anyone';
}
