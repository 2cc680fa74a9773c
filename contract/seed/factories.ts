/**
 * Builders for store records, used by the seeds and by tests. Each builder gives a complete, valid
 * record; pass only what matters to the case at hand.
 */
import { newMemberRecord, type PostRecord, type UserRecord } from '../snapshot';

let sequence = 0;

function next(): number {
  sequence += 1;
  return sequence;
}

/** A fixed, valid timestamp unless a test cares. */
export const FACTORY_TIMESTAMP = '2025-01-01T09:00:00.000Z';

/** A tiny deterministic pseudo-random sequence (LCG): the same numbers on every run. */
export function pseudoRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state;
  };
}

/** A uuid-shaped id that is stable for a given number: 00000000-0000-4000-8000-<n in hex>. */
export function stableUuid(n: number, prefix = '00000000'): string {
  return `${prefix}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
}

export function buildUser(overrides: Partial<UserRecord> = {}): UserRecord {
  const n = next();
  return {
    ...newMemberRecord({
      id: `u-test-${n}`,
      firstName: 'Test',
      lastName: `Member ${n}`,
      username: `member_${n}`,
      password: 'password123',
      joinedAt: FACTORY_TIMESTAMP,
    }),
    ...overrides,
  };
}

export function buildPost(overrides: Partial<PostRecord> & Pick<PostRecord, 'authorId'>): PostRecord {
  const n = next();
  return {
    id: stableUuid(n, 'f0000000'),
    content: `Post number ${n}`,
    postImage: '',
    likedBy: [],
    dislikedBy: [],
    createdAt: FACTORY_TIMESTAMP,
    updatedAt: FACTORY_TIMESTAMP,
    ...overrides,
  };
}

/** Makes `follower` follow `followee`, keeping both lists in step. */
export function linkFollow(follower: UserRecord, followee: UserRecord): void {
  if (follower.id === followee.id) return;
  if (!follower.following.includes(followee.id)) follower.following.push(followee.id);
  if (!followee.followers.includes(follower.id)) followee.followers.push(follower.id);
}
