import { decodeCursor, encodeCursor, postCursor, postCursorKey } from './cursor';
import { MESSAGES } from './messages';

const TRENDING = { likeCount: 3, createdAt: '2025-06-01T00:00:00.000Z', id: 'p-ünï' };

describe('page cursors', () => {
  it('are unpadded base64url of the list and the key, as UTF-8 JSON', () => {
    expect(postCursor('trending', TRENDING)).toBe('WyJwb3N0czp0cmVuZGluZyIsMywiMjAyNS0wNi0wMVQwMDowMDowMC4wMDBaIiwicC3DvG7DryJd');
    expect(encodeCursor('x', ['ab?>'])).toBe('WyJ4IiwiYWI_PiJd');
    expect(postCursorKey('trending', postCursor('trending', TRENDING))).toEqual(TRENDING);
    expect(postCursorKey('latest', postCursor('latest', TRENDING))).toEqual({ ...TRENDING, likeCount: 0 });
  });

  it.each([
    ['another list', postCursor('latest', TRENDING)],
    ['padding, which a store never writes', `${encodeCursor('x', ['ab'])}==`],
    ['white space', ` ${encodeCursor('x', ['ab?>'])}`],
    ['the base64 alphabet', 'WyJ4IiwiYWI/PiJd'],
    ['a length no base64 has', 'WyJ4IiwiYWI_PiJdA'],
    ['bytes that are not UTF-8', '_w'],
    ['text that is not JSON', 'bm90IGpzb24'],
    ['another shape', encodeCursor('x', ['a', 'b'])],
    ['a part of another kind', encodeCursor('x', [1])],
    ['no cursor at all', ''],
    ['more than 512 characters', encodeCursor('x', ['a'.repeat(400)])],
  ])('refuses %s', (_case, cursor) => {
    expect(() => decodeCursor(cursor, 'x', ['s'])).toThrow(MESSAGES.pageCursorInvalid);
  });
});
