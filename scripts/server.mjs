// `npm run server`: the real server on this machine, serving the app, /api and /media on one origin.
// Builds what is missing or older than its sources first (scripts/buildForServer.mjs), then starts
// the compiled server in this process. Settings: see README ("The server") or server/settings.js.
import { buildForServer, runBuilt } from './buildForServer.mjs';

buildForServer();
await runBuilt('main.js');
