import { RuleError } from './errors';
import { countGraphemes, sniffImage, validateAvatar, validateImageDataUrl, validatePortfolioUrl } from './validation';
import { MESSAGES } from '../messages';
import { PNG_DATA_URL } from '../testSupport';

describe('validation rules', () => {
  it('counts characters as a person sees them', () => {
    expect(countGraphemes('héllo')).toBe(5);
    expect(countGraphemes('👍🏽🇫🇷👨‍👩‍👧')).toBe(3);
    expect(countGraphemes('e\u0301')).toBe(1);
  });

  it('sniffs the four image types by their first bytes', () => {
    expect(sniffImage(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('png');
    expect(sniffImage(new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x37, 0x61]))).toBe('gif');
    expect(sniffImage(new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x30, 0x61]))).toBeUndefined();
    expect(sniffImage(new TextEncoder().encode('<svg xmlns='))).toBeUndefined();
  });

  it('refuses with RuleErrors carrying status and message', () => {
    expect(() => validateImageDataUrl('data:text/plain;base64,aGVsbG8=')).toThrow(new RuleError(400, MESSAGES.imageInvalid));
    expect(validateImageDataUrl(PNG_DATA_URL)).toBe(PNG_DATA_URL);
    expect(validateAvatar('/images/avatars/x.jpg', '')).toBe('/images/avatars/x.jpg');
    expect(() => validateAvatar('data:image/png;base64,aGVsbG8=', '')).toThrow(MESSAGES.avatarInvalid);
    expect(validatePortfolioUrl('  https://example.com  ')).toBe('https://example.com');
    expect(() => validatePortfolioUrl('https://exa mple.com')).toThrow(MESSAGES.portfolioInvalid);
  });
});
