// `npm run cluster`: several server processes on one PostgreSQL behind HAProxy (server/cluster.ts).
// Builds what is missing or older than its sources first (scripts/buildForServer.mjs), then starts
// the compiled cluster in this process. Settings: see README ("A cluster") or server/settings.js.
import { buildForServer, runBuilt } from './buildForServer.mjs';

buildForServer();
await runBuilt('clusterMain.js');
