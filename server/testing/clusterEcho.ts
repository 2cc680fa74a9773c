/**
 * A stand-in for a server process in a cluster, for tests of what HAProxy does in front of it: it
 * listens where the cluster tells it (HOST, PORT), says so as a server process does, answers
 * /api/health 200, and any other call with who Fastify takes the client to be (the address, the
 * scheme) under the TRUST_PROXY the cluster gave it, read as the server reads it. A call marked
 * `X-Drop-First: <mark>` is counted by its mark: the first with a mark has its connection closed
 * with no answer (as a process killed holding it), the next are answered with how many came. A call
 * marked `X-Repeat: <n>` is answered JSON holding a word n times, and /api/events a short live
 * stream of that many events (what HAProxy compresses, and what it leaves as it is). SIGTERM
 * closes it.
 * Run compiled: compiledEntry('testing/clusterEcho') (compiledServer.ts).
 */
import Fastify from 'fastify';
import { fastifyTrustProxy, readConfig } from '../config';

async function main(): Promise<void> {
  const config = readConfig();
  const app = Fastify({ trustProxy: fastifyTrustProxy(config.trustProxy) });
  app.get('/api/health', async () => ({ status: 'ok' }));
  const repeat = (value: unknown) => Math.min(Number(value) || 0, 100_000);
  app.get('/api/events', (request, reply) => {
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
    reply.raw.end(Array.from({ length: repeat(request.headers['x-repeat']) }, (_, index) => `event: echo\ndata: {"n":${index}}\n\n`).join(''));
  });
  const calls = new Map<string, number>();
  app.setNotFoundHandler(async (request, reply) => {
    const mark = request.headers['x-drop-first'];
    if (typeof mark === 'string') {
      const count = (calls.get(mark) ?? 0) + 1;
      calls.set(mark, count);
      if (count === 1) {
        request.raw.socket.destroy();
        return reply.hijack();
      }
      return reply.code(200).send({ calls: count });
    }
    if (request.headers['x-repeat'] !== undefined) return { words: Array.from({ length: repeat(request.headers['x-repeat']) }, () => 'word') };
    return { ip: request.ip, protocol: request.protocol, forwardedFor: request.headers['x-forwarded-for'] ?? null };
  });
  await app.listen({ host: config.host, port: config.port });
  console.log(`SocialConnect server listening on http://${config.host}:${config.port}`);
  process.once('SIGTERM', () => {
    void app.close().then(() => process.exit(0));
  });
}

void main();
