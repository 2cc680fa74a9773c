import type { Post, UserSummary } from '../../types/api';
import { applyDislike, applyLike, isLikedBy, toSummary } from './postReactions';

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
