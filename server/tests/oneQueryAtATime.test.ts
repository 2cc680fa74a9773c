/**
 * A connection runs one statement at a time: node-postgres queues a second one sent before the
 * first has answered, warns that it will refuse it from pg@9, and the call's reads then wait on
 * each other anyway. The rules read one after another in a session or a transaction; here the
 * moderators' queue, whose every entry reads its member's history, on PostgreSQL.
 */
import pg from 'pg';
import type { LoginResponse, ModerationQueue } from '../../contract/api';
import { buildDefaultSeed, DEMO_CREDENTIALS, SEED_USER_IDS } from '../../contract/seed/default';
import { startTestServer, type TestServer } from '../testing/serverTarget';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ kind: 'postgres' });
}, 60_000);
afterAll(() => server.close());

async function tokenOf(username: string): Promise<string> {
  const login = await fetch(`${server.baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: DEMO_CREDENTIALS.password }) });
  return ((await login.json()) as LoginResponse).encodedToken;
}

/** Every time a connection was sent a statement while another of its own was still under way. */
function watchOverlaps(): { overlaps: string[]; stop: () => void } {
  const running = new WeakMap<pg.Client, number>();
  const overlaps: string[] = [];
  const original = pg.Client.prototype.query;
  const spy = jest.spyOn(pg.Client.prototype, 'query').mockImplementation(function query(this: pg.Client, ...args: unknown[]) {
    const under = running.get(this) ?? 0;
    if (under > 0) overlaps.push(String(typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string }).text).replace(/\s+/g, ' ').slice(0, 80));
    running.set(this, under + 1);
    const done = () => running.set(this, (running.get(this) ?? 1) - 1);
    const result = (original as (...given: unknown[]) => unknown).apply(this, args);
    if (result instanceof Promise) return result.finally(done);
    done();
    return result;
  } as typeof pg.Client.prototype.query);
  return { overlaps, stop: () => spy.mockRestore() };
}

it("reads the moderators' queue, each entry with its member's history, one statement at a time on its connection", async () => {
  await server.store.load(buildDefaultSeed());
  await server.store.transaction((tx) => tx.setRole(SEED_USER_IDS.maya, 'moderator'));
  for (const [reporter, about] of [['zoe_martin', { member: SEED_USER_IDS.liam }], ['noah_kim', { member: SEED_USER_IDS.zoe }]] as const) {
    const reported = await fetch(`${server.baseUrl}/api/reports`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: await tokenOf(reporter) }, body: JSON.stringify({ about, reason: 'spam' }),
    });
    expect(reported.status).toBe(201);
  }
  const token = await tokenOf('maya_patel');
  const watch = watchOverlaps();
  try {
    const answer = await fetch(`${server.baseUrl}/api/moderation/reports?status=open`, { headers: { authorization: token } });
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as ModerationQueue).entries.map((entry) => entry.member?.username)).toEqual(['zoe_martin', 'liam_chen']);
  } finally {
    watch.stop();
  }
  expect(watch.overlaps).toEqual([]);
});
