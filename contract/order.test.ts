import { compareLatest, compareOldest, compareTrending, ORDER_COMPARATORS, POST_ORDERS, sortInOrder, orderKeysOf, timeOf, type Orderable } from './order';

const item = (id: string, createdAt: string, likeCount = 0): Orderable => ({ id, createdAt, likeCount });

const a1 = item('a1', '2025-01-01T10:00:00.000Z', 1);
const a2 = item('a2', '2025-01-03T10:00:00.000Z', 5);
const b1 = item('b1', '2025-01-02T10:00:00.000Z', 5);
const c1 = item('c1', '2025-01-04T10:00:00.000Z', 9);
const ids = (items: Orderable[]) => items.map((entry) => entry.id);

describe('the three orders', () => {
  it('latest puts the newest first', () => {
    expect(ids([a1, b1, a2].sort(compareLatest))).toEqual(['a2', 'b1', 'a1']);
  });

  it('oldest puts the oldest first', () => {
    expect(ids([a2, a1, b1].sort(compareOldest))).toEqual(['a1', 'b1', 'a2']);
  });

  it('trending puts the most liked first, newest first on ties', () => {
    expect(ids([a1, b1, a2, c1].sort(compareTrending))).toEqual(['c1', 'a2', 'b1', 'a1']);
  });

  it('breaks full ties by id, so every order is total', () => {
    const x = item('x', '2025-01-01T10:00:00.000Z');
    const y = item('y', '2025-01-01T10:00:00.000Z');
    for (const order of POST_ORDERS) {
      expect(ORDER_COMPARATORS[order](x, y)).toBeLessThan(0);
      expect(ORDER_COMPARATORS[order](y, x)).toBeGreaterThan(0);
      expect(ORDER_COMPARATORS[order](x, x)).toBe(0);
    }
  });

  it('reads an unreadable time as the epoch', () => {
    expect(timeOf('garbage')).toBe(0);
    expect(ids([item('later', '2025-01-01T00:00:00.000Z'), item('broken', 'garbage')].sort(compareOldest))).toEqual(['broken', 'later']);
  });

  it('sortInOrder gives the comparators’ order and leaves its input alone', () => {
    const many = Array.from({ length: 200 }, (_, i) =>
      item(`p${(i * 7919) % 200}`, new Date(Date.UTC(2025, 0, 1) + ((i * 31) % 50) * 3600_000).toISOString(), (i * 13) % 6),
    );
    const before = many.slice();
    for (const order of POST_ORDERS) {
      expect(sortInOrder(many, order, orderKeysOf)).toEqual([...many].sort(ORDER_COMPARATORS[order]));
    }
    expect(many).toEqual(before);
  });
});
