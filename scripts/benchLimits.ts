/**
 * The bench's verdict: each figure with a limit is checked here, and `npm run bench` exits non-zero
 * when any is over, so a script or CI can tell a slower build from a good one.
 */
export class BenchLimits {
  private readonly overLimit: string[] = [];

  /** ' OVER LIMIT' (and records it) when `value` is over `limit`, else ''. */
  check(figure: string, value: number, limit: number): string {
    if (value <= limit) return '';
    this.overLimit.push(figure);
    return '  OVER LIMIT';
  }

  /** A figure that could not be measured (no build to read) counts as over: nothing vouches for it. */
  notMeasured(figure: string): void {
    this.overLimit.push(`${figure} (not measured)`);
  }

  /** The figures over their limit, in the order they were checked. */
  get failures(): readonly string[] {
    return this.overLimit;
  }

  /** The closing line of the report. */
  summary(): string {
    return this.overLimit.length === 0
      ? 'Every figure is within its limit.'
      : `Over the limit (${this.overLimit.length}): ${this.overLimit.join('; ')}`;
  }

  /** 0 when every figure is within its limit, 1 otherwise. */
  exitCode(): number {
    return this.overLimit.length === 0 ? 0 : 1;
  }
}

/** The middle value (the mean of the two middle ones for an even count): the bench's figure of a set of runs. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
