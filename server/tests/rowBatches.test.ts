/**
 * Writes on one hot row are batched in the server (store/sqlStore.ts batchedByRow): a call alone goes
 * at once, calls that arrive while one runs go together in one statement, and one call's failure
 * stays its own. Against a database that records its statements and answers as told, then against
 * PGlite and PostgreSQL.
 */
import { buildDefaultSeed, SEED_USER_IDS, SEED_USERNAMES, seedPostId } from '../../contract/seed/default';
import { CHANGES_CHANNEL } from '../changeFeed';
import type { Row } from '../db/database';
import { EVENTS_KEPT } from '../store/events';
import { CALLS_TOGETHER_MAX, REACT, batchedByRow } from '../store/sqlStore';
import { startTestServer, type TestServer } from '../testing/serverTarget';

interface Statement {
  text: string;
  params: readonly unknown[];
  answer(rows: Row[]): void;
  fail(error: unknown): void;
}

/** A database whose statements wait until the test answers them. */
function heldDatabase() {
  const statements: Statement[] = [];
  return {
    statements,
    query: (text: string, params: readonly unknown[] = []) =>
      new Promise<Row[]>((resolve, reject) => {
        statements.push({ text, params, answer: resolve, fail: reject });
      }) as Promise<never[]>,
  };
}

/** The calls a statement taken together carries, in order. */
function carried(statement: Statement | undefined): unknown[][] {
  return JSON.parse(String(statement?.params[0])) as unknown[][];
}

const settle = () => new Promise((resolve) => setImmediate(resolve));
const call = (member: string) => ['jti', member, member, 0, 'post-1', 'like'];

