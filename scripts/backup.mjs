// `npm run backup [-- FILE]` and `npm run restore -- FILE` (the first argument says which): compiles
// the server when it is missing or older than its sources, then runs server/backupMain.ts. Settings:
// the server's (DATABASE_URL, DATA_DIR); see README ("Backups").
import { buildServer, runBuilt } from './buildForServer.mjs';

buildServer();
await runBuilt('backupMain.js');
