import { DEMO_USER_ID, seedPostId } from '../contract/seed/default';
import { getMockContext, server, withFaults } from './testing/node';
import { asCurl, asFixture, LOG_MAX_ENTRIES, RequestLog, type LogEntry } from './requestLog';
import { call, callAs } from './testing/testSupport';

let log: RequestLog;
let detach: () => void;

beforeEach(() => {
  log = new RequestLog(getMockContext().baseUrl);
  detach = log.attach(server);
  getMockContext().log = log;
});

afterEach(() => {
  detach();
  getMockContext().log = undefined;
});

/** The log once every answer's body has been read into it. */
async function settled(count: number): Promise<readonly LogEntry[]> {
  for (let tries = 0; tries < 50; tries += 1) {
    const entries = log.entries();
    if (entries.length === count && entries.every((entry) => entry.status !== 'pending' && (entry.status === 'failed' || entry.responseBody !== undefined))) return entries;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return log.entries();
}

describe("the stand-in's request log", () => {
  it('keeps each call: method, path with its query, route, status, time and both bodies', async () => {
    await call('GET', '/posts?limit=2');
    const postId = seedPostId(4);
    await callAs(DEMO_USER_ID, 'POST', `/users/bookmark/${postId}`);
    const [list, bookmark] = await settled(2);

    expect(list).toMatchObject({ method: 'GET', path: '/posts?limit=2', route: 'GET /posts', status: 200 });
    expect(list!.durationMs).toBeGreaterThanOrEqual(0);
    expect(JSON.parse(list!.responseBody!)).toHaveProperty('posts');
    expect(list!.requestBody).toBeUndefined();
    expect(bookmark).toMatchObject({ method: 'POST', path: `/users/bookmark/${postId}`, route: 'POST /users/bookmark/:postId', status: 201 });
  });

  it('says which fault a call met, and a network failure as one', async () => {
    withFaults([{ route: 'GET /posts', answer: 503, times: 'once' }, { route: 'GET /users', answer: 'network-failure' }]);
    await call('GET', '/posts');
    await call('GET', '/posts');
    await expect(fetch('http://localhost/api/users')).rejects.toThrow(TypeError);
    const [faulted, normal, failed] = await settled(3);
    expect(faulted).toMatchObject({ status: 503, fault: 'GET /posts: 503, the next call' });
    expect(normal).toMatchObject({ status: 200 });
    expect(normal!.fault).toBeUndefined();
    expect(failed).toMatchObject({ status: 'failed', fault: 'GET /users: network failure, every call' });
  });

  it('keeps nothing while off, and forgets on clear', async () => {
    log.setEnabled(false);
    await call('GET', '/health');
    expect(log.entries()).toEqual([]);
    log.setEnabled(true);
    await call('GET', '/health');
    expect(await settled(1)).toHaveLength(1);
    log.clear();
    expect(log.entries()).toEqual([]);
  });

  it(`keeps the last ${LOG_MAX_ENTRIES} calls`, async () => {
    for (let index = 0; index < LOG_MAX_ENTRIES + 5; index += 1) await call('GET', `/health?n=${index}`);
    const entries = log.entries();
    expect(entries).toHaveLength(LOG_MAX_ENTRIES);
    expect(entries[0]!.path).toBe('/health?n=5');
  });
});

describe('a call copied', () => {
  const entry: LogEntry = {
    id: '1', at: 0, method: 'POST', path: '/posts/edit/p-1', route: 'POST /posts/edit/:postId', status: 400,
    requestBody: '{"postData":{"content":"It\'s here"}}', responseBody: '{"errors":["Nope"],"code":"invalid_body"}',
  };

  it('as curl, its body quoted for a shell', () => {
    expect(asCurl(entry, 'http://localhost:3000/api')).toBe(
      `curl -i -X POST 'http://localhost:3000/api/posts/edit/p-1' -H 'content-type: application/json' --data-raw '{"postData":{"content":"It'\\''s here"}}'`,
    );
  });

  it("as a test's handler: its route, status and answer", () => {
    expect(asFixture(entry)).toBe('http.post(`${API}/posts/edit/:postId`, () => HttpResponse.json({\n  "errors": [\n    "Nope"\n  ],\n  "code": "invalid_body"\n}, { status: 400 }))');
    expect(asFixture({ ...entry, status: 'failed' })).toBe('http.post(`${API}/posts/edit/:postId`, () => HttpResponse.error())');
  });
});
