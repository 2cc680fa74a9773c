import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { findInconsistencies } from '../snapshot';
import { buildDefaultSeed, DEMO_CREDENTIALS, DEMO_UNREAD_NOTIFICATIONS, DEMO_USER_ID, SAMPLE_SIGNUP, SEED_PASSWORD, SEED_USER_IDS, seedPostId } from './default';
import { buildBusySeed } from './busy';

const publicDir = join(__dirname, '..', '..', 'public');

describe('default seed', () => {
  const seed = buildDefaultSeed();

  it('has 5 members and 20 posts, consistent, likeCount == likedBy.length by construction', () => {
    expect(seed.users).toHaveLength(5);
    expect(seed.posts).toHaveLength(20);
    expect(findInconsistencies(seed)).toEqual([]);
  });

  it('has stable ids', () => {
    expect(seed.users.map((user) => user.id)).toEqual(Object.values(SEED_USER_IDS));
    expect(seed.posts.map((post) => post.id)).toEqual(Array.from({ length: 20 }, (_, index) => seedPostId(index + 1)));
    expect(seedPostId(12)).toBe('a5e0c1a2-0000-4000-8000-00000000000c');
    expect(buildDefaultSeed()).toEqual(seed);
  });

  it('spreads posts over distinct days', () => {
    const days = new Set(seed.posts.map((post) => post.createdAt.slice(0, 10)));
    expect(days.size).toBe(20);
  });

  it('has the demo account: Ava Reed, following two members, with posts and one bookmark', () => {
    const demo = seed.users.find((user) => user.id === DEMO_USER_ID);
    expect(demo).toMatchObject({ username: DEMO_CREDENTIALS.username, password: DEMO_CREDENTIALS.password, firstName: 'Ava', lastName: 'Reed' });
    expect(demo?.following).toHaveLength(2);
    expect(demo?.bookmarks).toHaveLength(1);
    expect(seed.posts.filter((post) => post.authorId === DEMO_USER_ID).length).toBeGreaterThanOrEqual(2);
    expect(SEED_PASSWORD).toBe(DEMO_CREDENTIALS.password);
    expect(seed.users.some((user) => user.username === SAMPLE_SIGNUP.username)).toBe(false);
  });

  it('has 15 or more posts with an image, every image shipped under public/ as a JPEG of at most 60 KB', () => {
    expect(seed.posts.filter((post) => post.postImage !== '').length).toBeGreaterThanOrEqual(15);
    const images = [...seed.posts.map((post) => post.postImage), ...seed.users.map((user) => user.image)].filter((image) => image !== '');
    for (const image of images) {
      expect(image).toMatch(/^\/images\/(posts|avatars)\/[a-z-]+\.jpg$/);
      const file = join(publicDir, image);
      expect(existsSync(file)).toBe(true);
      expect(statSync(file).size).toBeLessThanOrEqual(60 * 1024);
      expect([...readFileSync(file).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    }
    expect(new Set(seed.posts.map((post) => post.postImage).filter(Boolean)).size).toBe(seed.posts.filter((post) => post.postImage).length);
  });

  it('refers to no external URL for images', () => {
    const text = JSON.stringify([buildDefaultSeed(), buildBusySeed().posts.slice(0, 50)]);
    expect(text).not.toMatch(/"(image|postImage)":"https?:/);
  });
});

describe('seed notifications', () => {
  it("gives the demo member her followers' and her posts' likes, two unread, each of them so", () => {
    const seed = buildDefaultSeed();
    const told = (seed.notifications ?? []).map((entry) => [entry.kind, entry.postId, entry.actorIds, entry.unread]);
    const { liam, maya, zoe } = SEED_USER_IDS;
    expect(told).toEqual([
      ['follow', null, [liam], false],
      ['follow', null, [maya], false],
      ['follow', null, [zoe], false],
      ['like', seedPostId(5), [liam, maya, zoe], true],
      ['like', seedPostId(11), [maya, zoe], true],
    ]);
    expect(told.filter((entry) => entry[3] === true)).toHaveLength(DEMO_UNREAD_NOTIFICATIONS);
    expect(new Set(seed.notifications?.map((entry) => entry.recipientId))).toEqual(new Set([DEMO_USER_ID]));
    expect(findInconsistencies(seed)).toEqual([]);
  });

  it('gives the busy demo member thousands, every mention a post that names her', () => {
    const seed = buildBusySeed();
    const notifications = seed.notifications ?? [];
    expect(notifications.length).toBeGreaterThan(2_000);
    const posts = new Map(seed.posts.map((post) => [post.id, post]));
    for (const entry of notifications.filter((notification) => notification.kind === 'mention')) {
      expect(posts.get(entry.postId ?? '')?.content).toContain('@demo_user');
    }
    expect(findInconsistencies(seed)).toEqual([]);
  });

  it('finds a post whose more images have no first one before them', () => {
    const seed = buildDefaultSeed();
    const [post] = seed.posts;
    if (!post) throw new Error('the seed has no posts');
    post.postImage = '';
    post.moreImages = [{ url: '/images/forest.jpg', alt: '' }];
    expect(findInconsistencies(seed)).toEqual([`post ${post.id} has more images but no first one`]);
  });
});
