import { toast, type ToastOptions } from 'react-toastify/unstyled';
import { TIMINGS } from '../../config/timings';

/** Toasts of spec section 8: bottom-center, 3 s (2 s for the short ones), announced to screen readers. */
const base: ToastOptions = { position: 'bottom-center', autoClose: TIMINGS.toastMs };

export interface NotifyOptions {
  /** 2 s instead of 3 s: missing credentials and filled test credentials. */
  short?: boolean;
}

function options(opts?: NotifyOptions): ToastOptions {
  return { ...base, autoClose: opts?.short ? TIMINGS.shortToastMs : TIMINGS.toastMs };
}

export function notifySuccess(message: string, opts?: NotifyOptions): void {
  toast.success(message, options(opts));
}

/** Error-style toast: failures, and the spec's removals (dislike, delete, unbookmark, unfollow). */
export function notifyError(message: string, opts?: NotifyOptions): void {
  toast.error(message, options(opts));
}
