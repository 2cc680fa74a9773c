/**
 * A network of 100,000 posts for post search's bench, written by SQL where it stands: 1,000 members
 * with 100 posts each, one every five minutes over the year before now. Each text is a common word
 * (one of 50: each in about 3% of posts, with a second one in half of them), four to eight words of
 * a 2,000-word vocabulary (each in about 0.3% of posts), a tag in one post of 25, and an accented
 * word in one of 40: searches then find from none to thousands of posts, as members' do.
 */
import type { Database } from '../../server/db/database';
import { parsePostSearch } from '../../contract/search';
import { addMembers, explainSent } from './millionPosts';

export const SEARCH_MEMBERS = 1_000;
export const SEARCH_POSTS = 100_000;

export const COMMON_WORDS = [
  'morning', 'river', 'coffee', 'garden', 'market', 'sunset', 'winter', 'harbour', 'station', 'library',
  'mountain', 'forest', 'kitchen', 'bicycle', 'concert', 'weekend', 'village', 'island', 'bridge', 'meadow',
  'lantern', 'festival', 'painting', 'journey', 'thunder', 'orchard', 'chapter', 'harvest', 'blossom', 'compass',
  'timber', 'velvet', 'pebble', 'canyon', 'glacier', 'meadowlark', 'saffron', 'cobalt', 'ember', 'falcon',
  'horizon', 'juniper', 'marble', 'nectar', 'quarry', 'ripple', 'sparrow', 'tundra', 'willow', 'zephyr',
];

const SYLLABLES = ['ka', 'lo', 'ri', 'mun', 'sel', 'tor', 'va', 'ne', 'quo', 'bri', 'dal', 'fen', 'gu', 'hil', 'jor', 'pa', 'zen', 'wy', 'ost', 'ur'];

/** 2,000 made-up words of two or three syllables ("kalo", "rimunsel"), each its own. */
export const VOCABULARY = (() => {
  const words = new Set<string>();
  for (let n = 0; words.size < 2_000; n += 1) {
    const a = SYLLABLES[n % 20] ?? '';
    const b = SYLLABLES[Math.floor(n / 20) % 20] ?? '';
    const c = n >= 400 ? SYLLABLES[Math.floor(n / 400) % 20] ?? '' : '';
    words.add(`${a}${b}${c}`);
  }
  return [...words];
})();

/** Adds the members and their posts, the tag rows of the tagged ones, then vacuums and analyses. */
export async function growForSearch(database: Database): Promise<{ seconds: number }> {
  const started = performance.now();
  await addMembers(database, 'search', SEARCH_MEMBERS);
  // Each choice by a hash of the post's number and the choice's own number: no choice follows another.
  const pick = (choice: string, of: number) => `((hashint8(n::bigint * 64 + ${choice}) & 2147483647) % ${of})::int`;
  await database.query(
    `INSERT INTO posts (id, author_id, content, created_at, updated_at)
     SELECT 'p-search-' || lpad(n::text, 6, '0'), 'u-search-' || (1 + n % $2::int),
            initcap(($3::text[])[1 + ${pick('1', 50)}]) || ' ' ||
            array_to_string(ARRAY(SELECT ($4::text[])[1 + ${pick('10 + k', 2000)}] FROM generate_series(1, 4 + ${pick('2', 5)}) AS k), ' ') ||
            CASE WHEN ${pick('3', 2)} = 0 THEN ' ' || ($3::text[])[1 + ${pick('4', 50)}] ELSE '' END ||
            CASE WHEN ${pick('5', 25)} = 0 THEN ' #hiking' ELSE '' END ||
            CASE WHEN ${pick('6', 40)} = 0 THEN ' au café' ELSE '' END,
            now() - n * interval '5 minutes', now() - n * interval '5 minutes'
     FROM generate_series(1, $1::int) AS n`,
    [SEARCH_POSTS, SEARCH_MEMBERS, COMMON_WORDS, VOCABULARY],
  );
  await database.query(`INSERT INTO post_tags (post_id, tag, created_at)
    SELECT id, 'hiking', created_at FROM posts WHERE id LIKE 'p-search-%' AND content LIKE '%#hiking'`);
  await database.query('VACUUM ANALYZE');
  return { seconds: (performance.now() - started) / 1000 };
}

/** The searches the bench's readers make: from nothing found to thousands of posts. */
export const SEARCHES: ReadonlyArray<{ what: string; q: string }> = [
  { what: 'a common word (~3% of posts)', q: 'harbour' },
  { what: 'a rare word (~0.3%)', q: VOCABULARY[1_234] ?? 'kalo' },
  { what: 'part of a word', q: (VOCABULARY[777] ?? 'kalo').slice(0, 4) },
  { what: 'two common words', q: 'coffee morning' },
  { what: 'a word found nowhere', q: 'zzyzxq' },
  { what: 'a #tag and a word', q: '#hiking forest' },
  { what: 'an author and a common word', q: 'from:search_7 river' },
  { what: 'accents ignored', q: 'CAFE' },
];

/** The plan of one search's first page, as the server's store sends it (explainSent). */
export async function explainSearch(database: Database, q: string, viewerId: string): Promise<string> {
  const { words, tags, from } = parsePostSearch(q);
  const plan = await explainSent(database, async (reader) => {
    const author = from === null ? undefined : await reader.memberByUsername(from);
    return reader.postPage({ kind: 'search', words, tags, ...(author ? { authorId: author.id } : {}), viewerId }, 'latest', { limit: 20 });
  }, (text) => text.includes('search_text') || text.includes('post_tags'), `a search for ${q}`);
  return `-- ${q}\n${plan}`;
}
