/**
 * The live stream where only a server can fail (contract/stream.ts; the contract suite has the rest):
 * events across two processes on one PostgreSQL, a server restarted under its streams, PostgreSQL
 * restarted under them, and a reader that stops reading.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { SEED_USER_IDS, seedPostId } from '../../contract/seed/default';
import { buildDefaultSeed } from '../../contract/seed/default';
import { openStream, type TestStream } from '../../contract/tests/streams';
import { errorBody } from '../../contract/errors';
import { UNSENT_STREAM_BYTES_MAX } from '../app';
import { openPostgres } from '../db/database';
import { startCluster, type Cluster } from '../testing/postgresCluster';
import { createTestDatabase, startTestServer, type TestServer } from '../testing/serverTarget';
import { until } from '../testing/until';
import { newPglite } from '../testing/pgliteTemplate';
import { commitEvents, eventReads, NO_EVENT } from '../store/events';

jest.setTimeout(120_000);

/** Noah's bicycle path: nobody likes it yet. */
const post = seedPostId(8);

function tokenOn(server: TestServer, username: keyof typeof SEED_USER_IDS, usernameText: string): Promise<string> {
  return server.ctx.tokens.sign({ id: SEED_USER_IDS[username], username: usernameText, sessionVersion: 0 });
}

async function like(server: TestServer, token: string, postId = post): Promise<number> {
  return (await fetch(`${server.baseUrl}/api/posts/like/${postId}`, { method: 'POST', headers: { authorization: token } })).status;
}

let streams: TestStream[] = [];
afterEach(() => {
  streams.forEach((stream) => stream.close());
  streams = [];
});

async function streamOn(server: TestServer, token: string, lastEventId?: string): Promise<TestStream> {
  const stream = await openStream(token, lastEventId, `${server.baseUrl}/api`);
  streams.push(stream);
  return stream;
}

describe('the kept events', () => {
  it('keep a version that told nothing, from SQL as from the server, so a reconnect reads past it; a load leaves a gap', async () => {
    const database = await newPglite({ migrated: true });
    try {
      const liked = { type: 'post-reacted', postId: post, memberId: SEED_USER_IDS.liam, reaction: 'like', likeCount: 1, dislikeCount: 0 } as const;
      const events = eventReads(database);
      const start = await events.lastEventId();
      await database.transaction((sql) => commitEvents(sql, [liked]));
      // A write without events, by the server's writer and by the one-statement writes' function.
      await database.transaction((sql) => commitEvents(sql, []));
      await database.transaction((sql) => sql.query("SELECT commit_events('[]'::jsonb, 10000, 'kept_events_test')"));
      await database.transaction((sql) => commitEvents(sql, [{ ...liked, likeCount: 2 }]));
      const rows = await database.query('SELECT id, type FROM events WHERE id > $1 ORDER BY id', [start]);
      expect(rows.map((row) => [Number(row.id) - start, row.type])).toEqual([[1, 'post-reacted'], [2, NO_EVENT], [3, NO_EVENT], [4, 'post-reacted']]);
      const missed = await events.eventsAfter(start);
      expect(missed === 'reset' ? missed : missed.map((event) => [event.id - start, event.type])).toEqual([[1, 'post-reacted'], [4, 'post-reacted']]);

      const loaded = await database.transaction((sql) => commitEvents(sql, [], { resets: true }));
      expect(loaded).toEqual({ version: start + 5, events: [], reset: true });
      expect(await events.eventsAfter(start + 4)).toBe('reset');
    } finally {
      await database.close();
    }
  });
});

