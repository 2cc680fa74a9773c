import { TIMINGS } from '../../config/timings';

/** The wait before the `attempt`th check (0 first): doubling from the first up to the longest, 30% either way at random. */
export function reconnectCheckDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(TIMINGS.reconnectCheckMaxMs, TIMINGS.reconnectCheckFirstMs * 2 ** attempt);
  return Math.round(base * (0.7 + 0.6 * random()));
}
