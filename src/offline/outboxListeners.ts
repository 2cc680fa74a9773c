import { addListener, createAction, isAnyOf, type ThunkAction, type TypedStartListening, type UnknownAction, type UnsubscribeListener } from '@reduxjs/toolkit';
import type { AppDispatch, RootState } from '../app/store';
import { connectionBack, connectionLost } from '../features/live/connectionSlice';
import { reconnectCheckDelay } from '../features/live/reconnectDelay';
import type { ApiDispatch, ApiRootState, CacheAccess } from '../lib/api/api';
import { API_REDUCER_PATH } from '../lib/api/apiSlot';
import type * as OutboxSender from './outboxSender';
import type { KeptOutbox } from './outboxStorage';
import { loadKeptOutbox } from './loadKeptOutbox';
import { selectWaitingWrites, waitingCancelled, waitingFound, writeDone, writeWaiting, type OutboxState, type WaitingWrite } from './outboxSlice';

/** Try the outbox again now (a timer after the backend asked for a wait). */
export const outboxSendWanted = createAction('outbox/sendWanted');

type OutboxRootState = ApiRootState & { outbox?: OutboxState; connection: { lost: boolean } };

/** The member cancels what waits to be sent for a post (or member): it goes from the screen and is never sent. */
export function cancelWaiting(target: string): ThunkAction<void, OutboxRootState, unknown, UnknownAction> {
  return (dispatch, getState) => {
    const writes = selectWaitingWrites(getState()).filter((write) => write.target === target);
    if (writes.length > 0) dispatch(waitingCancelled({ target, writes }));
  };
}

type Sender = typeof OutboxSender;
/** The sender once loaded: what waits is then shown on an answer in the same step, before the page paints it without. */
let loadedSender: Sender | undefined;

/**
 * Loads the sender: at the latest with the first write that waits, and sooner, as the member's pages
 * open (useWaitingWrites), so that it is here when the network is not.
 */
export async function loadSender(): Promise<Sender> {
  loadedSender ??= await import(/* webpackChunkName: "outbox" */ './outboxSender');
  return loadedSender;
}

/** Uses the sender: at once when loaded (in the same step as the action), else once it loads; nothing if it cannot. */
async function withSender(work: (sender: Sender) => void): Promise<void> {
  const sender = loadedSender ?? (await loadSender().catch(() => undefined));
  if (sender) work(sender);
}

/** Work on the browser's copy of the outbox; a browser that refuses it leaves the writes waiting in the page alone. */
function onKept(work: (outbox: KeptOutbox) => Promise<void>): Promise<void> {
  return loadKeptOutbox().then((outbox) => (outbox ? work(outbox) : undefined)).catch(() => undefined);
}

/**
 * The lock the tab sending the outbox holds: a browser's tabs send one at a time, each write checked
 * against the browser's copy first, so a write two tabs hold (both opened on what was kept) goes once.
 */
const SENDING_LOCK = 'socialconnect.outbox';

/**
 * The BroadcastChannel a tab tells the browser's other tabs on that it changed the member's kept
 * outbox (a write added, sent or cancelled): they show what waits as the copy has it.
 */
export const OUTBOX_CHANNEL = 'socialconnect.outbox';

/** What a tab tells: whose outbox changed, and the writes it cancelled (taken back, not sent). */
export interface OutboxMessage {
  member: string;
  cancelled?: string[];
}

function isOutboxMessage(data: unknown): data is OutboxMessage {
  return typeof data === 'object' && data !== null && typeof (data as { member?: unknown }).member === 'string';
}

/** Runs `work` while no other tab of the browser sends; a browser without Web Locks runs it at once. */
function oneTabAtATime<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(SENDING_LOCK, work) : work();
}

type StartListening = TypedStartListening<RootState, ApiDispatch>;
type ListenerApi = Parameters<Parameters<StartListening>[0]['effect']>[1];

/** The listener's store as the cache helpers see it. */

/** A query answered (from the backend or from what was kept): what it shows may predate the writes that wait. */
const QUERY_ANSWERED = `${API_REDUCER_PATH}/executeQuery/fulfilled`;

