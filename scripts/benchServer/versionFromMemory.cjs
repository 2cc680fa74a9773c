// Loaded with `node -r` into a server started by the server benchmark: the answer cache's version
// check (one read of network_state on every hit) is answered from what the process has heard, as it
// is on PGlite, so the bench can set the same read with the check beside the same read without it.
// Not part of the server: without the check, a process may serve an answer older than a write
// another process has answered.
'use strict';

const { join } = require('node:path');

const answerCache = require(join(__dirname, '..', '..', 'build', 'server', 'server', 'answerCache.js'));
const { postgresChanges } = answerCache;

answerCache.postgresChanges = async (...args) => {
  const feed = await postgresChanges(...args);
  // What the process heard stands for the network's version: it moves with every write heard.
  return { ...feed, networkVersion: async () => feed.version() ?? -1 };
};
