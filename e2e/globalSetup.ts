import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import { serveBuild } from '../server/appFiles';
import { REPOSITORY_ROOT } from '../server/config';
import { provideTestDatabase } from '../server/testing/postgresCluster';
import { REAL_APP_DIR } from './backend';
import { chromiumPath } from './chromium';

async function build(outputDir: string, mocking: 'on' | 'off'): Promise<void> {
  if (process.env.E2E_SKIP_BUILD === '1' && existsSync(`${outputDir}/index.html`)) return;
  const env = { ...process.env, API_MOCKING: mocking, API_BASE_URL: '/api', MOCK_SCENARIO: '', BUILD_DIR: relative(REPOSITORY_ROOT, outputDir) };
  const status = await new Promise<number | null>((resolve) => {
    spawn('npx', ['webpack', '--mode', 'production'], { stdio: 'inherit', env }).on('exit', resolve);
  });
  if (status !== 0) throw new Error(`The build with API_MOCKING=${mocking} failed (exit code ${status}).`);
}

/**
 * Builds the production app twice, at once: as shipped (mock backend on) into dist/, served here on a free
 * loopback port for the stand-in's projects; and with API_MOCKING=off into build/e2e-app, which each
 * worker of the `real` projects serves from its own server. Starts a throwaway PostgreSQL cluster for
 * the projects on PostgreSQL unless DATABASE_URL names one. E2E_SKIP_BUILD=1 reuses existing builds.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  chromiumPath();
  // Side by side: each build keeps about one core busy.
  await Promise.all([build(`${REPOSITORY_ROOT}/dist`, 'on'), build(REAL_APP_DIR, 'off')]);

  const stopPostgres = await provideTestDatabase();

  const server = await serveBuild({ root: `${REPOSITORY_ROOT}/dist` });
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('The build server has no port.');
  process.env.E2E_BASE_URL = `http://127.0.0.1:${address.port}`;
  return async () => {
    await server.close();
    stopPostgres();
  };
}
