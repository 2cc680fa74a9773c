// `npm run serve`: the production build in dist/ on loopback, through the server's own plugin for
// the app's files (server/appFiles.ts), so both answer every address alike.
//
//   npm run serve                  http://127.0.0.1:5000
//   PORT=5050 npm run serve        another port (also: npm run serve -- --port 5050)
import { parseArgs } from 'node:util';
import { serveBuild } from '../server/appFiles';
import { busyPortMessage, readPort } from './settings';

const DEFAULT_PORT = 5000;

async function main(): Promise<void> {
  let port: number;
  try {
    port = readPort(parseArgs({ options: { port: { type: 'string' } } }).values.port, process.env, DEFAULT_PORT);
  } catch (error) {
    console.error(`npm run serve: ${(error as Error).message}`);
    process.exitCode = 1;
    return;
  }
  try {
    const app = await serveBuild({ root: 'dist', port });
    const address = app.server.address();
    console.log(`SocialConnect build served at http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`);
  } catch (error) {
    console.error((error as NodeJS.ErrnoException).code === 'EADDRINUSE' ? busyPortMessage(port, 'npm run serve') : `npm run serve: ${(error as Error).message}`);
    process.exitCode = 1;
  }
}

void main();
