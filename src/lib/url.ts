/**
 * Portfolio links (design card): a link is a URL with the http or https scheme; anything else
 * (javascript:, data:, mailto:, a bare e-mail address or host name) is refused and never rendered as a link.
 */

export const PORTFOLIO_URL_ERROR = 'Enter a link that starts with http:// or https:// (for example https://example.com).';

const WEB_PROTOCOLS: readonly string[] = ['http:', 'https:'];

/** The URL if `value` is an absolute http(s) URL with a host, otherwise null. */
export function parseWebUrl(value: string): URL | null {
  const text = value.trim();
  if (text === '' || /\s/.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (!WEB_PROTOCOLS.includes(url.protocol) || url.hostname === '') return null;
  // 'http:example.com' parses, but only the written-out form 'http://' is what members mean.
  if (!/^https?:\/\//i.test(text)) return null;
  return url;
}

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
