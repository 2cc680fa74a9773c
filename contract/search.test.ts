import { MESSAGES } from './messages';
import { LIMITS } from './limits';
import { memberMatches, nameHolds, parseMemberSearch, parsePostSearch, postFoundBy, searchForm } from './search';

describe('a post search as read from what was typed', () => {
  it('takes words, phrases, tags and one author, in their search forms', () => {
    expect(parsePostSearch('  Café "First  Light" #Hiking from:@Liam_Chen naïve, ')).toEqual({
      words: ['cafe', 'first light', 'naive'],
      tags: ['hiking'],
      from: 'Liam_Chen',
    });
  });

  it('refuses what it cannot search by, with the message a backend answers', () => {
    expect(() => parsePostSearch('')).toThrow(MESSAGES.searchEmpty);
    expect(() => parsePostSearch('ma')).toThrow(MESSAGES.searchTooShort);
    expect(() => parsePostSearch('from:a from:b')).toThrow(MESSAGES.searchOneAuthor);
  });

  it('reads a text without its accents and in lower case', () => {
    expect(searchForm('ÇA Ûne Ærø ﬁne')).toBe('ca une ærø fine');
  });
});

describe('whether a new post is among what a search finds', () => {
  const post = { content: 'Lanterns over the Café terrace #Night', username: 'demo_user' };

  it('holds a post with every word, every tag, by the author named', () => {
    expect(postFoundBy('cafe lantern', post)).toBe(true);
    expect(postFoundBy('#night from:DEMO_USER terrace', post)).toBe(true);
  });

  it('leaves out a post missing a word or a tag, by another author, or for a search that cannot be sent', () => {
    expect(postFoundBy('cafe harbour', post)).toBe(false);
    expect(postFoundBy('#day lantern', post)).toBe(false);
    expect(postFoundBy('from:liam_chen lantern', post)).toBe(false);
    expect(postFoundBy('ca', post)).toBe(false);
  });
});

describe('a member search (people search, spec section 5)', () => {
  const ava = { username: 'demo_user', firstName: 'Ava', lastName: 'Reed' };
  const maya = { username: 'maya_patel', firstName: 'Maya', lastName: 'Patel' };

  it('finds a text anywhere in the first or the last name, ignoring case and the spaces around it', () => {
    expect([ava, maya].filter((member) => nameHolds(member, 'a')).map((member) => member.firstName)).toEqual(['Ava', 'Maya']);
    expect(nameHolds(ava, 'RE')).toBe(true);
    expect(nameHolds(maya, ' PAT ')).toBe(true);
    // Not the username, not the full name across both fields, and not nothing.
    expect(nameHolds(ava, 'demo')).toBe(false);
    expect(nameHolds(ava, 'ava reed')).toBe(false);
    expect(nameHolds(ava, '  ')).toBe(false);
  });

  it('reads a username before a name, an @ before it dropped, and refuses either too long', () => {
    expect(parseMemberSearch({ q: 'ma', username: '@Demo_User ' })).toEqual({ username: 'demo_user' });
    expect(parseMemberSearch({ q: 'ma', username: ' ' })).toEqual({ name: 'ma' });
    expect(parseMemberSearch(undefined)).toEqual({ name: '' });
    expect(memberMatches(ava, parseMemberSearch({ username: 'DEMO_USER' }))).toBe(true);
    expect(memberMatches(ava, parseMemberSearch({ username: 'demo' }))).toBe(false);
    expect(memberMatches(maya, parseMemberSearch({ q: 'aya' }))).toBe(true);
    for (const query of [{ q: 'a'.repeat(LIMITS.searchQueryMax + 1) }, { username: 'a'.repeat(LIMITS.searchQueryMax + 1) }]) {
      expect(() => parseMemberSearch(query)).toThrow(MESSAGES.searchTooLong);
    }
  });
});
