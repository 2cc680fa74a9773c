/**
 * The kept reads (keptReads.ts), loaded when first used: by the first answer kept (lib/api/api.ts)
 * or a session's start or end (app/store.ts), not with the page's first paint.
 */
export async function loadKeptReads() {
  return (await import(/* webpackChunkName: "kept-reads" */ './keptReads')).keptReads();
}
