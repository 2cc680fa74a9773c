/**
 * Bodies and headers that arrive slowly or without end, and connections left idle: a chunked body is
 * cut off at its limit while it streams, clients that trickle their headers are answered 408 once
 * the header time is up, while everyone else is served, and a kept-alive connection reused at the
 * end of its announced time, or after the server was held up past its time, is answered. (The normal client's latency beside 100 of them is measured
 * by `npm run bench:server`, not here.)
 */
import { request } from 'node:http';
import { connect } from 'node:net';
import { buildDefaultSeed } from '../../contract/seed/default';
import { KEEP_ALIVE_GRACE_MS } from '../app';
import { startTestServer, type TestServer } from '../testing/serverTarget';
import { slowClients } from '../testing/slowClients';

const HEADERS_MS = 1_000;
const KEEP_ALIVE_MS = 1_000;
let server: TestServer;
let port: number;

beforeAll(async () => {
  server = await startTestServer({ kind: 'pglite', timeouts: { headersMs: HEADERS_MS, requestMs: 3_000, keepAliveMs: KEEP_ALIVE_MS, checkEveryMs: 100 } });
  await server.store.load(buildDefaultSeed());
  port = Number(new URL(server.baseUrl).port);
}, 60_000);

afterAll(async () => {
  await server.close();
});

interface Streamed {
  status: number;
  body: unknown;
  /** Bytes of the body written when the answer came. */
  sentWhenAnswered: number;
}

/** POSTs a chunked body (no Content-Length) 16 KiB at a time, up to `total` bytes, until answered. */
function streamBody(path: string, total: number): Promise<Streamed> {
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: '127.0.0.1', port, method: 'POST', path, headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' } });
    const chunk = Buffer.alloc(16 * 1024, 'a');
    const pause = new Int32Array(new SharedArrayBuffer(4));
    let sent = 0;
    let answered = false;
    outgoing.on('response', (response) => {
      answered = true;
      const sentWhenAnswered = sent;
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(parts).toString('utf8')), sentWhenAnswered }));
    });
    // Once answered, the server may close the connection under the rest of the body.
    outgoing.on('error', (error) => {
      if (!answered) reject(error);
    });
    outgoing.write('{"username":"');
    const pump = (): void => {
      if (answered) return;
      if (sent >= total) {
        outgoing.end('","password":"x"}');
        return;
      }
      // A client busy with its upload (a phone's browser, a loaded machine) writes on for a while
      // before it looks at what came back: four chunks 2 ms apart without a turn of the event loop.
      for (let burst = 0; burst < 4 && sent < total; burst += 1) {
        if (burst > 0) Atomics.wait(pause, 0, 0, 2);
        outgoing.write(chunk);
        sent += chunk.length;
      }
      setTimeout(pump, 2);
    };
    pump();
  });
}

describe('bodies and headers that arrive slowly', () => {
  it('cuts off a chunked body at its limit while it streams: 413 in the error shape before the body ends', async () => {
    const total = 4 * 1024 * 1024;
    // Each client is still writing when the answer goes out; each must read it, not a reset connection.
    for (let client = 0; client < 10; client += 1) {
      const result = await streamBody('/api/auth/login', total);
      expect({ status: result.status, body: result.body }).toEqual({ status: 413, body: { errors: ['The request body is too large.'], code: 'body_too_large' } });
      // 64 KiB is the limit of this route: the answer came long before the 4 MiB were sent.
      expect(result.sentWhenAnswered).toBeLessThan(total / 4);
    }
  });

  it('lets a chunked body under the limit through to the route', async () => {
    const result = await streamBody('/api/auth/login', 32 * 1024);
    expect(result.status).toBe(404);
    expect(result.body).toEqual({ errors: ['The username you entered is not Registered. Not Found error'], code: 'user_not_registered' });
  });

  it('answers 100 clients that trickle their headers with 408 once the header time is up, and serves a normal client meanwhile', async () => {
    const { clients: slow, stop } = slowClients(port, 100);
    try {
      // While all 100 hold a connection open, a normal call is answered.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const normal = await fetch(`${server.baseUrl}/api/posts`);
      expect(normal.status).toBe(200);
      expect(((await normal.json()) as { posts: unknown[] }).posts).toHaveLength(20);

      await Promise.all(slow.map((client) => client.closed));
      for (const client of slow) {
        const answer = client.received();
        expect(answer).toMatch(/^HTTP\/1\.1 408 /);
        expect(answer).toContain('{"errors":["The request took too long to arrive."],"code":"request_timeout"}');
      }
    } finally {
      stop();
    }
  }, 30_000);
});

/** Sends `GET path` on `socket` and reads the answer's head (status line and headers), or says how the connection ended. */
function askOn(socket: ReturnType<typeof connect>, path: string): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    const done = (ending: string): void => {
      socket.off('data', onData);
      socket.off('close', onClose);
      socket.off('error', onError);
      resolve(ending);
    };
    const onData = (part: Buffer): void => {
      text += part.toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(text);
      if (end >= 0 && length && text.length >= end + 4 + Number(length[1])) done(text.slice(0, end));
    };
    const onClose = (): void => done(`closed, having read ${JSON.stringify(text)}`);
    const onError = (error: Error): void => done(`failed: ${error.message}`);
    socket.on('data', onData);
    socket.on('close', onClose);
    socket.on('error', onError);
    socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
  });
}

describe('connections kept alive', () => {
  it('announces its keep-alive time and keeps the connection a while longer, so a call sent at its very end is answered', async () => {
    const socket = connect(port, '127.0.0.1');
    try {
      const first = await askOn(socket, '/api/health');
      expect(first).toMatch(/^HTTP\/1\.1 200 /);
      expect(first).toMatch(/\r\nkeep-alive: timeout=1\r\n/i);
      // A client's timer for that second fires late (a busy machine, a coarse timer): its call
      // leaves just after the announced time and meets the open connection, not a reset.
      await new Promise((resolve) => setTimeout(resolve, KEEP_ALIVE_MS + 300));
      expect(await askOn(socket, '/api/health')).toMatch(/^HTTP\/1\.1 200 /);
    } finally {
      socket.destroy();
    }
  });

  it('answers a call sent while the server was held up past the connection\'s time, and still closes a connection left idle', async () => {
    const socket = connect(port, '127.0.0.1');
    try {
      expect(await askOn(socket, '/api/health')).toMatch(/^HTTP\/1\.1 200 /);
      // The process is held up (here by this test, which shares it) past the time the server keeps
      // an idle connection (announced, its grace, and Node's own second); the client, whose own
      // timer has not run either, sends its next call at once. It is answered, not reset.
      const heldUntil = Date.now() + KEEP_ALIVE_MS + KEEP_ALIVE_GRACE_MS + 1_500;
      while (Date.now() < heldUntil) {
        // Busy: nothing else in the process runs.
      }
      expect(await askOn(socket, '/api/health')).toMatch(/^HTTP\/1\.1 200 /);
      // Left idle afterwards, the connection closes when its time is up.
      // The wait ends with the connection: a timer left running would hold the jest worker that
      // runs this file last past its exit (jest then says it "failed to exit gracefully").
      let waiting: NodeJS.Timeout | undefined;
      const closed = await new Promise<string>((resolve) => {
        socket.once('close', () => resolve('closed'));
        waiting = setTimeout(() => resolve('still open'), KEEP_ALIVE_MS + KEEP_ALIVE_GRACE_MS + 3_000);
      });
      clearTimeout(waiting);
      expect(closed).toBe('closed');
    } finally {
      socket.destroy();
    }
  });
});
