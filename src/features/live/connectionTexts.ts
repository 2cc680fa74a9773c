import { useSyncExternalStore } from 'react';
import { currentLanguage, t } from '../../i18n/firstWords';

/**
 * What the app says of a connection it lost, in the member's language: of the connection, never of
 * a fault on SocialConnect's side. `offline`: the device itself has no network; `unreachable`: it
 * has one, and SocialConnect does not answer on it. While what is shown was kept from an earlier
 * visit (offline/keptReads.ts), from when: `keptAt` (ms since 1970), as a time of day.
 */
export function connectionText(lost: 'offline' | 'unreachable', keptAt: number | null = null): string {
  if (keptAt === null) return t(lost === 'offline' ? 'connection.offline' : 'connection.unreachable');
  return t(lost === 'offline' ? 'connection.keptOffline' : 'connection.keptUnreachable', { time: timeOfDay(keptAt, currentLanguage()) });
}

/** The time of day `at` (ms since 1970) in the member's language: 14:32, or 2:32 PM. */
export function timeOfDay(at: number, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }).format(at);
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