describe('writes on one row are batched', () => {
  it('sends a call alone at once, as a call of its own', async () => {
    const database = heldDatabase();
    const react = batchedByRow(database, REACT);
    const answer = react('post-1', call('ava'));
    await settle();
    expect(database.statements).toHaveLength(1);
    expect(database.statements[0]?.text).toBe('SELECT refusal, like_count, dislike_count FROM react_in_one_statement($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)');
    expect(database.statements[0]?.params).toEqual(call('ava'));
    database.statements[0]?.answer([{ refusal: null, like_count: 1, dislike_count: 0 }]);
    await expect(answer).resolves.toEqual({ refusal: null, like_count: 1, dislike_count: 0 });
  });

  it('sends the calls that arrive while one runs together, and gives each its own answer', async () => {
    const database = heldDatabase();
    const react = batchedByRow(database, REACT);
    const first = react('post-1', call('ava'));
    const later = ['liam', 'maya', 'noah'].map((member) => react('post-1', call(member)));
    await settle();
    expect(database.statements).toHaveLength(1);
    database.statements[0]?.answer([{ refusal: null, like_count: 1 }]);
    await expect(first).resolves.toEqual({ refusal: null, like_count: 1 });
    await settle();
    expect(database.statements).toHaveLength(2);
    const together = database.statements[1];
    expect(together?.text).toContain('FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS c (call, n), LATERAL react_in_one_statement((c.call ->> 0)::text');
    expect(together?.text).toContain('(c.call ->> 6)::timestamptz');
    expect(carried(together)).toEqual([call('liam'), call('maya'), call('noah')]);
    together?.answer([{ refusal: null, like_count: 2 }, { refusal: 'alreadyLiked', like_count: null }, { refusal: null, like_count: 3 }]);
    expect(await Promise.all(later)).toEqual([{ refusal: null, like_count: 2 }, { refusal: 'alreadyLiked', like_count: null }, { refusal: null, like_count: 3 }]);
  });

  it('does not hold a call on another row', async () => {
    const database = heldDatabase();
    const react = batchedByRow(database, REACT);
    void react('post-1', call('ava'));
    void react('post-2', call('liam'));
    await settle();
    expect(database.statements.map((statement) => statement.params[1])).toEqual(['ava', 'liam']);
  });

  it('runs each call alone when the database refuses the statement taken together: one failure stays its own', async () => {
    const database = heldDatabase();
    const react = batchedByRow(database, REACT);
    const first = react('post-1', call('ava'));
    const later = Promise.allSettled(['liam', 'maya'].map((member) => react('post-1', call(member))));
    await settle();
    database.statements[0]?.answer([{ refusal: null }]);
    await first;
    await settle();
    database.statements[1]?.fail(Object.assign(new Error('invalid input syntax'), { code: '22P02' }));
    await settle();
    expect(database.statements).toHaveLength(3);
    expect(database.statements[2]?.params).toEqual(call('liam'));
    database.statements[2]?.fail(Object.assign(new Error('invalid input syntax'), { code: '22P02' }));
    await settle();
    expect(database.statements).toHaveLength(4);
    expect(database.statements[3]?.params).toEqual(call('maya'));
    database.statements[3]?.answer([{ refusal: null, like_count: 2 }]);
    const [liam, maya] = await later;
    expect(liam).toMatchObject({ status: 'rejected', reason: expect.objectContaining({ message: 'invalid input syntax' }) });
    expect(maya).toEqual({ status: 'fulfilled', value: { refusal: null, like_count: 2 } });
  });

  it('runs the statement taken together again when it lost a race, and none again when the database is out of reach', async () => {
    const database = heldDatabase();
    const react = batchedByRow(database, REACT);
    void react('post-1', call('ava'));
    const later = Promise.allSettled(['liam', 'maya'].map((member) => react('post-1', call(member))));
    await settle();
    database.statements[0]?.answer([{ refusal: null }]);
    await settle();
    database.statements[1]?.fail(Object.assign(new Error('deadlock detected'), { code: '40P01' }));
    await settle();
    expect(database.statements).toHaveLength(3);
    expect(carried(database.statements[2])).toEqual([call('liam'), call('maya')]);
    database.statements[2]?.fail(Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' }));
    expect((await later).map((outcome) => outcome.status === 'rejected' && String(outcome.reason))).toEqual(['Error: Connection terminated unexpectedly', 'Error: Connection terminated unexpectedly']);
    expect(database.statements).toHaveLength(3);
  });

  it('takes no more than it can hold in one statement, and lets the rest go next', async () => {
    const database = heldDatabase();
    const react = batchedByRow(database, REACT);
    void react('post-1', call('ava'));
    const later = Array.from({ length: CALLS_TOGETHER_MAX + 6 }, (_, n) => react('post-1', call(`member-${n}`)));
    await settle();
    database.statements[0]?.answer([{ refusal: null }]);
    await settle();
    expect(carried(database.statements[1])).toHaveLength(CALLS_TOGETHER_MAX);
    database.statements[1]?.answer(Array.from({ length: CALLS_TOGETHER_MAX }, () => ({ refusal: null })));
    await settle();
    expect(carried(database.statements[2])).toEqual(Array.from({ length: 6 }, (_, n) => call(`member-${CALLS_TOGETHER_MAX + n}`)));
    database.statements[2]?.answer(Array.from({ length: 6 }, () => ({ refusal: null })));
    await expect(Promise.all(later)).resolves.toHaveLength(CALLS_TOGETHER_MAX + 6);
  });
});

describe.each(['pglite', 'postgres'] as const)('writes on one row taken together, on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind });
  }, 60_000);
  afterAll(() => server?.close());

  it('runs the calls that waited in one statement, in their order, each seeing the ones before it', async () => {
    await server.store.load(buildDefaultSeed());
    const post = seedPostId(8); // no reactions in the seed; Ava wrote it
    const texts: string[] = [];
    const react = batchedByRow({ query: (text, params) => (texts.push(text), server.database.query(text, params)) }, REACT);
    const at = new Date().toISOString();
    const calls = (['liam', 'maya', 'noah', 'zoe'] as const).map((name) => [
      `jti-${name}`, SEED_USER_IDS[name], SEED_USERNAMES[name], 0, post, 'like', at, `n-${name}`, `like:post:${post}`, 100, EVENTS_KEPT, CHANGES_CHANNEL,
    ]);
    // Maya's second like waits with the others and is refused; the rest count up.
    const rows = await Promise.all([...calls, calls[1] ?? []].map((params) => react(post, params)));
    expect(texts.map((text) => (text.includes('jsonb_array_elements') ? 'together' : 'alone'))).toEqual(['alone', 'together']);
    expect(rows.map((row) => row?.refusal ?? row?.like_count)).toEqual([1, 2, 3, 4, 'alreadyLiked']);
    expect(await server.database.query('SELECT member_id FROM reactions WHERE post_id = $1 ORDER BY seq', [post])).toEqual(
      (['liam', 'maya', 'noah', 'zoe'] as const).map((name) => ({ member_id: SEED_USER_IDS[name] })),
    );
  });
});
