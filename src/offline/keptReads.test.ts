import { createKeptReads, VISITOR, type KeptBound } from './keptReads';
import { memoryStorage } from './memoryStorage';

/** Kept reads over a Map, with a clock the test moves one millisecond a call. */
function reads(bound: KeptBound = { pages: 3, bytes: 1_000 }) {
  const storage = memoryStorage();
  let clock = 1_000;
  return { storage, reads: createKeptReads({ storage, bound, now: () => (clock += 1) }) };
}

describe('kept reads', () => {
  it("finds an answer kept for the member who asked, with when it was kept, and nothing for another member or another read", async () => {
    const { reads: kept } = reads();
    await kept.keep('u-ava', '/api/posts?limit=20', { posts: ['a'] });
    expect(await kept.find('u-ava', '/api/posts?limit=20')).toEqual({ data: { posts: ['a'] }, at: 1_001 });
    expect(await kept.find('u-liam', '/api/posts?limit=20')).toBeUndefined();
    expect(await kept.find('u-ava', '/api/posts?limit=20&cursor=x')).toBeUndefined();
  });

  it('keeps the newest answer to a read in place of the one before', async () => {
    const { reads: kept } = reads();
    await kept.keep('u-ava', '/api/posts', { posts: ['old'] });
    await kept.keep('u-ava', '/api/posts', { posts: ['new'] });
    expect(await kept.find('u-ava', '/api/posts')).toEqual({ data: { posts: ['new'] }, at: 1_002 });
    expect(await kept.size()).toEqual({ pages: 1, bytes: JSON.stringify({ posts: ['new'] }).length });
  });

  it('lets the answer used longest ago go once there are more than the bound allows; showing an answer counts as a use', async () => {
    const { reads: kept, storage } = reads({ pages: 3, bytes: 1_000 });
    for (const page of ['home', 'explore', 'bookmarks']) await kept.keep('u-ava', page, { page });
    // Home shown again: Explore is now the one used longest ago.
    expect(await kept.find('u-ava', 'home')).toBeDefined();
    await kept.keep('u-ava', 'profile', { page: 'profile' });
    expect(await kept.find('u-ava', 'explore')).toBeUndefined();
    for (const page of ['home', 'bookmarks', 'profile']) expect(await kept.find('u-ava', page)).toEqual(expect.objectContaining({ data: { page } }));
    // What was let go is gone from the browser's store too, not only from the list.
    expect([...storage.data.keys()].filter((key) => key.includes('explore'))).toEqual([]);
  });

  it('keeps within the bytes allowed, and never keeps an answer heavier than all of them', async () => {
    const { reads: kept } = reads({ pages: 10, bytes: 100 });
    const weighing = (bytes: number) => 'x'.repeat(bytes - 2);
    await kept.keep('u-ava', 'a', weighing(60));
    await kept.keep('u-ava', 'b', weighing(30));
    await kept.keep('u-ava', 'c', weighing(30));
    expect(await kept.find('u-ava', 'a')).toBeUndefined();
    expect(await kept.size()).toEqual({ pages: 2, bytes: 60 });
    await kept.keep('u-ava', 'huge', weighing(101));
    expect(await kept.find('u-ava', 'huge')).toBeUndefined();
    expect(await kept.size()).toEqual({ pages: 2, bytes: 60 });
  });

  it('forgets every answer, or every one but those of the member who stays', async () => {
    const { reads: kept, storage } = reads({ pages: 10, bytes: 1_000 });
    await kept.keep('u-ava', 'home', 1);
    await kept.keep('u-liam', 'home', 2);
    await kept.forget('u-liam');
    expect(await kept.find('u-ava', 'home')).toBeUndefined();
    expect(await kept.find('u-liam', 'home')).toEqual(expect.objectContaining({ data: 2 }));
    await kept.forget();
    expect(await kept.find('u-liam', 'home')).toBeUndefined();
    expect(storage.data.size).toBe(0);
  });

  it('finds what an earlier page of the app kept in the same store (a restart)', async () => {
    const { reads: before, storage } = reads();
    await before.keep('u-ava', 'home', { posts: [1] });
    const after = createKeptReads({ storage });
    expect(await after.find('u-ava', 'home')).toEqual({ data: { posts: [1] }, at: 1_001 });
  });

  it('keeps changes in the order they were asked, however they interleave', async () => {
    const { reads: kept } = reads({ pages: 50, bytes: 10_000 });
    await Promise.all(Array.from({ length: 20 }, (_, i) => kept.keep('u-ava', `page ${i}`, i)));
    expect(await kept.size()).toEqual({ pages: 20, bytes: 20 + 10 });
  });
});

describe("a visitor's reads", () => {
  it('are found for a member who asks the same, after theirs, and stay when a member logs in', async () => {
    const { reads: kept } = reads({ pages: 10, bytes: 1_000 });
    await kept.keep(VISITOR, '/api/health', { status: 'ok' });
    await kept.keep('u-liam', '/api/posts', 1);
    await kept.forget('u-ava');
    expect(await kept.find('u-ava', '/api/health')).toEqual(expect.objectContaining({ data: { status: 'ok' } }));
    expect(await kept.find('u-ava', '/api/posts')).toBeUndefined();
    await kept.keep('u-ava', '/api/health', { status: 'ok', extensions: ['pages'] });
    expect(await kept.find('u-ava', '/api/health')).toEqual(expect.objectContaining({ data: { status: 'ok', extensions: ['pages'] } }));
    await kept.forget();
    expect(await kept.find('u-ava', '/api/health')).toBeUndefined();
  });
});
