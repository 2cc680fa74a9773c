/**
 * Jest's global set-up of the app's tests on a real server: PostgreSQL and the compiled server
 * (jestServer.ts), and the keeper of the server processes they kill and start again
 * (serverKeeper.ts), named to the tests in SERVER_KEEPER_URL.
 */
import jestServer from './jestServer';
import { SERVER_KEEPER_URL, startServerKeeper } from './serverKeeper';

declare global {
  var socialconnectCloseServerKeeper: (() => Promise<void>) | undefined;
}

export default async function jestServerKeeper(): Promise<void> {
  await jestServer();
  const keeper = await startServerKeeper();
  process.env[SERVER_KEEPER_URL] = keeper.url;
  globalThis.socialconnectCloseServerKeeper = () => keeper.close();
}
