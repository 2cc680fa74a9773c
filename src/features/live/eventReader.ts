import { EventSource } from 'eventsource';
import { RESET_EVENT, type EventPayloads, type EventType, type NetworkEvent } from '../../../contract/events';

/** What the live stream tells the app: a change in the network, or that it should load again. */
export type LiveEvent = NetworkEvent | { type: typeof RESET_EVENT };

/** Every event type a stream sends, by name (the compiler keeps the list whole). */
const EVENT_TYPES = Object.keys({
  'post-created': true, 'post-edited': true, 'post-deleted': true, 'post-reacted': true, 'post-shared': true, 'member-joined': true,
  'member-updated': true, 'follow-changed': true, 'bookmark-changed': true, 'session-ended': true,
  'reply-created': true, 'reply-deleted': true, 'reply-reacted': true,
  'notifications-changed': true, 'relation-changed': true, 'member-withdrawn': true, 'member-left': true, 'report-opened': true, 'moderation-notice': true, 'role-changed': true,
} satisfies Record<EventType, true>) as EventType[];

export interface EventReaderOptions {
  /** GET /api/events, absolute. */
  url: string;
  /** The session's token: sent in the Authorization header, never in the address, which ends up in logs. */
  authorization: string;
  /** The last event this browser received: the stream sends what came after it. */
  lastEventId?: string;
  onOpen(): void;
  onEvent(event: LiveEvent, id: string): void;
  /** The stream closed or could not open; `status` is the refusal's HTTP status, if it was one. */
  onDown(status: number | undefined): void;
}

/**
 * Reads one live stream with a fetch-based EventSource (the `eventsource` package), so that the
 * token travels in a header. It does not reconnect by itself: the caller decides when to try again.
 * Returns what closes it.
 */
export function readEvents({ url, authorization, lastEventId, onOpen, onEvent, onDown }: EventReaderOptions): () => void {
  let open = true;
  const source = new EventSource(url, {
    fetch: (input, init) => fetch(input, {
      ...init,
      headers: { ...init?.headers, authorization, ...(lastEventId === undefined ? {} : { 'last-event-id': lastEventId }) },
    }),
  });
  const close = () => {
    open = false;
    source.close();
  };
  source.onopen = () => {
    if (open) onOpen();
  };
  source.onerror = (error) => {
    if (!open) return;
    close();
    onDown(error.code);
  };
  for (const type of EVENT_TYPES) {
    source.addEventListener(type, (message) => {
      if (open) onEvent({ type, ...(JSON.parse(message.data) as EventPayloads[typeof type]) } as NetworkEvent, message.lastEventId);
    });
  }
  source.addEventListener(RESET_EVENT, (message) => {
    if (open) onEvent({ type: RESET_EVENT }, message.lastEventId);
  });
  return close;
}

/** The first wait before reconnecting, and the longest. */
export const RECONNECT_FIRST_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

/**
 * How long to wait before the `attempt`th reconnect (0 first): 1 s doubling up to 30 s, each wait
 * 30% longer or shorter at random, so that a server that comes back is not met by every browser at once.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(RECONNECT_MAX_MS, RECONNECT_FIRST_MS * 2 ** attempt);
  return Math.round(base * (0.7 + 0.6 * random()));
}
