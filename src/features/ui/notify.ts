import { useSyncExternalStore } from 'react';
import type * as Toastify from 'react-toastify/unstyled';
import type { ToastOptions } from 'react-toastify/unstyled';
import { TIMINGS } from '../../config/timings';
import type * as FailureTexts from '../../i18n/failureTexts';

export interface NotifyOptions {
  /** 2 s instead of 3 s: missing credentials and filled test credentials. */
  short?: boolean;
  /** A toast that says one thing about the whole app: while it shows, asking again shows no second one. */
  once?: string;
}

/** Toasts of spec section 8: bottom-center, 3 s (2 s for the short ones), announced to screen readers. */
function options(opts?: NotifyOptions): ToastOptions {
  return { position: 'bottom-center', autoClose: opts?.short ? TIMINGS.shortToastMs : TIMINGS.toastMs, toastId: opts?.once };
}

type ToastCode = typeof Toastify;

/**
 * The toasts' code loads with the first toast, not with the page: /login paints without it. Toasts
 * asked for meanwhile wait for it in the order they came, and react-toastify keeps the ones shown
 * before its container is on screen until it is. A load that fails is tried again by the next toast.
 */
let toastCode: Promise<ToastCode> | null = null;
let wanted = false;
const watchers = new Set<() => void>();

export function loadToasts(): Promise<ToastCode> {
  if (!toastCode) {
    const loading = import(/* webpackChunkName: "toasts" */ 'react-toastify/unstyled');
    toastCode = loading;
    loading.catch(() => {
      if (toastCode === loading) toastCode = null;
    });
    if (!wanted) {
      wanted = true;
      watchers.forEach((watcher) => watcher());
    }
  }
  return toastCode;
}

type FailureWords = typeof FailureTexts;

/**
 * A toast's words: written already, or worded once the app's words for failures have loaded (in
 * the member's language; they load with the first such toast, so /login paints without them), with
 * the English to show should they not load.
 */
export type ToastText = string | { word: () => Promise<string>; fallback: string };

/** A toast worded by the failures' words (src/i18n/failureTexts.ts); `fallback` if they cannot load. */
export function worded(word: (words: FailureWords) => string, fallback: string): ToastText {
  return { word: () => import(/* webpackChunkName: "i18n" */ '../../i18n/failureTexts').then(word), fallback };
}

/** Toasts show in the order they were asked for, also when one waits for its words. */
let queue: Promise<unknown> = Promise.resolve();

/** Settles once every toast asked for so far is on its way to the screen (or could not be). */
export function toastsAskedForShown(): Promise<void> {
  return queue.then(() => undefined);
}

function show(kind: 'success' | 'error', text: ToastText, opts?: NotifyOptions): void {
  const words = typeof text === 'string' ? Promise.resolve(text) : text.word().catch(() => text.fallback);
  const ready = Promise.all([loadToasts(), words]);
  queue = queue.then(() => ready).then(
    ([{ toast }, message]) => {
      toast[kind](message, options(opts));
    },
    (error: unknown) => console.error(`SocialConnect could not show the message "${typeof text === 'string' ? text : text.fallback}".`, error),
  );
}

/** Whether a toast has been asked for yet: the toasts' container is on screen from then on. */
export function useToastsWanted(): boolean {
  return useSyncExternalStore(
    (watcher) => {
      watchers.add(watcher);
      return () => watchers.delete(watcher);
    },
    () => wanted,
    () => false,
  );
}

export function notifySuccess(message: ToastText, opts?: NotifyOptions): void {
  show('success', message, opts);
}

/** Error-style toast: failures, and the spec's removals (dislike, delete, unbookmark, unfollow). */
export function notifyError(message: ToastText, opts?: NotifyOptions): void {
  show('error', message, opts);
}

/** One way of a toggle: the call that makes it so, and the toast once the backend agrees. */
export interface ToggleWay {
  call: () => Promise<unknown>;
  toast: string;
}

/**
 * Flips a toggle (like, bookmark) that shows at once: turning on toasts as a success, turning off as
 * an error, when the backend agrees. A refusal is rolled back in the cache, its message already shown.
 */
export async function flipToggle(isOn: boolean, on: ToggleWay, off: ToggleWay): Promise<void> {
  const way = isOn ? off : on;
  try {
    await way.call();
  } catch {
    // Rolled back in the cache; the app already showed the backend's message.
    return;
  }
  (isOn ? notifyError : notifySuccess)(way.toast);
}
