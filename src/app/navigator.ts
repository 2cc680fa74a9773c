/**
 * How code outside React (store listeners) moves the member to another route. The app passes the
 * data router's navigate; tests pass a memory router's.
 */
export interface AppLocation {
  pathname: string;
  search: string;
  hash: string;
}

export interface AppNavigator {
  go(to: string, options?: { replace?: boolean; state?: unknown }): void;
  location(): AppLocation;
}

export const detachedNavigator: AppNavigator = {
  go: () => undefined,
  location: () => ({ pathname: '/', search: '', hash: '' }),
};

/** What a data router (browser or memory) offers the navigator. */
interface DataRouter {
  navigate(to: string, options?: { replace?: boolean; state?: unknown }): Promise<void> | void;
  state: { location: AppLocation };
}

/** The navigator over a data router: the app's browser router, or a test's memory router. */
export function navigatorFor(router: DataRouter): AppNavigator {
  return {
    go: (to, options) => void router.navigate(to, options),
    location: () => router.state.location,
  };
}
