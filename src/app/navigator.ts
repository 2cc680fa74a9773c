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
