import { useEffect, useMemo, useRef } from 'react';
import { Link } from 'react-router-dom';
import { Avatar } from '../../../components/Avatar';
import { MoreButton, useFocusAfterGrowth } from '../../../components/MorePages';
import { formatPostTime, toDateTimeAttribute } from '../../../lib/formatDate';
import type { AppNotification } from '../../../types/api';
import { useGetNotificationsInfiniteQuery, useGetUnreadCountQuery, useMarkNotificationsReadMutation } from '../notificationsApi';
import { actorsOf, linkOf, whatHappened } from '../notificationText';
import './Notifications.css';
import { useLanguage, useT } from '../../../i18n/useT';


const NONE: AppNotification[] = [];

function NotificationEntry({ notification }: { notification: AppNotification }) {
  const language = useLanguage();
  const say = useT();
  const { actor } = notification;
  const { before, after } = whatHappened(notification);
  return (
    <Link to={linkOf(notification)} className={`notifications__entry surface-link${notification.read ? '' : ' notifications__entry--unread'}`}>
      <span aria-hidden="true">
        <Avatar src={actor.image} name={`${actor.firstName} ${actor.lastName}`} size="md" />
      </span>
      <span className="notifications__text">
        <span>
          {notification.read ? null : <span className="notifications__new">{say('notifications.new')}: </span>}
          {before}
          <strong dir="auto">{actorsOf(notification)}</strong>
          {after}
          {notification.excerpt === null ? null : (
            <>
              {': '}
              <span className="notifications__excerpt" dir="auto">{`“${notification.excerpt}”`}</span>
            </>
          )}
        </span>
        <time className="notifications__time" dateTime={toDateTimeAttribute(notification.createdAt)}>
          {formatPostTime(notification.createdAt, language)}
        </time>
      </span>
    </Link>
  );
}

/**
 * The member's notifications, the latest first, a page at a time; the unread ones say "New". Seeing
 * them marks them read, on every device of the member: once the list has loaded, and again when one
 * arrives while it is open.
 */
export function NotificationList() {
  const say = useT();
  const { data, isLoading, isSuccess, isFetching, fulfilledTimeStamp, hasNextPage, isFetchingNextPage, fetchNextPage } = useGetNotificationsInfiniteQuery();
  const notifications = useMemo(() => data?.pages.flatMap((page) => page.notifications) ?? NONE, [data]);
  const { data: unread = 0 } = useGetUnreadCountQuery();
  const [markRead, { isLoading: marking }] = useMarkNotificationsReadMutation();
  const listed = useRef<HTMLOListElement>(null);
  // After "Show more notifications" focus goes to the first of them.
  const focusAfterMore = useFocusAfterGrowth(listed, 'a', notifications.length, isFetchingNextPage);

  const hasUnreadListed = notifications.some((notification) => !notification.read);
  // Once per load of the list: a refused mark is not tried again until the list loads again.
  const markedFor = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!isSuccess || isFetching || marking || (unread === 0 && !hasUnreadListed) || markedFor.current === fulfilledTimeStamp) return;
    markedFor.current = fulfilledTimeStamp;
    void markRead();
  }, [isSuccess, isFetching, marking, unread, hasUnreadListed, fulfilledTimeStamp, markRead]);

  const showMore = () => {
    focusAfterMore(notifications.length);
    void fetchNextPage();
  };

  if (isLoading) {
    return (
      <p className="feed-page__status" role="status">
        {say('notifications.loading')}
      </p>
    );
  }
  return (
    <>
      {notifications.length === 0 ? (
        <p className="feed-page__status">{say('notifications.empty')}</p>
      ) : (
        <ol ref={listed} className="notifications__list" aria-label={say('page.notifications')}>
          {notifications.map((notification) => (
            <li key={notification.id}>
              <NotificationEntry notification={notification} />
            </li>
          ))}
        </ol>
      )}
      {hasNextPage ? (
        <MoreButton label={say('notifications.more')} busyLabel={say('notifications.loadingMore')} busy={isFetchingNextPage} onPress={showMore} />
      ) : null}
    </>
  );
}
