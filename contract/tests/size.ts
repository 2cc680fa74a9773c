/**
 * How much the generated and repeated tests do: a CI size by default, and the full size that
 * `npm test -- --full` asks for (it sets TEST_SIZE=full).
 */
export const TEST_SIZE: 'ci' | 'full' = process.env.TEST_SIZE === 'full' ? 'full' : 'ci';

/** `ci` in the default run, `full` in the full one. */
export function sized<T>(ci: T, full: T): T {
  return TEST_SIZE === 'full' ? full : ci;
}
