import { useSyncExternalStore } from 'react';
import type * as Toastify from 'react-toastify/unstyled';
import type { ToastOptions } from 'react-toastify/unstyled';
import { TIMINGS } from '../../config/timings';

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

function show(kind: 'success' | 'error', message: string, opts?: NotifyOptions): void {
  loadToasts().then(
    ({ toast }) => {
      toast[kind](message, options(opts));
    },
    (error: unknown) => console.error(`SocialConnect could not show the message "${message}".`, error),
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

export function notifySuccess(message: string, opts?: NotifyOptions): void {
  show('success', message, opts);
}

/** Error-style toast: failures, and the spec's removals (dislike, delete, unbookmark, unfollow). */
export function notifyError(message: string, opts?: NotifyOptions): void {
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
