/**
 * `npm run compare`: the stand-in held to the server's answers on the contract's sample calls, here
 * against the embedded server (PGlite), and the comparison shown to find what it should.
 */
import { compareBackends, serverBackend, shapeDifferences, shapeOf, type Backend } from '../../mocks/compare';
import { startTestServer, type TestServer } from '../testing/serverTarget';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ kind: 'pglite' });
});

afterAll(async () => {
  await server.close();
});

describe('npm run compare', () => {
  it('finds no difference between the stand-in and the server on any sample call', async () => {
    const { calls, differences } = await compareBackends(serverBackend(server.baseUrl));
    expect(calls).toBeGreaterThan(20);
    expect(differences).toEqual([]);
  });

  it('lists a status and a field the server answers differently', async () => {
    const real = serverBackend(server.baseUrl);
    // A server that has drifted: its likes answer 200, its posts lost their ids, and it lists an
    // extension the stand-in does not have.
    const drifted: Backend = async (path, init) => {
      const answer = await real(path, init);
      if (path === '/health') {
        const health = await answer.json() as { extensions: string[] };
        return Response.json({ ...health, extensions: [...health.extensions, 'time-travel'] });
      }
      if (path.startsWith('/posts/like/') && answer.status === 201) return new Response(await answer.text(), { status: 200, headers: answer.headers });
      if (init.method === 'GET' && /^\/posts\/[^/]+$/.test(path) && answer.ok) {
        const { post } = await answer.json() as { post: Record<string, unknown> };
        delete post.id;
        return Response.json({ post });
      }
      return answer;
    };
    const { differences } = await compareBackends(drifted);
    expect(differences).toEqual([
      { call: 'GET /posts/:postId (the post)', what: 'post.id: the stand-in sends it, the server does not' },
      { call: 'POST /posts/like/:postId (a like)', what: 'status 201 on the stand-in, 200 on the server' },
      { call: 'GET /health (health)', what: 'the extension "time-travel": the server has it, the stand-in does not' },
    ]);
  });
});

describe('the shape of an answer', () => {
  it('is its fields and their types, not their values; null matches anything, an empty list any list', () => {
    expect(shapeDifferences(shapeOf({ a: 1, b: 'x', c: [{ d: true }] }), shapeOf({ c: [{ d: false }], b: 'y', a: 2 }))).toEqual([]);
    expect(shapeDifferences(shapeOf({ next: null, items: [] }), shapeOf({ next: 'c2', items: [{ id: 'p' }] }))).toEqual([]);
    expect(shapeDifferences(shapeOf({ count: 1, items: [{ id: 'p' }] }), shapeOf({ count: '1', items: [{ id: 7 }] }))).toEqual([
      'count: number on the stand-in, string on the server',
      'items[0].id: string on the stand-in, number on the server',
    ]);
  });
});
