/**
 * The stand-in's live stream (GET /api/events, contract/stream.ts): what its store committed, in
 * this tab or (loaded from the saved store) in another, told to every stream of this tab.
 */
import type { Committed, EventHub, EventSink } from '../contract/stream';
import type { MemoryDb } from './memoryStore';

export interface StandInHub extends EventHub {
  /** Tells the streams what the store committed since they last heard: its events, or a reset. */
  publish(): void;
}

export function createStandInHub(db: MemoryDb): StandInHub {
  const listeners = new Set<(committed: Committed) => void>();
  let published = db.version;
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    publish() {
      if (db.version === published) return;
      const first = db.events[0];
      // A gap (a store loaded afresh, or older than the events kept) is a reset.
      const committed: Committed = first && first.id <= published + 1 ? { events: db.events.filter((event) => event.id > published) } : { reset: true, version: db.version };
      published = db.version;
      listeners.forEach((listener) => listener(committed));
    },
  };
}

/** Frames a reader has not taken yet, past which it is too far behind and its stream ends. */
const UNREAD_FRAMES_MAX = 500;

/** A stream's frames as the body of a Response. */
export function streamBody(): { body: ReadableStream<Uint8Array>; sink: EventSink; onCancel(cancel: () => void): void } {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  let cancelled: () => void = () => undefined;
  let ended = false;
  const body = new ReadableStream<Uint8Array>({
    start(given) {
      controller = given;
    },
    cancel() {
      ended = true;
      cancelled();
    },
  });
  return {
    body,
    sink: {
      write(frame) {
        if (ended || !controller) return false;
        controller.enqueue(encoder.encode(frame));
        return (controller.desiredSize ?? 0) > -UNREAD_FRAMES_MAX;
      },
      end() {
        if (ended) return;
        ended = true;
        controller?.close();
      },
    },
    onCancel(cancel) {
      cancelled = cancel;
    },
  };
}
