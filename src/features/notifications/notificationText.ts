import type { AppNotification } from '../../types/api';
import { paths } from '../../config/paths';
import { formatNumber, t, tAround } from '../../i18n/i18n';

/** The most the bell shows as a number; past it, "99+". */
export const BELL_COUNT_MAX = 99;

/** The bell's badge: '' for none, the count, or "99+", as the language spoken writes numbers. */
export function badgeOf(count: number): string {
  if (count <= 0) return '';
  return count > BELL_COUNT_MAX ? t('bell.countMax', { max: BELL_COUNT_MAX }) : formatNumber(count);
}

/**
 * The bell's name: "Notifications", or "Notifications 3 unread": the words a member sees, in the
 * order they read them (the label, then the badge), so that saying what they see presses it.
 */
export function bellName(count: number | undefined): string {
  const badge = badgeOf(count ?? 0);
  return badge === '' ? t('bell.label') : `${t('bell.label')} ${badge} ${t('bell.unread', { count: count ?? 0 })}`;
}

/** Who acted, and how many with them: "Ann Lee", "Ann Lee and 1 other", "Ann Lee and 3 others". */
export function actorsOf(notification: AppNotification): string {
  const { actor, others } = notification;
  const name = `${actor.firstName} ${actor.lastName}`.trim() || `@${actor.username}`;
  if (others <= 0) return name;
  return t('notification.actors', { name, others });
}

/**
 * What happened, as one sentence of the member's language around who did it ("[Ann Lee] liked your
 * post"): the words before the actors and after them, for the entry to set the names apart between.
 * A language puts the actors where its grammar wants them, and agrees its verb with how many acted.
 */
export function whatHappened(notification: AppNotification): { before: string; after: string } {
  const about = notification.replyId === null ? 'post' : 'reply';
  return tAround(`notification.${notification.kind}`, 'actors', { others: Math.max(0, notification.others), about });
}

/** Where an entry leads: the follower's profile, the reply it is about on its post's page, or the post. */
export function linkOf(notification: AppNotification): string {
  if (notification.postId === null) return paths.profile.href(notification.actor._id);
  if (notification.replyId !== null) return paths.reply.href(notification.postId, notification.replyId);
  return paths.post.href(notification.postId);
}
