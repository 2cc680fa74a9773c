import type { User, UserSummary } from '../../types/api';

/** The part of a member that other members' lists carry. */
export function toSummary(user: UserSummary): UserSummary {
  return { _id: user._id, username: user.username, firstName: user.firstName, lastName: user.lastName, image: user.image };
}

/** A member known by id alone, until their record arrives. */
export function unknownMember(id: string): UserSummary {
  return { _id: id, username: '', firstName: '', lastName: '', image: '' };
}

function withEntry(list: UserSummary[], entry: UserSummary, present: boolean): UserSummary[] {
  const without = list.filter((item) => item._id !== entry._id);
  return present ? [...without, toSummary(entry)] : without;
}

/** `me` after following (or unfollowing) `them`: only my `following` list changes. */
export function withFollowing(me: User, them: UserSummary, following: boolean): User {
  return { ...me, following: withEntry(me.following, them, following) };
}

/** `them` after `me` followed (or unfollowed) them: only their `followers` list changes. */
export function withFollower(them: User, me: UserSummary, following: boolean): User {
  return { ...them, followers: withEntry(them.followers, me, following) };
}

/** Whether `me` follows the member with id `userId`. */
export function follows(me: Pick<User, 'following'> | null | undefined, userId: string): boolean {
  return Boolean(me?.following.some((entry) => entry._id === userId));
}

/** 'First Last'. */
export function fullName(user: Pick<UserSummary, 'firstName' | 'lastName'>): string {
  return `${user.firstName} ${user.lastName}`.trim();
}
