// The server benchmark's like floor: bare Fastify that checks a member's token as the server does
// (the same secret, the same key prepared once) and writes the like or the dislike in one SQL
// statement on a pool of the server's size, then answers bytes it holds in memory. Whatever the
// real server costs beyond this is its own work: the session's rows, the counts' reads, the events,
// the notifications and the answer.
'use strict';

const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const Fastify = require('fastify');

const build = join(__dirname, '..', '..', 'build', 'server');
const { createTokenService, readToken } = require(join(build, 'contract', 'tokens.js'));
const { resolveJwtSecret } = require(join(build, 'server', 'tokens.js'));
const { openPglite, openPostgres } = require(join(build, 'server', 'db', 'database.js'));
const { PGLITE_FOLDER } = require(join(build, 'server', 'config.js'));

const REACT = `INSERT INTO reactions (post_id, member_id, kind) VALUES ($1, $2, $3)
  ON CONFLICT (post_id, member_id) DO UPDATE SET kind = EXCLUDED.kind, seq = nextval('reaction_order')`;

async function main() {
  const body = readFileSync(process.env.FLOOR_BODY_FILE);
  const dataDir = process.env.DATA_DIR;
  const tokens = createTokenService({ secret: resolveJwtSecret({ dataDir, production: false, jwtSecret: process.env.JWT_SECRET }) });
  const database = process.env.DATABASE_URL
    ? await openPostgres({ connectionString: process.env.DATABASE_URL })
    : await openPglite(join(dataDir, PGLITE_FOLDER));
  const app = Fastify({ logger: false });
  app.post('/api/posts/:kind/:postId', async (request, reply) => {
    const token = readToken(request.headers.authorization);
    const claims = token ? await tokens.verify(token) : null;
    if (!claims) return reply.code(401).send({ errors: ['Invalid token.'] });
    await database.query(REACT, [request.params.postId, claims.sub, request.params.kind === 'like' ? 'like' : 'dislike']);
    return reply.code(201).header('content-type', 'application/json; charset=utf-8').send(body);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address();
  process.send?.({ type: 'listening', url: `http://127.0.0.1:${port}` });
  process.on('SIGTERM', () => app.close().then(() => database.close()).then(() => process.exit(0)));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
