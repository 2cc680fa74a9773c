import type { PasswordHasher } from './passwords';
import type { Store } from './store';
import type { TokenService } from './tokens';

/** What the rules need besides the request: a store, tokens, passwords, a clock and an id source. */
export interface RuleContext {
  store: Store;
  tokens: TokenService;
  passwords: PasswordHasher;
  now: () => Date;
  newId: () => string;
}
