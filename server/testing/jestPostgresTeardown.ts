/** Jest's global tear-down: removes the throwaway PostgreSQL cluster jestPostgres.ts started, if any. */
export default async function jestPostgresTeardown(): Promise<void> {
  const stop = globalThis.socialconnectStopPostgres;
  globalThis.socialconnectStopPostgres = undefined;
  stop?.();
}
