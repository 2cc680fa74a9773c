import { jsonEqual } from './jsonEqual';

describe('jsonEqual', () => {
  it('compares JSON values deeply, ignoring key order', () => {
    expect(jsonEqual({ a: 1, b: [1, { c: 'x' }] }, { b: [1, { c: 'x' }], a: 1 })).toBe(true);
    expect(jsonEqual('a', 'a')).toBe(true);
    expect(jsonEqual(null, null)).toBe(true);
  });

  it('tells different values apart', () => {
    expect(jsonEqual({ a: 1 }, { a: 2 })).toBe(false);
    expect(jsonEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(jsonEqual({ a: 1, c: 2 }, { a: 1, b: 2 })).toBe(false);
    expect(jsonEqual([1, 2], [1, 2, 3])).toBe(false);
    expect(jsonEqual([1, 2], [1, 3])).toBe(false);
    expect(jsonEqual([1], { 0: 1 })).toBe(false);
    expect(jsonEqual(null, {})).toBe(false);
    expect(jsonEqual(1, '1')).toBe(false);
  });
});
