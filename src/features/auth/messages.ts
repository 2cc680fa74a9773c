import type { ErrorCode } from '../../../contract/messages';
import { errorCode, errorMessage, refusalStatus } from '../../lib/refusalBody';
import { worded, type ToastText } from '../ui/notify';
import { t } from '../../i18n/firstWords';

/** The backend's refusals of a login: an unknown username (404) and a wrong password (401). */
const BAD_CREDENTIALS: readonly string[] = ['user_not_registered', 'invalid_credentials'] satisfies ErrorCode[];

/**
 * What the login screen says when the backend refuses: 'Invalid Credentials!' for an unknown username
 * and a wrong password alike (spec section 5), so the screen never tells a stranger which usernames
 * exist. Read by code, or by status when the backend sends none; any other refusal (too many
 * attempts, say) keeps the backend's own words. Undefined when it was not a refusal.
 */
export function loginRefusalMessage(error: unknown): ToastText | undefined {
  const status = refusalStatus(error);
  if (status === undefined) return undefined;
  const code = errorCode(error);
  const badCredentials = code === undefined ? status === 401 || status === 404 : BAD_CREDENTIALS.includes(code);
  return badCredentials ? t('auth.invalidCredentials') : worded((words) => words.refusalTextOf(error), errorMessage(error));
}
