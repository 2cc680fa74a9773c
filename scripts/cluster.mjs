// `npm run cluster`: several server processes on one PostgreSQL behind HAProxy (server/cluster.ts).
// Builds what is missing or older than its sources first (scripts/buildForServer.mjs), then starts
// the compiled cluster in this process. Settings: see README ("A cluster") or scripts/settings.js.
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildForServer } from './buildForServer.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
buildForServer();
await import(pathToFileURL(join(root, 'build', 'server', 'server', 'clusterMain.js')).href);
