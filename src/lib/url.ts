/**
 * Portfolio links (design card): a link is a URL with the http or https scheme; anything else
 * (javascript:, data:, mailto:, a bare e-mail address or host name) is refused and never rendered as a link.
 * The rule is the backends' own (contract/validation.ts).
 */
import { parseWebUrl } from '../../contract/validation';

export { parseWebUrl };

export const PORTFOLIO_URL_ERROR = 'Enter a link that starts with http:// or https:// (for example https://example.com).';

/** True when `value` may be rendered as a link. */
export function isWebUrl(value: string): boolean {
  return parseWebUrl(value) !== null;
}

/**
 * Checks what the member typed in the portfolio field. Empty is allowed (no link); otherwise the
 * message to show, or null when the link is fine.
 */
export function portfolioUrlError(value: string): string | null {
  if (value.trim() === '') return null;
  return isWebUrl(value) ? null : PORTFOLIO_URL_ERROR;
}

/** The link text shown to the member: the URL without its scheme and trailing slash. */
export function displayUrl(value: string): string {
  const url = parseWebUrl(value);
  if (!url) return value;
  return `${url.host}${url.pathname === '/' ? '' : url.pathname}${url.search}${url.hash}`;
}
