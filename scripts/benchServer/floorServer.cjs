// The server benchmark's floor: Fastify answering any call (GET /api/posts, a page, a like) with
// bytes it holds in memory, serialised once beforehand. Whatever the real server costs beyond this
// is its own work.
'use strict';

const { readFileSync } = require('node:fs');
const Fastify = require('fastify');

const body = readFileSync(process.env.FLOOR_BODY_FILE);
const app = Fastify({ logger: false });
app.all('/*', (_request, reply) => {
  reply.header('content-type', 'application/json; charset=utf-8').send(body);
});
app.listen({ port: 0, host: '127.0.0.1' }).then(() => {
  const { port } = app.server.address();
  process.send?.({ type: 'listening', url: `http://127.0.0.1:${port}` });
});
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
