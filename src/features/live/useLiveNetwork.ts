import { addListener } from '@reduxjs/toolkit';
import { useEffect, useRef } from 'react';
import { RESET_EVENT } from '../../../contract/events';
import { absoluteApiBase } from '../../config/env';
import { streamStart } from '../../lib/api/api';
import { useCapability } from '../../lib/api/capabilities';
import { useAppSelector, useAppStore } from '../../lib/store/hooks';
import { selectToken } from '../auth/sessionSlice';
import { readEvents, reconnectDelay, type LiveEvent } from './eventReader';
import { liveChanged, liveReset } from './liveSlice';
import { connectionBack } from './connectionSlice';
import { applyLiveEvent, sessionRefused } from './liveNetwork';
import { TABS_CHANNEL } from './useChangesFromOtherTabs';

/** What the tabs of a browser tell each other about the live stream, beside their own changes. */
type LiveMessage = { kind: 'event'; event: LiveEvent } | { kind: 'live'; live: boolean } | { kind: 'live?' };

function isLiveMessage(data: unknown): data is LiveMessage {
  return typeof data === 'object' && data !== null && 'kind' in data;
}

/** How long a first stream waits for the app's first answer to say where the network is. */
const FIRST_ANSWER_WAIT_MS = 2_000;

/** The lock the tab that reads the stream holds; the others wait for it, and one takes over when it goes. */
const LEADER_LOCK = 'socialconnect.events';

/**
 * Runs `lead` while this tab leads the browser's tabs (Web Locks); a browser without them lets every
 * tab lead itself. Returns what stops leading, or waiting to.
 */
function whileLeading(lead: () => () => void): () => void {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return lead();
  const waiting = new AbortController();
  let stop: (() => void) | undefined;
  let release: (() => void) | undefined;
  locks.request(LEADER_LOCK, { signal: waiting.signal }, () => new Promise<void>((resolve) => {
    release = resolve;
    stop = lead();
  })).catch(() => undefined);
  return () => {
    waiting.abort();
    stop?.();
    release?.();
  };
}

interface StreamCallbacks {
  onEvent(event: LiveEvent): void;
  onLive(live: boolean): void;
  /** The backend refused the token: the session is over. */
  onRefused(): void;
}

/**
 * Keeps a live stream open: after it closes or fails to open, it opens again after growing, jittered
 * waits, saying where it left off (`lastEventId`, kept across streams). Returns what closes it, and
 * what opens it now when it is waiting (the backend answers again after an outage).
 */
function keepStreamOpen(authorization: string, lastEventId: { current?: string }, { onEvent, onLive, onRefused }: StreamCallbacks): { close: () => void; openNow: () => void } {
  let attempt = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let close = () => undefined as void;
  // A stream opened again before any event came on the last one cannot say where it left off, so
  // what came between the two is not sent: the app loads again what it shows instead, as on a reset.
  let openedBefore = false;
  let closed = false;
  const connect = () => {
    retry = undefined;
    const base = absoluteApiBase();
    // Before any event, the stream starts where the app's answers are: a post made between the
    // page's first answers and the stream's opening was otherwise told to nobody.
    void streamStart(base, FIRST_ANSWER_WAIT_MS).then((start) => {
      if (closed) return;
      const from = lastEventId.current ?? (start === undefined ? undefined : String(start));
      close = readEvents({
        url: `${base}/events`,
        authorization,
        lastEventId: from,
        onOpen: () => {
          attempt = 0;
          const blind = openedBefore && from === undefined;
          openedBefore = true;
          onLive(true);
          if (blind) onEvent({ type: RESET_EVENT });
        },
        onEvent: (event, id) => {
          if (id !== '') lastEventId.current = id;
          onEvent(event);
        },
        onDown: (status) => {
          onLive(false);
          if (status === 401) onRefused();
          else retry = setTimeout(connect, reconnectDelay(attempt++));
        },
      });
    });
  };
  connect();
  return {
    close: () => {
      closed = true;
      clearTimeout(retry);
      close();
    },
    openNow: () => {
      if (retry === undefined) return;
      clearTimeout(retry);
      attempt = 0;
      connect();
    },
  };
}

/**
 * The network, live (the `events` extension): one stream per browser, read by the tab that leads
 * and told to the others over the tabs' channel; every tab writes what it hears into its cache.
 * Without the extension, or while the stream is down, the lists fall back to loading again (see
 * selectLive's readers).
 */
export function useLiveNetwork(): void {
  const store = useAppStore();
  const hasEvents = useCapability('live');
  const token = useAppSelector(selectToken);
  const lastEventId = useRef<string | undefined>(undefined);

  useEffect(() => {
    if (!hasEvents || !token) return undefined;
    const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(TABS_CHANNEL);
    let leading = false;
    let live = false;
    const setLive = (next: boolean) => {
      live = next;
      store.dispatch(liveChanged(next));
    };
    let heardFromLeader = false;
    if (channel) {
      channel.onmessage = ({ data }: MessageEvent<unknown>) => {
        if (!isLiveMessage(data)) return;
        if (data.kind === 'event' && !leading) applyLiveEvent(store, data.event);
        if (data.kind === 'live' && !leading) {
          heardFromLeader = true;
          setLive(data.live);
        }
        if (data.kind === 'live?' && leading) channel.postMessage({ kind: 'live', live } satisfies LiveMessage);
      };
      channel.postMessage({ kind: 'live?' } satisfies LiveMessage);
      // A tab that opens while another holds the stream follows that one's: until it answers, its
      // stream counts as open, so a change told over the channel meanwhile does not reload the lists.
      void navigator.locks?.query?.().then(({ held }) => {
        if (!leading && !heardFromLeader && held?.some((lock) => lock.name === LEADER_LOCK)) setLive(true);
      }, () => undefined);
    }
    const stopLeading = whileLeading(() => {
      leading = true;
      const stream = keepStreamOpen(token, lastEventId, {
        onEvent: (event) => {
          applyLiveEvent(store, event);
          channel?.postMessage({ kind: 'event', event } satisfies LiveMessage);
        },
        onLive: (next) => {
          setLive(next);
          channel?.postMessage({ kind: 'live', live: next } satisfies LiveMessage);
        },
        onRefused: () => store.dispatch(sessionRefused()),
      });
      // The backend answers again after an outage: the stream opens now, not at the end of its longest wait.
      const stopNudges = store.dispatch(addListener({ actionCreator: connectionBack, effect: stream.openNow }));
      return () => {
        leading = false;
        stopNudges();
        stream.close();
        // The tab that takes over says when its stream is open.
        channel?.postMessage({ kind: 'live', live: false } satisfies LiveMessage);
      };
    });
    return () => {
      stopLeading();
      channel?.close();
      store.dispatch(liveReset());
    };
  }, [store, hasEvents, token]);
}
