/**
 * A read replica lost under a read (server/app.ts): the read is asked again of the primary, so its
 * reader gets the answer rather than a 503; a fault that is not the replica's connection (a bad
 * statement) is not hidden by asking again. The replica here stands in for one on the same data,
 * then fails as a stopped PostgreSQL fails the statements in flight on it.
 */
import type { PostsResponse } from '../../contract/api';
import type { Database } from '../db/database';
import type { ReadReplicas } from '../readReplicas';
import { seededWithDemoToken, startTestServer, type TestServer } from '../testing/serverTarget';

jest.setTimeout(60_000);

/** How the replica answers now. */
type Mode = 'answers' | 'stopped' | 'faulty';

/** An error as node-postgres reports it, with PostgreSQL's SQLSTATE. */
function sqlError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

/** A replica on `primary`'s data that answers, or fails every statement as `mode()` says. */
function standInReplica(primary: () => Database, mode: () => Mode, used: { reads: number }): ReadReplicas {
  const failure = (): Error | undefined => {
    if (mode() === 'stopped') return sqlError('57P01', 'terminating connection due to administrator command');
    if (mode() === 'faulty') return sqlError('42P01', 'relation "posts" does not exist');
    return undefined;
  };
  const database: Database = {
    kind: 'postgres',
    async query(text, params) {
      used.reads += 1;
      const error = failure();
      if (error) throw error;
      return primary().query(text, params);
    },
    async exec() {
      throw new Error('A replica runs no migration.');
    },
    async transaction(work, options) {
      used.reads += 1;
      const error = failure();
      if (error) throw error;
      return primary().transaction(work, options);
    },
    async session(work) {
      used.reads += 1;
      const error = failure();
      if (error) throw error;
      return primary().session(work);
    },
    async close() {},
  };
  return {
    pick: () => ({ database, name: '127.0.0.1:5433/socialconnect', version: Number.MAX_SAFE_INTEGER }),
    states: () => [],
    reportTo: () => undefined,
    close: async () => undefined,
  };
}

let server: TestServer;
let token: string;
let mode: Mode = 'answers';
const used = { reads: 0 };

beforeAll(async () => {
  server = await startTestServer({ kind: 'pglite', replicas: standInReplica(() => server.database, () => mode, used) });
  token = await seededWithDemoToken(server);
}, 60_000);

afterAll(async () => {
  await server?.close();
});

/** The demo member's Home (a member's read: never a kept answer). */
async function readPosts(): Promise<Response> {
  return fetch(`${server.baseUrl}/api/posts`, { headers: { authorization: token } });
}

it('reads from the replica while it answers', async () => {
  mode = 'answers';
  const before = used.reads;
  const answer = await readPosts();
  expect(answer.status).toBe(200);
  expect(used.reads).toBeGreaterThan(before);
});

it('answers a read whose replica stopped under it from the primary: the same posts, no 503', async () => {
  mode = 'answers';
  const fromReplica = (await (await readPosts()).json()) as PostsResponse;
  mode = 'stopped';
  const before = used.reads;
  const answer = await readPosts();
  expect(answer.status).toBe(200);
  // The replica was asked, and failed; the primary answered.
  expect(used.reads).toBeGreaterThan(before);
  expect(((await answer.json()) as PostsResponse).posts.map((post) => post.id)).toEqual(fromReplica.posts.map((post) => post.id));
  expect(answer.headers.get('x-network-version')).toMatch(/^\d+$/);
});

it('does not hide a fault that is not the connection: the read fails as a fault (500)', async () => {
  mode = 'faulty';
  const answer = await readPosts();
  expect(answer.status).toBe(500);
  expect(await answer.json()).toMatchObject({ errors: [expect.any(String)] });
});
