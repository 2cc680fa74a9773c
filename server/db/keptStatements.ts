/**
 * Which statements the store keeps prepared, on PGlite (pglitePrepared.ts) and on each PostgreSQL
 * connection (database.ts): reads and writes of rows (their text begins so), up to a bound of texts.
 */

const KEPT = /^\s*(SELECT|WITH|INSERT|UPDATE|DELETE)\b/i;

/**
 * More different texts than the store sends (about 300 here): past it, a text not yet kept runs as
 * it would unprepared, so a caller that builds texts without bound cannot fill the memory.
 */
const KEPT_MAX = 2_000;

/** Whether a text not kept yet is to be kept, `keptSoFar` texts being kept already. */
export function worthKeeping(text: string, keptSoFar: number): boolean {
  return keptSoFar < KEPT_MAX && KEPT.test(text);
}
