import { buildDefaultSeed } from '../contract/seed/default';
import { readScenarioFile } from './scenarioFile';
import { StoreFileError } from './storeFile';

const LIKE = 'POST /posts/like/:postId';

describe('a QA scenario file', () => {
  it('holds a name and, each if wanted, a base, a seed, faults and a clock', () => {
    const seed = buildDefaultSeed();
    const file = readScenarioFile(JSON.stringify({
      $schema: '../docs/qa-scenario.schema.json',
      name: 'likes-fail-on-empty',
      description: 'An empty network where every like fails.',
      base: 'empty',
      seed,
      faults: [{ route: LIKE, answer: 503 }],
      clock: '2025-06-01T12:00:00Z',
    }));
    expect(file).toEqual({
      name: 'likes-fail-on-empty',
      description: 'An empty network where every like fails.',
      base: 'empty',
      seed,
      faults: [{ route: LIKE, answer: 503 }],
      clock: { frozenAt: '2025-06-01T12:00:00.000Z' },
    });
    // The least a file says: its name; the rest is the default scenario as it is.
    expect(readScenarioFile('{"name":"plain"}')).toEqual({ name: 'plain', base: 'default', faults: [], clock: null });
  });

  it('is refused, saying what and where, when a part does not hold', () => {
    const refusal = (value: unknown) => {
      try {
        readScenarioFile(typeof value === 'string' ? value : JSON.stringify(value));
      } catch (error) {
        expect(error).toBeInstanceOf(StoreFileError);
        return (error as Error).message;
      }
      throw new Error('The file was taken.');
    };
    expect(refusal('{"name":')).toBe('The file is not JSON: a QA scenario file: docs/qa-scenario.schema.json says what one holds.');
    expect(refusal({})).toMatch(/^The file's \/name is missing: expected required property/);
    expect(refusal({ name: 'Likes Fail' })).toMatch(/^The file's \/name is "Likes Fail": expected string to match '\^\[a-z0-9\]/);
    expect(refusal({ name: 'x', base: 'bussy' })).toMatch(/^The file's \/base is "bussy"/);
    expect(refusal({ name: 'x', seeds: [] })).toMatch(/^The file's \/seeds is \[\]: /);
    expect(refusal({ name: 'x', faults: [{ route: 'POST /posts/love/:postId', answer: 503 }] })).toMatch(/^The file's faults\[0\]\.route is "POST \/posts\/love\/:postId"; it accepts a route of the contract's table/);
    expect(refusal({ name: 'x', faults: [{ route: LIKE, answer: 418 }] })).toMatch(/^The file's faults\[0\]\.answer is 418; it accepts one of the statuses/);
    expect(refusal({ name: 'x', clock: 'tomorrow' })).toMatch(/^The file's clock is "tomorrow"; it accepts an instant/);
    const broken = buildDefaultSeed();
    broken.posts[0]!.likedBy = ['nobody-at-all'];
    expect(refusal({ name: 'x', seed: broken })).toMatch(/^The store in the file does not hold together: /);
  });
});