/**
 * The outbox's listeners, added to the store while a member's pages are open (useWaitingWrites):
 * each waiting write is kept in the browser as it waits and forgotten once done; the outbox is sent
 * when a write waits, when the connection is back, and when a start finds writes kept; what waits is
 * shown on every answer that comes; a cancelled write is taken back. Returns what takes them away.
 * (Logging out and logging in forget what the browser keeps: the store's own listeners.)
 */
export function startOutbox(dispatch: AppDispatch): () => void {
  const stops: UnsubscribeListener[] = [];
  const startListening = ((options: Parameters<StartListening>[0]) => {
    const stop = dispatch(addListener(options as Parameters<typeof addListener>[0])) as unknown as UnsubscribeListener;
    stops.push(stop);
    return stop;
  }) as StartListening;
  // The store's own dispatch in every cache access: the sender keeps what a page showed before a
  // waiting edit per store, by it.
  const cacheOf = (listenerApi: ListenerApi): CacheAccess => ({ dispatch, getState: () => listenerApi.getState() as unknown as ApiRootState });
  let sending = false;
  let again = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Tries in a row that found no backend, and the earliest the next may go: the backend may answer
  // its health check and still not take the write (one call faulted), and the outbox does not then
  // try again each time the connection seems back, but waits longer each time, as the checks do.
  let unreachable = 0;
  let notBefore = 0;
  // The writes this tab knows to be in the browser's copy (added by it, or found there at a start),
  // and its changes to that copy still under way: sending waits for them.
  const keptHere = new Set<string>();
  // The writes this tab sent or cancelled: a read of the kept copy begun before their removal
  // (another tab's message) still lists them, and must not bring them back as waiting.
  const endedHere = new Set<string>();
  let keptChanges: Promise<void> = Promise.resolve();
  const channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(OUTBOX_CHANNEL);
  /** Changes the kept copy, in line after this tab's earlier changes; then tells the other tabs, with `told`. */
  const changeKept = (work: (outbox: KeptOutbox) => Promise<void>, told?: OutboxMessage) => {
    keptChanges = keptChanges.then(() => onKept(work)).then(() => {
      if (told) channel?.postMessage(told);
    });
  };
  const keptCopy: OutboxSender.KeptCopy = {
    stillWaiting: async (write) => {
      if (!keptHere.has(write.id)) return true;
      const outbox = await loadKeptOutbox().catch(() => null);
      const writes = outbox ? await outbox.load(write.member).catch(() => undefined) : undefined;
      return writes === undefined || writes.some((kept) => kept.id === write.id);
    },
    // Its writeDone has put its removal in line (below): done once that is.
    forget: () => keptChanges,
  };

  const send = async (listenerApi: ListenerApi) => {
    const cache = cacheOf(listenerApi);
    const waiting = () => selectWaitingWrites(listenerApi.getState());
    if (waiting().length === 0) return;
    if (sending) {
      again = true;
      return;
    }
    const wait = notBefore - Date.now();
    if (wait > 0) {
      clearTimeout(timer);
      timer = setTimeout(() => listenerApi.dispatch(outboxSendWanted()), wait);
      return;
    }
    sending = true;
    clearTimeout(timer);
    try {
      // Its code could not load (the network went before it came): the writes wait for the connection.
      const sender = await loadSender().catch(() => undefined);
      if (!sender) {
        listenerApi.dispatch(connectionLost());
        return;
      }
      await keptChanges;
      for (;;) {
        again = false;
        const outcome = await oneTabAtATime(() => sender.sendWaiting(cache, waiting, keptCopy));
        if (outcome.kind === 'unreachable') {
          notBefore = Date.now() + reconnectCheckDelay(unreachable);
          unreachable += 1;
          listenerApi.dispatch(connectionLost());
        } else {
          unreachable = 0;
          notBefore = 0;
        }
        if (outcome.kind === 'later') timer = setTimeout(() => listenerApi.dispatch(outboxSendWanted()), outcome.afterMs);
        if (!again || outcome.kind !== 'done') break;
      }
    } finally {
      sending = false;
    }
  };

  startListening({
    actionCreator: writeWaiting,
    effect: (action, listenerApi) => {
      const write = action.payload;
      changeKept(async (outbox) => {
        await outbox.add(write);
        keptHere.add(write.id);
      }, { member: write.member });
      // Shown as made, again: an answer that came between the change shown and the write waiting may have put the older post back.
      void withSender(({ showWaiting }) => showWaiting(cacheOf(listenerApi), [write]));
      void send(listenerApi);
    },
  });
  startListening({
    actionCreator: writeDone,
    effect: (action, listenerApi) => {
      const member = listenerApi.getState().session.userId;
      endedHere.add(action.payload);
      // One another tab took off the copy is not told of again.
      const told = keptHere.delete(action.payload);
      if (member) changeKept((outbox) => outbox.remove(member, [action.payload]), told ? { member } : undefined);
    },
  });
  startListening({
    matcher: isAnyOf(connectionBack, waitingFound, outboxSendWanted),
    effect: (_action, listenerApi) => send(listenerApi),
  });
  startListening({
    predicate: (action) => action.type === QUERY_ANSWERED,
    effect: async (_action, listenerApi) => {
      if (selectWaitingWrites(listenerApi.getState()).length === 0) return;
      await withSender(({ showWaiting }) => showWaiting(cacheOf(listenerApi), selectWaitingWrites(listenerApi.getState())));
    },
  });
  startListening({
    actionCreator: waitingFound,
    effect: async (action, listenerApi) => {
      for (const write of action.payload) keptHere.add(write.id);
      await withSender(({ showWaiting }) => showWaiting(cacheOf(listenerApi), action.payload));
    },
  });
  startListening({
    actionCreator: waitingCancelled,
    effect: async (action, listenerApi) => {
      const { writes } = action.payload;
      const state = listenerApi.getState();
      const member = state.session.userId;
      for (const write of writes) endedHere.add(write.id);
      const told = writes.filter((write) => keptHere.delete(write.id)).map((write) => write.id);
      if (member) changeKept((outbox) => outbox.remove(member, writes.map((write) => write.id)), told.length > 0 ? { member, cancelled: told } : undefined);
      await withSender(({ takeBack, reloadTargets }) => {
        const cache = cacheOf(listenerApi);
        takeBack(cache, writes);
        // The post as the backend has it, where the backend answers; offline, as it was before.
        if (!state.connection.lost) reloadTargets(cache, writes);
      });
    },
  });
  // Another tab changed the kept copy: what it added shows here too, waiting (and is sent from here
  // as well, one tab at a time); what it sent or cancelled goes, and its post shows as the backend
  // has it (a cancelled like, bookmark or follow at once, as if never made; its text went back to the
  // box it was written in, in that tab).
  const fromOtherTab = async (message: OutboxMessage) => {
    const state = () => dispatch((_, getState) => getState()) as RootState;
    if (state().session.userId !== message.member) return;
    const kept = await keptWaitingOf(message.member);
    if (state().session.userId !== message.member) return;
    const keptIds = new Set(kept.map((write) => write.id));
    const inPage = selectWaitingWrites(state());
    const pageIds = new Set(inPage.map((write) => write.id));
    const added = kept.filter((write) => !pageIds.has(write.id) && !endedHere.has(write.id));
    const gone = inPage.filter((write) => keptHere.has(write.id) && !keptIds.has(write.id));
    if (added.length > 0) dispatch(waitingFound(added));
    if (gone.length === 0) return;
    for (const write of gone) {
      keptHere.delete(write.id);
      dispatch(writeDone(write.id));
    }
    const cancelled = new Set(message.cancelled ?? []);
    await withSender(({ takeOffScreen, reloadTargets }) => {
      const cache = { dispatch, getState: () => state() as unknown as ApiRootState };
      takeOffScreen(cache, gone.filter((write) => cancelled.has(write.id)));
      if (!state().connection.lost) reloadTargets(cache, gone);
    });
  };
  if (channel) {
    channel.onmessage = ({ data }: MessageEvent<unknown>) => {
      if (isOutboxMessage(data)) void fromOtherTab(data);
    };
  }
  return () => {
    clearTimeout(timer);
    channel?.close();
    for (const stop of stops) stop();
  };
}

/** The member's writes kept in this browser, oldest first (none without IndexedDB). */
export async function keptWaitingOf(member: string): Promise<WaitingWrite[]> {
  const outbox = await loadKeptOutbox().catch(() => null);
  return outbox ? outbox.load(member).catch(() => []) : [];
}
