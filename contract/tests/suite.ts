/**
 * The contract suite: every file of it, for a runner to import after runAgainst(). The same files
 * run against the stand-in (mocks/contract.msw.test.ts) and the server (server/tests/contract.*.test.ts).
 */
import './session.contract';
import './auth.contract';
import './tokens.contract';
import './posts.contract';
import './users.contract';
import './bookmarks.contract';
import './catalogue.contract';
import './extensions.contract';
import './refusals.contract';
import './generated.contract';
import './events.contract';
import './replies.contract';
import './notifications.contract';
import './tags.contract';
import './idempotency.contract';
import './altText.contract';
import './memberLists.contract';
import './relations.contract';
import './privacy.contract';
import './imageSizes.contract';
import './memberLanguage.contract';
import './pins.contract';
import './reposts.contract';
import './moreImages.contract';
import './contentWarnings.contract';
import './search.contract';
import './suggestions.contract';
import './memberSearch.contract';
import './devices.contract';
import './passwordReset.contract';
import './email.contract';
import './twoFactor.contract';
import './memberData.contract';
import './leaving.contract';
import './scheduledPosts.contract';
import './reports.contract';
import './moderationQueue.contract';
import './roles.contract';
import './rules.contract';
