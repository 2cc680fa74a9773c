import { steadyOrder } from './steadyOrder';

describe('steadyOrder', () => {
  it('keeps the order on screen when only the sort keys changed (a like)', () => {
    const shown = ['a', 'b', 'c', 'd'];
    expect(steadyOrder(shown, ['a', 'c', 'b', 'd'])).toBe(shown);
  });

  it('drops removed posts and leaves the others where they were', () => {
    expect(steadyOrder(['a', 'b', 'c', 'd'], ['d', 'c', 'a'])).toEqual(['a', 'c', 'd']);
  });

  it('puts a new post after the one that precedes it in the sorted order', () => {
    expect(steadyOrder(['a', 'b', 'c'], ['new', 'c', 'b', 'a'])).toEqual(['new', 'a', 'b', 'c']);
    expect(steadyOrder(['a', 'b', 'c'], ['c', 'b', 'new', 'a'])).toEqual(['a', 'b', 'new', 'c']);
  });

  it('takes the sorted order for a first load or many new posts at once', () => {
    expect(steadyOrder([], ['b', 'a'])).toEqual(['b', 'a']);
    const many = Array.from({ length: 60 }, (_, index) => `n${index}`);
    expect(steadyOrder(['a', 'b'], [...many, 'b', 'a'])).toEqual([...many, 'b', 'a']);
  });
});
