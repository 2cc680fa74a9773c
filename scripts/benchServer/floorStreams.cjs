// The live stream's floor in the server benchmark: bare node:http holding Server-Sent Events streams
// and writing one small frame to every one of them when POST /like comes. Whatever the real server
// takes beyond this, from a like's answer to the event at a stream, is its own work.
'use strict';

const { createServer } = require('node:http');

const streams = new Set();
let version = 0;
const server = createServer((request, response) => {
  if (request.method === 'GET') {
    response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
    response.write(': open\n\n');
    streams.add(response);
    request.once('close', () => streams.delete(response));
    return;
  }
  version += 1;
  const frame = `id: ${version}\nevent: post-reacted\ndata: ${JSON.stringify({ postId: 'p', likeCount: version, dislikeCount: 0 })}\n\n`;
  response.writeHead(201, { 'content-type': 'application/json' }).end('{}');
  for (const stream of streams) stream.write(frame);
});
server.listen(0, '127.0.0.1', () => {
  process.send?.({ type: 'listening', url: `http://127.0.0.1:${server.address().port}` });
});
process.on('SIGTERM', () => {
  for (const stream of streams) stream.destroy();
  server.close(() => process.exit(0));
});
