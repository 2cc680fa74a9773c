/**
 * Every timing of spec section 9, in milliseconds, in one place so tests can reason about them.
 */
export const TIMINGS = {
  /** How long a toast stays on screen. */
  toastMs: 3000,
  /** Toasts for missing credentials and for filled test credentials. */
  shortToastMs: 2000,
  /** From a successful login to the redirect. */
  redirectAfterLoginMs: 1000,
  /** The loader shown while the feed is re-sorted. */
  sortLoaderMs: 1000,
  /** Loader forced off after a signup failure, an edit or a delete, and after the user list loads. */
  loaderOffShortMs: 1000,
  /** Loader off after bookmarks, explore and profile loads. */
  loaderOffLongMs: 2000,
  /** Delay before 'Can't Post Empty Thoughts!' shows. */
  emptyPostMessageMs: 2000,
  /** Chunk load timeout (also set in webpack.config.js as output.chunkLoadTimeout). */
  chunkLoadTimeoutMs: 120000,
  /** A call pending longer than this shows progress on the button that started it (past the stand-in's usual delay). */
  progressAfterMs: 600,
  /** How long the error screen waits to learn whether the server answers again, before saying it does not. */
  serverCheckMs: 8000,
  /** While the backend does not answer, the first wait before checking again; each wait then doubles... */
  reconnectCheckFirstMs: 1000,
  /** ...up to this one, so that a backend that comes back is met within it. */
  reconnectCheckMaxMs: 10000,
  /** A health question that got no answer (a lost connection, a 5xx) is asked again this often, until one comes. */
  healthAgainMs: 2000,
  /** A two-key shortcut (g then h): how long the second key has, after the first. */
  shortcutSecondKeyMs: 1500,
  /** The people search asks once the member has stopped typing this long: a name typed quickly asks once. */
  peopleSearchSettleMs: 200,
  /** The stand-in backend's default answer delay. */
  mockResponseDelayMs: 400,
} as const;