describe('STREAMS_PER_SESSION', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind: 'pglite', streamsPerSession: 2 });
    await server.store.load(buildDefaultSeed());
  });
  afterAll(() => server?.close());

  it('caps the streams of one session at the setting, with 429 in the error shape, and gives a place back when a stream ends', async () => {
    const token = await tokenOn(server, 'ava', 'demo_user');
    const [first] = [await streamOn(server, token), await streamOn(server, token)];
    const refused = await fetch(`${server.baseUrl}/api/events`, { headers: { authorization: token } });
    expect({ status: refused.status, body: await refused.json() }).toEqual({ status: 429, body: errorBody('tooManyStreams') });
    first!.close();
    await until(async () => {
      const answer = await fetch(`${server.baseUrl}/api/events`, { headers: { authorization: token } });
      await answer.body?.cancel();
      return answer.status === 200;
    }, 'the place of the stream that ended', 5_000);
  });
});

describe('two server processes on one PostgreSQL', () => {
  let database: { url: string; drop(): Promise<void> };
  let first: TestServer;
  let second: TestServer;
  beforeAll(async () => {
    database = await createTestDatabase({ migrated: true });
    first = await startTestServer({ kind: 'postgres', databaseUrl: database.url });
    // The seed is loaded before the second process listens: a load resets every stream that hears
    // it, and heard late (a busy machine) it would reach a stream the first test has already opened.
    await first.store.load(buildDefaultSeed());
    second = await startTestServer({ kind: 'postgres', databaseUrl: database.url });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.drop();
  });

  it("carry a like made on one to the other's streams, in commit order", async () => {
    // Noah's stream: the likes of his post, and his notification of Liam's.
    const watching = await streamOn(second, await tokenOn(second, 'noah', 'noah_kim'));
    expect(await like(first, await tokenOn(first, 'liam', 'liam_chen'))).toBe(201);
    expect(await like(second, await tokenOn(second, 'noah', 'noah_kim'))).toBe(201);
    const [liam, told, noah] = await watching.until(3);
    expect([liam?.data.memberId, told?.type, noah?.data.memberId]).toEqual([SEED_USER_IDS.liam, 'notifications-changed', SEED_USER_IDS.noah]);
    expect([told?.id, noah?.id]).toEqual([(liam?.id ?? 0) + 1, (liam?.id ?? 0) + 2]);
    expect(noah?.data).toMatchObject({ likeCount: 2 });
  });

  it('reads what a reconnecting client missed while writes commit meanwhile, never a reset', async () => {
    // Ava (whose reactions to the path no other test here uses) likes and dislikes it on the other
    // process, without a pause.
    const ava = await tokenOn(second, 'ava', 'demo_user');
    let writing = true;
    let writes = 0;
    const write = async (): Promise<void> => {
      for (let liked = false; writing; liked = !liked) {
        const status = (await fetch(`${second.baseUrl}/api/posts/${liked ? 'dislike' : 'like'}/${post}`, { method: 'POST', headers: { authorization: ava } })).status;
        if (status !== 201) throw new Error(`a like answered ${status}`);
        writes += 1;
      }
    };
    const writing$ = write();
    const resets: number[] = [];
    try {
      await until(() => writes >= 5, 'the first likes', 10_000);
      for (let i = 0; i < 300; i += 1) {
        const last = await first.store.read((reader) => reader.lastEventId());
        const missed = await first.store.read((reader) => reader.eventsAfter(last - 2));
        if (missed === 'reset') resets.push(last);
        else expect(missed.slice(0, 2).map((event) => event.id)).toEqual([last - 1, last]);
      }
    } finally {
      writing = false;
      await writing$;
    }
    expect({ writes: writes > 20, resets }).toEqual({ writes: true, resets: [] });
  });

  it('give a client what it missed while its server restarted, once, when it reconnects', async () => {
    const token = await tokenOn(first, 'noah', 'noah_kim');
    const before = await streamOn(first, token);
    expect(await like(second, await tokenOn(second, 'zoe', 'zoe_martin'))).toBe(201);
    const [, seen] = await before.until(2);
    // The server closes (as on SIGTERM): its streams end.
    await first.close();
    await before.whenEnded();
    expect(await like(second, await tokenOn(second, 'maya', 'maya_patel'))).toBe(201);
    first = await startTestServer({ kind: 'postgres', databaseUrl: database.url });

    const after = await streamOn(first, await tokenOn(first, 'noah', 'noah_kim'), String(seen?.id));
    const missed = await after.until(2);
    expect(missed).toMatchObject([
      { id: (seen?.id ?? 0) + 1, type: 'post-reacted', data: { memberId: SEED_USER_IDS.maya } },
      { id: (seen?.id ?? 0) + 2, type: 'notifications-changed', data: { memberId: SEED_USER_IDS.noah } },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(after.received).toHaveLength(2);
  });
});

describe('PostgreSQL restarted under open streams', () => {
  let cluster: Cluster;
  let server: TestServer;
  beforeAll(async () => {
    cluster = await startCluster();
    const admin = await openPostgres({ connectionString: cluster.url, max: 1 });
    await admin.query('CREATE DATABASE restarted');
    await admin.close();
    server = await startTestServer({ kind: 'postgres', databaseUrl: cluster.url.replace(/\/postgres$/, '/restarted') });
    await server.store.load(buildDefaultSeed());
  });
  afterAll(async () => {
    await server?.close();
    cluster?.stop();
  });

  it('tells every stream to load again once the database is back, and carries on', async () => {
    const stream = await streamOn(server, await tokenOn(server, 'ava', 'demo_user'));
    cluster.crash();
    await cluster.restart();
    const [reset] = await stream.until(1, 15_000);
    expect(reset?.type).toBe('reset');
    // Calls answer again within moments of the database's return, and the stream goes on.
    const token = await tokenOn(server, 'liam', 'liam_chen');
    await until(async () => (await like(server, token)) === 201, 'a like after the database came back', 10_000);
    const [, liked] = await stream.until(2);
    expect(liked).toMatchObject({ type: 'post-reacted', id: (reset?.id ?? 0) + 1 });
  });
});

describe('a reader that stops reading', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind: 'pglite' });
    await server.store.load(buildDefaultSeed());
  });
  afterAll(async () => {
    await server?.close();
  });

  it('is dropped once it is too far behind, with what it holds bounded; the readers that read go on', async () => {
    const token = await tokenOn(server, 'ava', 'demo_user');
    const reading = await streamOn(server, token);
    // The server's end of the stuck client's connection: what it holds unsent is the server's memory.
    const serverSide = new Promise<Socket>((resolve) => server.app.server.once('connection', resolve));
    // A client that opens the stream and never reads a byte of it.
    const stuck = httpRequest(`${server.baseUrl}/api/events`, { headers: { authorization: token, accept: 'text/event-stream' } }, (response: IncomingMessage) => {
      response.pause();
      response.socket.pause();
    });
    stuck.on('error', () => undefined);
    stuck.end();
    const socket = await serverSide;
    let gone = false;
    socket.once('close', () => {
      gone = true;
    });
    await until(() => socket.bytesWritten > 0, 'the stuck stream has opened', 10_000);

    // Floods every stream with new posts, as a busy network would, through the channel every write
    // takes: batches of events as large as one notification may carry, until the server lets go.
    const [state] = await server.database.query('SELECT version FROM network_state');
    let version = Number(state?.version);
    let mostHeld = 0;
    let batches = 0;
    for (; batches < 3_000 && !gone; batches += 1) {
      const events = Array.from({ length: 40 }, () => {
        version += 1;
        return { id: version, type: 'post-created', postId: `flood-${version}-${'x'.repeat(80)}`, authorId: SEED_USER_IDS.liam };
      });
      await server.database.query('SELECT pg_notify($1, $2)', ['socialconnect_changes', JSON.stringify({ version, events })]);
      mostHeld = Math.max(mostHeld, socket.writableLength);
      if (batches % 20 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    expect(gone).toBe(true);
    // Never more than the bound and one notification's worth held for it.
    expect(mostHeld).toBeLessThanOrEqual(UNSENT_STREAM_BYTES_MAX + 8_000);
    // The reader that reads got what was sent, in order, and is still open.
    await reading.until(100);
    const ids = reading.received.slice(0, 100).map((event) => event.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(reading.ended()).toBe(false);
    stuck.destroy();
  });
});
