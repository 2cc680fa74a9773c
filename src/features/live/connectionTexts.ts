import { useSyncExternalStore } from 'react';

/** What the app says of a connection it lost: of the connection, never of a fault on SocialConnect's side. */
export const CONNECTION_TEXTS = {
  /** The device itself has no network. */
  offline: "You're offline. Reconnecting when your connection is back…",
  /** The device has a network, and SocialConnect does not answer on it. */
  unreachable: "Can't reach SocialConnect, reconnecting…",
} as const;

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
