import { MESSAGES } from './messages';
import { parsePostSearch, postFoundBy, searchForm } from './search';

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
