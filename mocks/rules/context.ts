import type { Db } from '../db';

/** What the rules need besides the request: the store, a clock and an id source. */
export interface RuleContext {
  db: Db;
  now: () => Date;
  newId: () => string;
}
