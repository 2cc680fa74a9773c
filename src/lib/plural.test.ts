import { countOf } from './plural';

describe('countOf', () => {
  it('puts the noun in the right number', () => {
    expect(countOf(1, 'Follower')).toBe('1 Follower');
    expect(countOf(0, 'Follower')).toBe('0 Followers');
    expect(countOf(2, 'Follower')).toBe('2 Followers');
    expect(countOf(1, 'person', 'people')).toBe('1 person');
    expect(countOf(5, 'person', 'people')).toBe('5 people');
  });
});
