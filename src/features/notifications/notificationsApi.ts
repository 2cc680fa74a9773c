import { api, cacheAccess, type CacheAccess } from '../../lib/api/api';
import { CURSOR_PAGES_OPTIONS, cursorQuery } from '../../lib/api/cursorPages';
import { useAppSelector } from '../../lib/store/hooks';
import type { EventPayloads } from '../../../contract/events';
import type { NotificationsPage, UnreadCount } from '../../types/api';
import { selectLive } from '../live/liveSlice';
import { NEW_POSTS_CHECK_MS } from '../live/useNewPosts';

/** How many notifications a page asks for. */
export const NOTIFICATIONS_PAGE_LIMIT = 20;

const UNREAD_TAG = { type: 'Notification' as const, id: 'UNREAD' };
const LIST_TAG = { type: 'Notification' as const, id: 'LIST' };

/** A page as the backend answered it; anything missing reads as an empty last page. */
function readNotificationsPage(response: Partial<NotificationsPage> | undefined): NotificationsPage {
  return {
    notifications: Array.isArray(response?.notifications) ? response.notifications : [],
    nextCursor: typeof response?.nextCursor === 'string' ? response.nextCursor : null,
    unreadCount: typeof response?.unreadCount === 'number' ? response.unreadCount : 0,
  };
}

function readUnread(response: Partial<UnreadCount> | undefined): number {
  return typeof response?.unreadCount === 'number' ? response.unreadCount : 0;
}

export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** How many of the member's notifications are unread (the bell); a failure leaves the bell without a count. */
    getUnreadCount: build.query<number, void>({
      query: () => '/notifications/unread',
      transformResponse: readUnread,
      providesTags: [UNREAD_TAG],
      extraOptions: { silent: true },
    }),
    /** The member's notifications, the latest first, a page at a time (the `notifications` extension). */
    getNotifications: build.infiniteQuery<NotificationsPage, void, string | null>({
      infiniteQueryOptions: CURSOR_PAGES_OPTIONS,
      query: ({ pageParam }) => `/notifications?${cursorQuery(NOTIFICATIONS_PAGE_LIMIT, pageParam)}`,
      transformResponse: readNotificationsPage,
      providesTags: [LIST_TAG],
    }),
    /** Marks them all read, here and on the member's other devices; the bell clears at once. */
    markNotificationsRead: build.mutation<number, void>({
      query: () => ({ url: '/notifications/read', method: 'POST' }),
      transformResponse: readUnread,
      async onQueryStarted(_arg, lifecycle) {
        const cache = cacheAccess(lifecycle);
        const before = notificationsApi.endpoints.getUnreadCount.select()(cache.getState()).data;
        setUnread(cache, 0);
        await lifecycle.queryFulfilled.catch(() => {
          if (typeof before === 'number') setUnread(cache, before);
        });
      },
    }),
  }),
});

export const { useGetUnreadCountQuery, useGetNotificationsInfiniteQuery, useMarkNotificationsReadMutation } = notificationsApi;

function setUnread(cache: CacheAccess, count: number): void {
  cache.dispatch(notificationsApi.util.upsertQueryData('getUnreadCount', undefined, count));
}

/**
 * The member's notifications changed on some device (the stream): the bell takes the new count; the
 * list, where it is shown, loads again when some are unread (all read changes no entry but its mark,
 * and the list keeps showing which were new when it loaded).
 */
export function notificationsChangedElsewhere(cache: CacheAccess, event: EventPayloads['notifications-changed']): void {
  if (event.memberId !== cache.getState().session.userId) return;
  setUnread(cache, event.unreadCount);
  if (event.unreadCount > 0) cache.dispatch(api.util.invalidateTags([LIST_TAG]));
}

/**
 * The bell's unread count, while the backend has notifications. With the live stream down it falls
 * back to the app's checks: again when the tab comes into view or the network returns, and every
 * NEW_POSTS_CHECK_MS.
 */
export function useUnreadCount(enabled: boolean): number | undefined {
  const live = useAppSelector(selectLive);
  const { data } = useGetUnreadCountQuery(undefined, {
    skip: !enabled,
    refetchOnFocus: !live,
    refetchOnReconnect: !live,
    pollingInterval: live ? 0 : NEW_POSTS_CHECK_MS,
  });
  return enabled ? data : undefined;
}
