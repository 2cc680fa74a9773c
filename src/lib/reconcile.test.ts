import { reconcileList } from './reconcile';

interface Item {
  id: string;
  text: string;
  tags: string[];
}
const item = (id: string, text = id): Item => ({ id, text, tags: [text] });

describe('reconcileList', () => {
  it('keeps the objects of items that did not change', () => {
    const prev = [item('a'), item('b'), item('c')];
    const next = [item('a'), item('b', 'edited'), item('c')];
    const result = reconcileList(prev, next);
    expect(result[0]).toBe(prev[0]);
    expect(result[1]).not.toBe(prev[1]);
    expect(result[1]).toEqual(next[1]);
    expect(result[2]).toBe(prev[2]);
  });

  it('gives back the previous list when nothing changed', () => {
    const prev = [item('a'), item('b')];
    expect(reconcileList(prev, [item('a'), item('b')])).toBe(prev);
  });

  it('follows the new order and membership', () => {
    const prev = [item('a'), item('b')];
    const result = reconcileList(prev, [item('new'), item('b'), item('a')]);
    expect(result.map((entry) => entry.id)).toEqual(['new', 'b', 'a']);
    expect(result[1]).toBe(prev[1]);
    expect(reconcileList(prev, [item('a')])).toEqual([item('a')]);
    expect(reconcileList(undefined, [item('a')])).toEqual([item('a')]);
  });
});
