// `npm run backup [-- FILE]` and `npm run restore -- FILE` (the first argument says which): compiles
// the server when it is missing or older than its sources, then runs server/backupMain.ts. Settings:
// the server's (DATABASE_URL, DATA_DIR); see README ("Backups").
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildServer } from './buildForServer.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
buildServer();
await import(pathToFileURL(join(root, 'build', 'server', 'server', 'backupMain.js')).href);
