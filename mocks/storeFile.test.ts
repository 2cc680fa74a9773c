import { buildDefaultSeed } from '../contract/seed/default';
import { createMemoryDb } from './memoryStore';
import { readStoreFile, StoreFileError, storeFileText } from './storeFile';

describe("the stand-in's store as a file", () => {
  it('reads back what it wrote, deep-equal, and loads into a store that gives it back the same', () => {
    const seed = buildDefaultSeed();
    const read = readStoreFile(storeFileText(seed));
    expect(read).toEqual(seed);
    expect(createMemoryDb(read).snapshot()).toEqual(createMemoryDb(seed).snapshot());
  });

  it('refuses a file that is not JSON', () => {
    expect(() => readStoreFile('{"version": 2, users: [')).toThrow(new StoreFileError('The file is not JSON: export a store from the workbench to see what one looks like.'));
  });

  it('refuses a field the schema does not allow, naming where it is and what was expected', () => {
    const seed = buildDefaultSeed();
    const broken = { ...seed, posts: seed.posts.map((post, index) => (index === 3 ? { ...post, likedBy: 'everyone' } : post)) };
    expect(() => readStoreFile(JSON.stringify(broken))).toThrow(/^The file's \/posts\/3\/likedBy is "everyone": expected array\.$/);
    expect(() => readStoreFile(JSON.stringify({ ...seed, version: 1 }))).toThrow(/^The file's \/version is 1: expected 2\.$/);
    expect(() => readStoreFile(JSON.stringify({ version: 2, posts: [] }))).toThrow(/^The file's \/users is missing/);
  });

  it('refuses a store whose records do not hold together, saying which rule broke', () => {
    const seed = buildDefaultSeed();
    const broken = { ...seed, posts: seed.posts.map((post, index) => (index === 0 ? { ...post, likedBy: [...post.likedBy, 'u-nobody'] } : post)) };
    expect(() => readStoreFile(JSON.stringify(broken))).toThrow(/^The store in the file does not hold together: .*u-nobody/);
  });
});
