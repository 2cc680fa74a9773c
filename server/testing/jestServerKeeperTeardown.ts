/** Jest's global tear-down of the app's tests on a real server: the keeper's servers and databases go, then what jestServer.ts started. */
import jestServerTeardown from './jestServerTeardown';

export default async function jestServerKeeperTeardown(): Promise<void> {
  const close = globalThis.socialconnectCloseServerKeeper;
  globalThis.socialconnectCloseServerKeeper = undefined;
  await close?.();
  await jestServerTeardown();
}
