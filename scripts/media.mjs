// `npm run media:move`: compiles the server when it is missing or older than its sources, then runs
// server/mediaMain.ts, which moves the images the database still holds into their files. Settings:
// the server's (DATABASE_URL, DATA_DIR, MEDIA_DIR or MEDIA_S3_*); see README ("Images").
import { buildServer, runBuilt } from './buildForServer.mjs';

buildServer();
await runBuilt('mediaMain.js');
