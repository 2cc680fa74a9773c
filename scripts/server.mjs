// `npm run server`: the real server on this machine, serving the app, /api and /media on one origin.
// Builds what is missing or older than its sources first (scripts/buildForServer.mjs), then starts
// the compiled server in this process. Settings: see README ("The server") or scripts/settings.js.
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildForServer } from './buildForServer.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
buildForServer();
await import(pathToFileURL(join(root, 'build', 'server', 'server', 'main.js')).href);
