import type { Post, UserSummary } from '../../types/api';
import { applyDislike, applyLike, isLikedBy, reconcilePost, reconcilePosts, toSummary } from './postsCache';

const me: UserSummary = { _id: 'me', username: 'me', firstName: 'Me', lastName: 'Myself', image: '' };

function post(id: string, likeCount = 0, likedBy: UserSummary[] = []): Post {
  return {
    _id: 'author',
    id,
    content: id,
    postImage: '',
    likes: { likeCount, likedBy, dislikedBy: [] },
    username: 'author',
    firstName: 'A',
    lastName: 'B',
    userFullName: 'A B',
    image: '',
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
  };
}

describe('reconcilePosts', () => {
  it('keeps the objects of posts that did not change', () => {
    const prev = [post('a'), post('b'), post('c')];
    const next = [post('a'), { ...post('b'), content: 'edited' }, post('c')];
    const result = reconcilePosts(prev, next);
    expect(result[0]).toBe(prev[0]);
    expect(result[1]).toBe(next[1]);
    expect(result[2]).toBe(prev[2]);
  });

  it('gives back the previous list when nothing changed', () => {
    const prev = [post('a'), post('b')];
    expect(reconcilePosts(prev, [post('a'), post('b')])).toBe(prev);
  });

  it('follows the new order and membership', () => {
    const prev = [post('a'), post('b')];
    const result = reconcilePosts(prev, [post('new'), post('b'), post('a')]);
    expect(result.map((p) => p.id)).toEqual(['new', 'b', 'a']);
    expect(result[1]).toBe(prev[1]);
    expect(reconcilePosts(prev, [post('a')])).toEqual([post('a')]);
    expect(reconcilePosts(undefined, [post('a')])).toEqual([post('a')]);
  });

  it('reconcilePost keeps an equal post', () => {
    const old = post('a');
    expect(reconcilePost(old, post('a'))).toBe(old);
    const changed = post('a', 1, [me]);
    expect(reconcilePost(old, changed)).toBe(changed);
    expect(reconcilePost(undefined, changed)).toBe(changed);
  });
});

describe('like and dislike', () => {
  it('like adds the member to likedBy, drops them from dislikedBy and counts up', () => {
    const target = post('a', 1, [{ ...me, _id: 'other' }]);
    target.likes.dislikedBy.push(toSummary(me));
    applyLike(target, me);
    expect(target.likes.likeCount).toBe(2);
    expect(isLikedBy(target, 'me')).toBe(true);
    expect(target.likes.dislikedBy).toEqual([]);
    applyLike(target, me);
    expect(target.likes.likedBy.filter((entry) => entry._id === 'me')).toHaveLength(1);
  });

  it('dislike drops the member from likedBy, adds them to dislikedBy and counts down, never below 0', () => {
    const target = post('a', 1, [me]);
    applyDislike(target, me);
    expect(target.likes.likeCount).toBe(0);
    expect(isLikedBy(target, 'me')).toBe(false);
    expect(target.likes.dislikedBy.map((entry) => entry._id)).toEqual(['me']);
    applyDislike(target, me);
    expect(target.likes.likeCount).toBe(0);
    expect(target.likes.dislikedBy).toHaveLength(1);
  });

  it('nobody is liked without an id', () => {
    expect(isLikedBy(post('a', 1, [me]), null)).toBe(false);
  });
});
