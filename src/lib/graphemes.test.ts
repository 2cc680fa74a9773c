import { countGraphemes } from './graphemes';

describe('countGraphemes', () => {
  it('counts characters as people see them', () => {
    expect(countGraphemes('')).toBe(0);
    expect(countGraphemes('hello')).toBe(5);
    expect(countGraphemes('👍🏽')).toBe(1);
    expect(countGraphemes('🇫🇷!')).toBe(2);
    expect(countGraphemes('e\u0301')).toBe(1);
  });
});
