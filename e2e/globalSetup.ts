import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { chromiumPath } from './chromium';

/**
 * Builds the production app once (mock backend on, as shipped), serves dist/ on a free loopback port
 * and hands its address to the tests. E2E_SKIP_BUILD=1 reuses an existing dist/.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  chromiumPath();
  if (process.env.E2E_SKIP_BUILD !== '1' || !existsSync('dist/index.html')) {
    execSync('npx webpack --mode production', {
      stdio: 'inherit',
      env: { ...process.env, API_MOCKING: 'on', API_BASE_URL: '/api', MOCK_SCENARIO: '' },
    });
  }
  // A dynamic import: serveDist.mjs is an ES module with top-level await, which require() cannot load.
  // @ts-expect-error: plain ES module without types
  const { startDistServer } = (await import('../scripts/serveDist.mjs')) as {
    startDistServer: (options: { root: string; port: number }) => Promise<Server>;
  };
  const server = await startDistServer({ root: 'dist', port: 0 });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('The build server has no port.');
  process.env.E2E_BASE_URL = `http://127.0.0.1:${address.port}`;
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
