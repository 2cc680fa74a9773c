/**
 * Faults of the live stream, for QA: drop every open stream now (the app reconnects and is sent what
 * it missed), hold them (open, but silent until released: what comes meanwhile waits, in order), or
 * answer the next reconnect with `reset` (as when too much was missed: the app loads again).
 */
import type { EventSink } from '../contract/stream';

/** Frames a held stream keeps; past them it ends, as a reader too far behind does. */
const HELD_FRAMES_MAX = 500;

interface OpenStream {
  close(): void;
  release(): void;
}

export class StreamFaults {
  private readonly streams = new Set<OpenStream>();
  private readonly listeners = new Set<() => void>();
  private heldNow = false;
  private resetNext = false;

  /** How many streams this stand-in has open. */
  openCount = (): number => this.streams.size;
  held = (): boolean => this.heldNow;
  resetPending = (): boolean => this.resetNext;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** A stream's sink that keeps its frames while the streams are held, and sends them on release. */
  holdable(sink: EventSink): { sink: EventSink; opened(close: () => void): void } {
    const waiting: string[] = [];
    let stream: OpenStream | undefined;
    const release = () => {
      while (waiting.length > 0) {
        if (!sink.write(waiting.shift()!)) {
          stream?.close();
          return;
        }
      }
    };
    return {
      sink: {
        write: (frame) => {
          if (!this.heldNow && waiting.length === 0) return sink.write(frame);
          waiting.push(frame);
          return waiting.length <= HELD_FRAMES_MAX;
        },
        end: () => {
          if (stream) this.streams.delete(stream);
          this.changed();
          sink.end();
        },
      },
      opened: (close) => {
        stream = { close, release };
        this.streams.add(stream);
        this.changed();
      },
    };
  }

  /** Whether a stream opening now answers what it missed with `reset`: once, for a reconnect. */
  takeReset(reconnecting: boolean): boolean {
    if (!reconnecting || !this.resetNext) return false;
    this.resetNext = false;
    this.changed();
    return true;
  }

  /** Ends every open stream now, as a dropped connection does. */
  dropAll(): void {
    for (const stream of [...this.streams]) stream.close();
  }

  setHeld(held: boolean): void {
    this.heldNow = held;
    if (!held) for (const stream of [...this.streams]) stream.release();
    this.changed();
  }

  setResetNext(reset: boolean): void {
    this.resetNext = reset;
    this.changed();
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}
