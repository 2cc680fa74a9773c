/**
 * Jest's global set-up of the server's suites: PostgreSQL (jestPostgres.ts), and the server compiled
 * once for the tests that start it as a process (compiledServer.ts).
 */
import { compileServer, removeCompiledServer, TEST_SERVER_BUILD } from './compiledServer';
import jestPostgres from './jestPostgres';

declare global {
  var socialconnectRemoveCompiledServer: (() => void) | undefined;
}

export default async function jestServer(): Promise<void> {
  await jestPostgres();
  if (process.env[TEST_SERVER_BUILD]) return;
  const folder = compileServer();
  process.env[TEST_SERVER_BUILD] = folder;
  globalThis.socialconnectRemoveCompiledServer = () => removeCompiledServer(folder);
}
