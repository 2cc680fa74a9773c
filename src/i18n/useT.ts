import type { MessageId } from './catalogues/en';
import { useWords } from './firstWords';
import type { t } from './i18n';

export { useLanguage } from './firstWords';

/** `t`, for a component of the member's app that shows text: it renders again in the new language when the member switches. */
export function useT(): typeof t {
  return useWords<MessageId>();
}
