/**
 * Portfolio links (design card): a link is a URL with the http or https scheme; anything else
 * (javascript:, data:, mailto:, a bare e-mail address or host name) is refused and never rendered as a link.
 * The rule is the backends' own (contract/validation.ts).
 */
import { parseWebUrl } from '../../contract/validation';
import type { MessageId } from '../i18n/catalogues/en';

export { parseWebUrl };

/** The catalogue's message for a link that is not one (src/i18n/). */
export const PORTFOLIO_URL_ERROR = 'profile.portfolioInvalid' satisfies MessageId;

/** True when `value` may be rendered as a link. */
export function isWebUrl(value: string): boolean {
  return parseWebUrl(value) !== null;
}

/**
 * Checks what the member typed in the portfolio field. Empty is allowed (no link); otherwise the
 * id of the message to show, or null when the link is fine.
 */
export function portfolioUrlError(value: string): typeof PORTFOLIO_URL_ERROR | null {
  if (value.trim() === '') return null;
  return isWebUrl(value) ? null : PORTFOLIO_URL_ERROR;
}

/** The link text shown to the member: the URL without its scheme and trailing slash. */
export function displayUrl(value: string): string {
  const url = parseWebUrl(value);
  if (!url) return value;
  return `${url.host}${url.pathname === '/' ? '' : url.pathname}${url.search}${url.hash}`;
}
