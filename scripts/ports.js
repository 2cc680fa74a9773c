// The port a local server listens on, and what to say when it is taken. Shared by `npm start`
// (webpack.config.js) and `npm run serve` (serveDist.mjs).
'use strict';

const { createServer } = require('node:net');

/**
 * The port asked for: `--port N` (or `--port=N`) among `args` first, then the PORT variable, else
 * `fallback`. Throws with a message naming the setting when the value is not a port number.
 */
function readPort(args, env, fallback) {
  const at = args.findIndex((arg) => arg === '--port' || arg.startsWith('--port='));
  const raw = at === -1 ? env.PORT : args[at].includes('=') ? args[at].slice('--port='.length) : args[at + 1];
  const setting = at === -1 ? 'PORT' : '--port';
  if (raw === undefined || raw.trim() === '') {
    if (at !== -1) throw new Error('--port needs a number, for example --port 5050.');
    return fallback;
  }
  const port = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || port > 65535) throw new Error(`${setting} "${raw}" is not a port number (0 to 65535).`);
  return port;
}

/** Which port is taken, and the two ways to pick another for `command` ("npm start", "npm run serve"). */
function busyPortMessage(port, command) {
  const other = port >= 65535 ? port - 1 : port + 1;
  return (
    `Port ${port} is already in use (another "${command}" or another program).\n` +
    `Choose another port: PORT=${other} ${command}   or   ${command} -- --port ${other}`
  );
}

/** Whether nothing listens on `port` yet (checked the way a server listens: every address). */
function isPortFree(port) {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error) => (error.code === 'EADDRINUSE' ? resolve(false) : reject(error)));
    probe.listen(port, () => probe.close(() => resolve(true)));
  });
}

module.exports = { readPort, busyPortMessage, isPortFree };
