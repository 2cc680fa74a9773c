import type { ImagePreparer } from './images';
import type { PasswordHasher } from './passwords';
import type { Store } from './store';
import type { TokenService } from './tokens';

/** What the rules need besides the request: a store, tokens, passwords, images, a clock and an id source. */
export interface RuleContext {
  store: Store;
  tokens: TokenService;
  passwords: PasswordHasher;
  images: ImagePreparer;
  now: () => Date;
  newId: () => string;
}
