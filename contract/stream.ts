/**
 * GET /api/events, the same on both backends: the token is checked as on any member's call, the
 * events missed since `Last-Event-ID` are sent from the store (or one `reset` when they are no longer
 * kept), then every event the member may see as it is committed, in the network's order, each once.
 * A comment line every 15 s keeps proxies from closing the stream; the stream ends when its session
 * does, or when its reader falls too far behind. The backend brings the hub (what its store
 * committed, in commit order) and the sink (its connection).
 */
import type { RuleContext } from './context';
import { refusal, RuleError, refusalAnswer } from './errors';
import { eventFrame, HEARTBEAT_MS, receives, resetFrame, type StoredEvent, type StreamViewer, ViewerRelations } from './events';
import { authenticate } from './rules/auth';
import type { RouteAnswer } from './routes';
import { ErrorResponse } from './schemas';

/**
 * What a write committed, as the hub tells the streams: its events, or a reset (the streams load
 * again). A reset's `version` is the network's version it brings the streams to, when known (a
 * network loaded afresh, a write heard after a gap): a stream that opened at or past it already
 * started from what came after, and is not reset again.
 */
export type Committed = { events: readonly StoredEvent[] } | { reset: true; version?: number };

export interface EventHub {
  /** Calls `listener` with what every write commits, in commit order, until the returned function is called. */
  subscribe(listener: (committed: Committed) => void): () => void;
}

export interface EventSink {
  /** Sends a frame; false when the reader is too far behind to send more (the stream then ends). */
  write(frame: string): boolean;
  /** Ends the response. */
  end(): void;
}

export interface StreamRequest {
  authorization?: string;
  /** The Last-Event-ID header of a reconnecting client. */
  lastEventId?: string;
  /**
   * `reset`: a reconnecting client is told to load again instead of being sent what it missed, as when
   * too much was missed (the stand-in's fault for QA; the server never asks for it).
   */
  missedAs?: 'reset';
}

export interface EventStream {
  /** Ends the stream from the backend's side (the client went away, or the server is closing). */
  close(): void;
}

/** How many streams one session may hold open at once, by default (the server's STREAMS_PER_SESSION). */
export const STREAMS_PER_SESSION_DEFAULT = 8;

/**
 * The streams each session (one token, by its `jti`) holds open on this backend, up to a limit:
 * each holds a connection and a listener, and one token opened 60 and more. The app holds one per
 * browser (the tab that leads), so a session reaches the limit only through a client of its own.
 * Counted where the streams are held: in the server's process (behind a balancer, each process
 * counts its own), in the stand-in's tab.
 */
export class SessionStreams {
  private readonly open = new Map<string, number>();

  constructor(readonly limit: number = STREAMS_PER_SESSION_DEFAULT) {}

  /** Takes a place for one more stream of the session; false when it holds the limit already. */
  take(session: string): boolean {
    const held = this.open.get(session) ?? 0;
    if (held >= this.limit) return false;
    this.open.set(session, held + 1);
    return true;
  }

  /** Gives back the place of one stream that ended. */
  release(session: string): void {
    const held = this.open.get(session) ?? 0;
    if (held <= 1) this.open.delete(session);
    else this.open.set(session, held - 1);
  }

  /** How many streams the session holds open now. */
  held(session: string): number {
    return this.open.get(session) ?? 0;
  }
}

/** The version a client says it has seen; undefined for a new client or one that says nothing usable. */
function seenVersion(lastEventId: string | undefined): number | undefined {
  return lastEventId !== undefined && /^\d{1,15}$/.test(lastEventId.trim()) ? Number(lastEventId.trim()) : undefined;
}

/**
 * Opens a member's stream: a refusal (the token's, or 429 `too_many_streams` for a session that
 * holds `sessions`' limit already) as an answer to send instead, or the stream, which writes to
 * `sink` from now on.
 */
export async function openEventStream(ctx: RuleContext, hub: EventHub, request: StreamRequest, sink: EventSink, sessions?: SessionStreams): Promise<RouteAnswer | EventStream> {
  let viewer: StreamViewer;
  try {
    const { member, claims } = await authenticate(ctx, request.authorization);
    const relations = await ctx.store.read((reader) => reader.relations(member.id));
    viewer = { memberId: member.id, jti: claims.jti, sessionVersion: claims.ver, hidden: new ViewerRelations(member.id, relations), staff: member.role !== 'member' };
  } catch (error) {
    if (error instanceof RuleError) return { ...refusalAnswer(error), schema: ErrorResponse };
    throw error;
  }
  if (sessions && !sessions.take(viewer.jti)) return { ...refusalAnswer(refusal('tooManyStreams')), schema: ErrorResponse, memberId: viewer.memberId };

  let open = true;
  /** The version this client has: nothing at or below it is sent again. */
  let sent = -1;
  /** What was committed while the missed events were read. */
  let waiting: Committed[] | undefined = [];
  const heartbeat = setInterval(() => send(': keep-alive\n\n'), HEARTBEAT_MS);

  function close(): void {
    if (!open) return;
    open = false;
    clearInterval(heartbeat);
    unsubscribe();
    sessions?.release(viewer.jti);
    sink.end();
  }
  function send(frame: string): void {
    if (open && !sink.write(frame)) close();
  }
  function deliver(event: StoredEvent): void {
    if (event.id <= sent) return;
    sent = event.id;
    viewer.hidden?.follow(event);
    if (event.type === 'role-changed' && event.memberId === viewer.memberId) viewer.staff = event.role !== 'member';
    if (!receives(event, viewer)) return;
    send(eventFrame(event));
    if (event.type === 'session-ended') close();
  }
  async function reset(): Promise<void> {
    sent = await ctx.store.read((reader) => reader.lastEventId());
    send(resetFrame(sent));
  }
  function take(committed: Committed): void {
    if (!('reset' in committed)) committed.events.forEach(deliver);
    else if (committed.version === undefined || committed.version > sent) void reset().catch(close);
  }

  const unsubscribe = hub.subscribe((committed) => (waiting ? waiting.push(committed) : take(committed)));
  try {
    const seen = seenVersion(request.lastEventId);
    const missed = seen === undefined ? [] : request.missedAs === 'reset' ? 'reset' : await ctx.store.read((reader) => reader.eventsAfter(seen));
    if (missed === 'reset') {
      await reset();
    } else {
      sent = seen ?? (await ctx.store.read((reader) => reader.lastEventId()));
      // An empty comment first: the client knows the stream is open before any event comes.
      send(': open\n\n');
      missed.forEach(deliver);
    }
  } catch (error) {
    close();
    throw error;
  }
  const during = waiting;
  waiting = undefined;
  during.forEach(take);
  return { close };
}
