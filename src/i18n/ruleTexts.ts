import { LIMITS } from '../../contract/limits';
import type { MessageKey } from '../../contract/messages';
import type { SignupMessageId } from './catalogues/en';
import { t } from './signupWords';

/** The figures a refusal's words name, by its key: the contract's limits. */
export const LIMIT_VALUES: Partial<Record<MessageKey, Record<string, number>>> = {
  postTooLong: { max: LIMITS.postTextMax },
  replyTooLong: { max: LIMITS.replyTextMax },
  imageTooLarge: { megabytes: LIMITS.imageBytesMax / (1024 * 1024) },
  firstNameInvalid: { min: LIMITS.nameMin, max: LIMITS.nameMax },
  lastNameInvalid: { min: LIMITS.nameMin, max: LIMITS.nameMax },
  usernameInvalid: { min: LIMITS.usernameMin, max: LIMITS.usernameMax },
  passwordInvalid: { min: LIMITS.passwordMin, max: LIMITS.passwordMax },
  bioTooLong: { max: LIMITS.bioMax },
  portfolioInvalid: { max: LIMITS.portfolioUrlMax },
  imageAltTooLong: { max: LIMITS.imageAltMax },
  idempotencyKeyInvalid: { min: LIMITS.idempotencyKeyMin, max: LIMITS.idempotencyKeyMax },
  searchTooLong: { max: LIMITS.searchQueryMax },
  searchTooManyTerms: { max: LIMITS.searchTermsMax },
  searchTooShort: { min: LIMITS.searchWordMin },
  reportCommentTooLong: { max: LIMITS.reportCommentMax },
  moderationReasonInvalid: { min: 1, max: LIMITS.moderationReasonMax },
  rulesTooMany: { max: LIMITS.rulesMax },
  ruleTitleInvalid: { min: 1, max: LIMITS.ruleTitleMax },
  ruleDescriptionTooLong: { max: LIMITS.ruleDescriptionMax },
  importTooMany: { posts: LIMITS.importPostsMax, replies: LIMITS.importRepliesMax, lists: LIMITS.importListMax },
};

/** A contract rule whose words come with the signup form: the ones it checks before it sends. */
export type SignupRule = MessageKey & RefusalKey<SignupMessageId>;

type RefusalKey<Id> = Id extends `refusal.${infer Key}` ? Key : never;

/** A contract rule in the member's language, with the figures it names. */
export function ruleText(key: SignupRule): string {
  return t(`refusal.${key}`, LIMIT_VALUES[key]);
}
