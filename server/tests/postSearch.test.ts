/**
 * Post search's two readings of a text: the stand-in's (contract/search.ts `searchForm`) and
 * PostgreSQL's (`post_search_text`, migration 0025), which the trigram index holds. They must agree,
 * or a backend would find what the other does not. And a search is looked up by that index.
 */
import { searchForm } from '../../contract/search';
import { openPostgres, type Database } from '../db/database';
import { migrate } from '../db/migrate';
import { usingDatabase, usingTestDatabase } from '../testing/database';
import { newPglite } from '../testing/pgliteTemplate';

/** Texts in the languages members write, with accents, ligatures, capitals and marks of every kind. */
const TEXTS = [
  'Café au lait', 'CRÈME BRÛLÉE', 'naïve Zoë', 'Łódź Kraków Gdańsk Żółć', 'Straße GROSS', 'İstanbul ılık',
  'São Paulo, ação', 'Ærøskøbing', 'ﬁne ligature', 'Ｆｕｌｌ ｗｉｄｔｈ', 'Ελληνικά ΆΈΉ', 'Русский ЁЖ Й',
  'العربية مُشكَّلة', '日本語のテキスト', 'emoji 🎉 party', 'n\u0303 combining', '50%off snake_case back\\slash',
];

async function formsIn(database: Database): Promise<string[]> {
  const rows = await database.query<{ form: string }>('SELECT post_search_text(t) AS form FROM unnest($1::text[]) WITH ORDINALITY AS x(t, n) ORDER BY n', [TEXTS]);
  return rows.map((row) => row.form);
}

describe('post search: a text in its search form', () => {
  it('is the same on PGlite as in the stand-in', async () => {
    await usingDatabase(newPglite({ migrated: true }), async (database) => {
      await migrate(database);
      expect(await formsIn(database)).toEqual(TEXTS.map(searchForm));
    });
  });

  it('is the same on PostgreSQL as in the stand-in, and a search uses the trigram index', () =>
    usingTestDatabase(async (url) => {
      await usingDatabase(openPostgres({ connectionString: url }), async (database) => {
        await migrate(database);
        expect(await formsIn(database)).toEqual(TEXTS.map(searchForm));
        await database.query('SET enable_seqscan = off');
        const plan = await database.query<{ 'QUERY PLAN': string }>("EXPLAIN SELECT id FROM posts WHERE search_text LIKE '%lantern%'");
        expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain('posts_search');
      });
    }));
});
