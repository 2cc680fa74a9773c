/**
 * Server processes that the app's tests may kill -9 and start again, asked for over HTTP: the app's
 * tests never import the server (ESLint holds them to that), so jest's set-up of their project
 * (jestServerKeeper.ts) runs this keeper in its own process and names it in SERVER_KEEPER_URL.
 *
 *   POST /servers               a new server on a fresh PostgreSQL database (the demo network): { id, url }
 *   POST /servers/:id/kill      SIGKILL, as a crash or the power going: answered once it has exited
 *   POST /servers/:id/start     the same server again, on its database and port: answered once it listens
 *   DELETE /servers/:id         stopped, its database dropped
 *
 * Loopback only; every server listens on a port from below the ephemeral range, from the stretch no
 * jest worker scans (steadyPort.ts), so no other listener takes it while the server is down.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startChildServer, stopChildServer, type ChildServer } from './childServer';
import { createTestDatabase } from './serverTarget';
import { steadyPort } from './steadyPort';

/**
 * Each answer ends its connection. Kept alive, a test's next call could go out on a connection the
 * keeper (in jest's own busy process) was closing at its keep-alive timeout, and fail with
 * ECONNRESET, as a kill in outboxKilled.onServer did once in a clean-clone run. The few dozen calls
 * of a run (13 kills and their starts in one) lose nothing by opening a connection each.
 */
const ANSWER_HEADERS = { 'content-type': 'application/json', connection: 'close' };
/** The variable that names the keeper (http://127.0.0.1:<port>) for the app's tests. */
export const SERVER_KEEPER_URL = 'SERVER_KEEPER_URL';

const SECRET = 'server-keeper-secret-0123456789-abcdefghijklmnopqrstuv';

interface Kept {
  port: number;
  database: { url: string; drop(): Promise<void> };
  running: ChildServer | undefined;
}

export interface ServerKeeper {
  url: string;
  close(): Promise<void>;
}

export async function startServerKeeper(): Promise<ServerKeeper> {
  const kept = new Map<string, Kept>();
  let next = 1;

  const start = async (server: Kept): Promise<string> => {
    server.running = await startChildServer({
      env: { DATABASE_URL: server.database.url, JWT_SECRET: SECRET, PORT: String(server.port), RATE_LIMITS: 'off' },
    });
    return server.running.url;
  };
  const kill = async (server: Kept): Promise<void> => {
    const running = server.running;
    server.running = undefined;
    if (!running) return;
    running.process.kill('SIGKILL');
    await running.exited;
  };

  const routes: Array<[string, RegExp, (server: Kept | undefined, params: string[]) => Promise<unknown>]> = [
    ['POST', /^\/servers$/, async () => {
      const id = String(next++);
      const server: Kept = { port: await steadyPort(0), database: await createTestDatabase({ migrated: true }), running: undefined };
      kept.set(id, server);
      return { id, url: await start(server) };
    }],
    ['POST', /^\/servers\/(\d+)\/kill$/, async (server) => {
      await kill(server!);
      return {};
    }],
    ['POST', /^\/servers\/(\d+)\/start$/, async (server) => ({ url: server!.running?.url ?? (await start(server!)) })],
    ['DELETE', /^\/servers\/(\d+)$/, async (server, [id]) => {
      kept.delete(id!);
      if (server!.running) await stopChildServer(server!.running);
      await server!.database.drop();
      return {};
    }],
  ];

  const answer = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const path = new URL(request.url ?? '/', 'http://keeper').pathname;
    for (const [method, pattern, work] of routes) {
      const match = pattern.exec(path);
      if (!match || request.method !== method) continue;
      const params = match.slice(1);
      const server = params[0] === undefined ? undefined : kept.get(params[0]);
      if (params[0] !== undefined && !server) {
        response.writeHead(404, ANSWER_HEADERS).end(JSON.stringify({ error: `No server ${params[0]}.` }));
        return;
      }
      try {
        const body = await work(server, params);
        response.writeHead(200, ANSWER_HEADERS).end(JSON.stringify(body));
      } catch (error) {
        response.writeHead(500, ANSWER_HEADERS).end(JSON.stringify({ error: (error as Error).message }));
      }
      return;
    }
    response.writeHead(404, ANSWER_HEADERS).end(JSON.stringify({ error: `No ${request.method} ${path}.` }));
  };

  const http: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => void answer(request, response));
  });
  await new Promise<void>((resolve) => http.listen({ port: 0, host: '127.0.0.1' }, resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      http.close();
      await Promise.all([...kept.values()].map(async (server) => {
        if (server.running) await stopChildServer(server.running);
        await server.database.drop();
      }));
      kept.clear();
    },
  };
}
