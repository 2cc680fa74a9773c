import type { MessageId } from './catalogues/en';
import { useWords } from './firstWords';
// For its effect too: the member's English joins the first pages' as i18n.ts loads. A component that
// says a member's word must bring those words with it; a type alone would leave a page that is the
// first to say them (the 404 page opened by its address, the toasts over the login) showing ids.
import './i18n';
import type { t } from './i18n';

export { useLanguage } from './firstWords';

/** `t`, for a component of the member's app that shows text: it renders again in the new language when the member switches. */
export function useT(): typeof t {
  return useWords<MessageId>();
}
