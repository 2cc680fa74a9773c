/**
 * The outbox kept in the browser (outboxStorage.ts), loaded when first used: by a write that waits,
 * a member's pages opening, or a session's start or end (app/store.ts), not with the page's first paint.
 */
export async function loadKeptOutbox() {
  return (await import(/* webpackChunkName: "kept-outbox" */ './outboxStorage')).keptOutbox();
}
