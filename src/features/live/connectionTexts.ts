import { useSyncExternalStore } from 'react';

/** What the app says of a connection it lost: of the connection, never of a fault on SocialConnect's side. */
export const CONNECTION_TEXTS = {
  /** The device itself has no network. */
  offline: "You're offline. Reconnecting when your connection is back…",
  /** The device has a network, and SocialConnect does not answer on it. */
  unreachable: "Can't reach SocialConnect, reconnecting…",
} as const;

/** The time of day `at` (ms since 1970) in the member's language: 14:32, or 2:32 PM. */
export function timeOfDay(at: number, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }).format(at);
}

/** What the app says while it shows what was kept, from `at` (offline/keptReads.ts). */
export function keptTexts(at: number, locale?: string) {
  const time = timeOfDay(at, locale);
  return {
    offline: `Offline, as of ${time}. Reconnecting when your connection is back…`,
    unreachable: `Can't reach SocialConnect: shown as of ${time}, reconnecting…`,
  } as const;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser says the device is offline, as it changes. */
export function useDeviceOffline(): boolean {
  return useSyncExternalStore(subscribe, () => !navigator.onLine, () => false);
}
