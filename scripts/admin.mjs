// `npm run admin -- promote USERNAME | demote USERNAME | list`: compiles the server when it is missing
// or older than its sources, then runs server/adminMain.ts, which sets the network's roles. Settings:
// the server's (DATABASE_URL, DATA_DIR); see README ("Roles").
import { buildServer, runBuilt } from './buildForServer.mjs';

buildServer();
await runBuilt('adminMain.js');
