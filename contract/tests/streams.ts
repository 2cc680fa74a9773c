/**
 * Live streams for the contract suite: GET /events as a client reads it (the `eventsource` package,
 * whose fetch carries the token in the Authorization header), with every event it receives kept in
 * order, and waits for what a test expects.
 */
import { EventSource } from 'eventsource';
import { RESET_EVENT, type EventType } from '../events';
import { target } from './support';

/** Every event type, each named once: a type added to the contract and not here fails the typecheck. */
const EVENT_TYPES = Object.keys({
  'post-created': true, 'post-edited': true, 'post-deleted': true, 'post-reacted': true, 'post-shared': true, 'member-joined': true, 'member-updated': true,
  'follow-changed': true, 'bookmark-changed': true, 'session-ended': true, 'reply-created': true, 'reply-deleted': true, 'reply-reacted': true,
  'notifications-changed': true, 'relation-changed': true, 'member-withdrawn': true, 'member-left': true, 'report-opened': true, 'moderation-notice': true, 'role-changed': true,
} satisfies Record<EventType, true>) as EventType[];

export interface Received {
  id: number;
  type: EventType | typeof RESET_EVENT;
  data: Record<string, unknown>;
}

export interface TestStream {
  received: Received[];
  /** Resolves once `count` events have arrived (or fails after `ms`). */
  until(count: number, ms?: number): Promise<Received[]>;
  /** Whether the server ended the stream. */
  ended(): boolean;
  /** Resolves when the server has ended the stream. */
  whenEnded(ms?: number): Promise<void>;
  close(): void;
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Opens a stream with `authorization` (and `lastEventId`, as a reconnecting client sends it), at the
 * contract target's API or at `baseUrl`; resolves once the server has answered with the stream. The
 * client does not reconnect by itself.
 */
export async function openStream(authorization: string, lastEventId?: string, baseUrl = target().baseUrl): Promise<TestStream> {
  const received: Received[] = [];
  let ended = false;
  const source = new EventSource(`${baseUrl}/events`, {
    fetch: (input, init) => fetch(input, {
      ...init,
      headers: { ...init?.headers, authorization, ...(lastEventId === undefined ? {} : { 'last-event-id': lastEventId }) },
    }),
  });
  const opened = new Promise<void>((resolve, reject) => {
    source.onopen = () => resolve();
    source.onerror = (error) => {
      // The server ended the stream, or refused it: this client does not try again.
      ended = true;
      source.close();
      reject(new Error(`the stream did not open: ${error.message ?? error.code ?? 'error'}`));
    };
  });
  for (const type of [...EVENT_TYPES, RESET_EVENT] as const) {
    source.addEventListener(type, (event) => {
      received.push({ id: Number(event.lastEventId), type, data: JSON.parse(event.data) as Record<string, unknown> });
    });
  }
  await opened;
  return {
    received,
    async until(count, ms = 5_000) {
      const deadline = Date.now() + ms;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`waited ${ms} ms for ${count} events; got ${JSON.stringify(received)}`);
        await pause(10);
      }
      return received;
    },
    ended: () => ended,
    async whenEnded(ms = 5_000) {
      const deadline = Date.now() + ms;
      while (!ended) {
        if (Date.now() > deadline) throw new Error(`the stream was still open after ${ms} ms`);
        await pause(10);
      }
    },
    close() {
      ended = true;
      source.close();
    },
  };
}
