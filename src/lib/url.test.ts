import { displayUrl, isWebUrl, parseWebUrl, portfolioUrlError, PORTFOLIO_URL_ERROR } from './url';

describe('portfolio links (design card: http or https only)', () => {
  it.each(['https://example.com', 'http://example.com/work?tab=1#top', '  https://ava-reed.example.com  ', 'HTTPS://EXAMPLE.COM'])(
    'accepts %s',
    (value) => {
      expect(isWebUrl(value)).toBe(true);
      expect(portfolioUrlError(value)).toBeNull();
    },
  );

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(document.cookie)',
    'data:text/html,<script>alert(1)</script>',
    'mailto:ava@example.com',
    'ava@example.com',
    'example.com',
    'http:example.com',
    'ftp://example.com',
    'https://',
    'https://exa mple.com',
    '//example.com',
  ])('refuses %s', (value) => {
    expect(isWebUrl(value)).toBe(false);
    expect(parseWebUrl(value)).toBeNull();
    expect(portfolioUrlError(value)).toBe(PORTFOLIO_URL_ERROR);
  });

  it('allows an empty link (no portfolio)', () => {
    expect(portfolioUrlError('')).toBeNull();
    expect(portfolioUrlError('   ')).toBeNull();
    expect(isWebUrl('')).toBe(false);
  });

  it('shows links without their scheme', () => {
    expect(displayUrl('https://ava-reed.example.com')).toBe('ava-reed.example.com');
    expect(displayUrl('https://ava-reed.example.com/')).toBe('ava-reed.example.com');
    expect(displayUrl('http://example.com/work?tab=1#top')).toBe('example.com/work?tab=1#top');
    expect(displayUrl('javascript:alert(1)')).toBe('javascript:alert(1)');
  });
});
