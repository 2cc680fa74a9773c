/** Jest's global tear-down of the server's suites: what jestServer.ts started or made goes. */
import jestPostgresTeardown from './jestPostgresTeardown';

export default async function jestServerTeardown(): Promise<void> {
  const remove = globalThis.socialconnectRemoveCompiledServer;
  globalThis.socialconnectRemoveCompiledServer = undefined;
  remove?.();
  await jestPostgresTeardown();
}
