/**
 * `npm run bench`, part 11 (`--export`, or `--export-only`): a member's data, downloaded and imported,
 * for the demo member of the busy scenario on the stand-in, in this process (msw/node, no network and
 * no delay). The export's answer (bytes, time), the zip the app makes of it with its images (bytes,
 * time: the shipped images read from public/ as the web server would answer them), reading the zip
 * back into an import's body, and that import into a new account. Figures are medians; no limits.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { DataExport, DataImportResult } from '../contract/api';
import { median } from './benchLimits';

const RUNS = 3;
const publicDir = join(__dirname, '..', 'public');

/** An image's bytes as the app fetches them: the app's own from public/, an upload from its data URL. */
async function fetchImage(url: string): Promise<Uint8Array | undefined> {
  if (url.startsWith('/images/')) return new Uint8Array(readFileSync(join(publicDir, url)));
  if (url.startsWith('data:')) return new Uint8Array(await (await fetch(url)).arrayBuffer());
  return undefined;
}

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

export async function benchExport(): Promise<void> {
  console.log(`\n11. Your data: the busy scenario's demo member, stand-in in this process, median of ${RUNS}`);
  const { server, useScenario: loadScenario, TEST_API_BASE } = await import('../mocks/testing/node');
  const { DEMO_CREDENTIALS } = await import('../contract/seed/default');
  const { buildArchive, readArchive } = await import('../src/features/account/dataArchive');

  server.listen({ onUnhandledRequest: 'error' });
  const figures = { exportMs: [] as number[], zipMs: [] as number[], readMs: [] as number[], importMs: [] as number[] };
  let sizes = { answer: 0, zip: 0, body: 0, posts: 0, images: 0, imported: 0 };
  for (let run = 0; run < RUNS; run += 1) {
    loadScenario('busy');
    const login = await fetch(`${TEST_API_BASE}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO_CREDENTIALS) });
    const { encodedToken } = (await login.json()) as { encodedToken: string };
    let started = performance.now();
    const answer = await fetch(`${TEST_API_BASE}/account/export`, { headers: { authorization: encodedToken } });
    const text = await answer.text();
    figures.exportMs.push(performance.now() - started);
    const data = JSON.parse(text) as DataExport;

    started = performance.now();
    const { bytes } = await buildArchive(data, fetchImage);
    figures.zipMs.push(performance.now() - started);

    started = performance.now();
    const body = readArchive(bytes);
    figures.readMs.push(performance.now() - started);

    const joined = await fetch(`${TEST_API_BASE}/auth/signup`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Sam', lastName: 'Rivera', username: `bench_import_${run}`, password: 'welcome123' }),
    });
    const { encodedToken: newToken } = (await joined.json()) as { encodedToken: string };
    const sent = JSON.stringify(body);
    started = performance.now();
    const imported = await fetch(`${TEST_API_BASE}/account/import`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: newToken }, body: sent });
    const result = (await imported.json()) as DataImportResult;
    figures.importMs.push(performance.now() - started);
    if (imported.status !== 201) throw new Error(`the import was refused: ${JSON.stringify(result)}`);

    sizes = {
      answer: Buffer.byteLength(text), zip: bytes.byteLength, body: Buffer.byteLength(sent), posts: data.posts.length,
      images: new Set([data.profile.image, ...data.posts.map((post) => post.postImage)].filter((url) => url !== '')).size, imported: result.posts,
    };
  }
  server.close();

  const ms = (values: number[]): string => `${median(values).toFixed(0)} ms`;
  console.log(`    ${sizes.posts} posts, ${sizes.images} distinct images`);
  console.log(`    GET /account/export     ${kb(sizes.answer).padStart(10)}  ${ms(figures.exportMs).padStart(8)}`);
  console.log(`    the zip (fflate)        ${kb(sizes.zip).padStart(10)}  ${ms(figures.zipMs).padStart(8)}  (${sizes.zip.toLocaleString('en-US')} bytes)`);
  console.log(`    read back to a body     ${kb(sizes.body).padStart(10)}  ${ms(figures.readMs).padStart(8)}`);
  console.log(`    POST /account/import    ${`${sizes.imported} posts`.padStart(10)}  ${ms(figures.importMs).padStart(8)}`);
}
