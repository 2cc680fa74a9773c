import type { ImagePreparer } from './images';
import type { Mailer } from './mail';
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
  /** The most pixels an uploaded image may have (the server's IMAGE_PIXELS_MAX); LIMITS.imagePixelsMax unless set. */
  imagePixelsMax?: number;
  /** How many images a post may have (the server's POST_IMAGES_MAX); LIMITS.postImagesMax unless set. */
  postImagesMax?: number;
  /** How many days a deleted account waits before it goes for good (`accounts`); LIMITS.deletionGraceDays unless set. */
  deletionGraceDays?: number;
  /** Where mail to members goes (`accounts`): a password reset's link. */
  mail: Mailer;
  /**
   * The app's address, which links in mail open (`https://social.example`, no trailing slash): set
   * by whoever runs the backend, never read from a request, whose Host a caller chooses.
   */
  appOrigin: string;
}
