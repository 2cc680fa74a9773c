import { isTag, mentionedUsernames, normaliseTag, shortenAddress, TAG_MAX, tagsOf, textParts } from './richText';

describe('textParts', () => {
  it('reads mentions, addresses and tags, and keeps every character of the text', () => {
    const text = 'Hi @liam_chen, see https://example.com/trail?x=1 for #hiking!';
    const parts = textParts(text);
    expect(parts).toEqual([
      { kind: 'text', text: 'Hi ' },
      { kind: 'mention', text: '@liam_chen', username: 'liam_chen' },
      { kind: 'text', text: ', see ' },
      { kind: 'link', text: 'https://example.com/trail?x=1', href: 'https://example.com/trail?x=1', display: 'example.com/trail?x=1' },
      { kind: 'text', text: ' for ' },
      { kind: 'tag', text: '#hiking', tag: 'hiking' },
      { kind: 'text', text: '!' },
    ]);
    expect(parts.map((part) => part.text).join('')).toBe(text);
  });

  it('leaves the punctuation after an address out of it, and keeps brackets that belong to it', () => {
    expect(textParts('Go to http://a.example/x. Now').filter((part) => part.kind === 'link').map((part) => part.text)).toEqual(['http://a.example/x']);
    expect(textParts('(see https://en.example.org/wiki/Foo_(bar))').filter((part) => part.kind === 'link').map((part) => part.text)).toEqual(['https://en.example.org/wiki/Foo_(bar)']);
    expect(textParts('(https://a.example/b)').map((part) => part.text)).toEqual(['(', 'https://a.example/b', ')']);
  });

  it('makes nothing of other schemes, e-mail addresses, short names, numbers and markup', () => {
    for (const text of ['javascript:alert(1)', 'mail ann@example.com now', 'hi @al', 'issue #42', 'a#b', 'ftp://x.example', '<a href="https://x.example">x</a>'.replace('https', 'hxxps')]) {
      expect(textParts(text).filter((part) => part.kind !== 'text')).toEqual([]);
    }
    const markup = '<img src=x onerror=alert(1)> @noah_kim';
    expect(textParts(markup)).toEqual([{ kind: 'text', text: '<img src=x onerror=alert(1)> ' }, { kind: 'mention', text: '@noah_kim', username: 'noah_kim' }]);
  });

  it('reads tags in any script, and not past 50 characters', () => {
    expect(textParts('#café #東京 #x_1').filter((part) => part.kind === 'tag').map((part) => part.kind === 'tag' && part.tag)).toEqual(['café', '東京', 'x_1']);
    expect(textParts(`#${'a'.repeat(51)}`).filter((part) => part.kind === 'tag')).toEqual([]);
  });
});

describe('shortenAddress', () => {
  it('drops the scheme and www., and cuts a long address with an ellipsis', () => {
    expect(shortenAddress('https://www.example.com/')).toBe('example.com');
    expect(shortenAddress('http://example.com/a/very/long/path/that/goes/on/and/on')).toBe('example.com/a/very/long/path/th…');
    expect(Array.from(shortenAddress(`https://example.com/${'x'.repeat(100)}`))).toHaveLength(32);
  });
});

describe('mentionedUsernames', () => {
  it('names each mentioned username once, ignoring case', () => {
    expect(mentionedUsernames('@ann and @Ann and @bob_1, @ann')).toEqual(['ann', 'bob_1']);
  });
});

describe('tags', () => {
  it('takes 1 to TAG_MAX letters, digits or underscores with a letter among them, and nothing else', () => {
    for (const tag of ['a', 'SomeTag', 'café', 'route_66', '東京', 'x'.repeat(TAG_MAX)]) expect(isTag(tag)).toBe(true);
    for (const tag of ['', '42', '___', 'x'.repeat(TAG_MAX + 1), '#a', 'two words', 'no-dash', '<b>x</b>', 'a\u0000']) expect(isTag(tag)).toBe(false);
  });

  it("reads a text's tags once each, in one case, and only where the parser reads a tag", () => {
    expect(tagsOf('#Hiking up, #hiking down, #HIKING_2 and a#b, #42, #café')).toEqual(['hiking', 'hiking_2', 'café']);
    expect(normaliseTag('SomeTag')).toBe(normaliseTag('sometag'));
    expect(tagsOf(`#${'x'.repeat(TAG_MAX + 1)} too long`)).toEqual([]);
  });
});
