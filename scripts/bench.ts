/**
 * `npm run bench`: prints the app's speed figures. It builds nothing: it reads dist/
 * (run `npm run build` first) and the app's own code.
 *
 *   1. gzip size of each JS chunk that /login and / load (limit: /login <= 130 KB without the mocks chunk),
 *      and of QA's workbench (its badge, and its panel loaded when opened);
 *   2. home feed built by the spec adapter for 1,000 and 10,000 posts, per sort (limit: < 50 ms at 10,000);
 *   3. the contract at scale: the busy scenario's first cards, a sort and a like, with the extensions
 *      and against a backend that answers the spec alone (scripts/benchScale.ts; --scale-only alone);
 *   4. with --first-paint (or --first-paint-only): Lighthouse on /login and /signup against the
 *      dependency floor, in the same run (scripts/benchFirstPaint.ts; builds what it measures);
 *   5. with --scroll (or --scroll-only): the browser's memory while 5,000 posts are loaded into
 *      Explore, on dist/ in Chromium (scripts/benchScroll.ts);
 *   6. with --first-press (or --first-press-only): how soon /login answers a press made the moment it
 *      is painted, against the dependency floor's render, throttled as a phone (scripts/benchFirstPress.ts);
 *   7. with --live (or --live-only): from a press on one device to the change on another member's
 *      screen, on the real server, beside the server's own delivery (scripts/benchLive.ts);
 *   8. with --workbench (or --workbench-only): what QA's request log adds to a like's answer on the
 *      busy scenario, off and on in one run, and the panel's first opening (scripts/benchWorkbench.ts);
 *   9. with --images (or --images-only; --uploads-only for the server's uploads alone): a 4.8 MB
 *      phone photo made to fit when picked, from the pick to its preview, as is and throttled as a
 *      phone, the server's uploads (images in a folder, in the rows, in a bucket), and what each
 *      image's smaller copies save a reader on Home and a photo's page (scripts/benchImages.ts);
 *  10. with --offline (or --offline-only): a member's Home opened with the network gone, from what
 *      the app kept, beside an online start, as is and throttled as a phone (scripts/benchOffline.ts);
 *  11. with --export (or --export-only): the busy demo member's data, downloaded as the app's zip and
 *      imported into a new account: bytes and times (scripts/benchExport.ts);
 *  12. with --leaving (or --leaving-only): an account with 1,000 posts deleted for good, on the
 *      stand-in's store and on the server on PGlite and PostgreSQL (scripts/benchLeaving.ts);
 *  13. with --scheduled (or --scheduled-only): how long past its time a scheduled post goes out, on
 *      the server with one process and with three (scripts/benchScheduled.ts).
 *
 * That liking a post re-renders only its card is a test (PostList.test.tsx), not a figure here.
 *
 * It reports 'OVER LIMIT' next to a figure over its target, and exits 1 when any figure is over
 * (0 when all are within), so a script can tell.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { gzipSync } from 'node:zlib';
import { performance } from 'node:perf_hooks';
import type * as Jsdom from 'jsdom';
import { BenchLimits, median } from './benchLimits';
import { benchExport } from './benchExport';
import { benchLeaving } from './benchLeaving';
import { benchScheduled } from './benchScheduled';
import { benchFirstPaint } from './benchFirstPaint';
import { benchFirstPress } from './benchFirstPress';
import { benchImages, benchUploads } from './benchImages';
import { benchLive } from './benchLive';
import { benchOffline } from './benchOffline';
import { benchScale } from './benchScale';
import { benchScroll } from './benchScroll';
import { benchWorkbench } from './benchWorkbench';

const ROOT = path.resolve(__dirname, '..');
const DIST = path.join(ROOT, 'dist');
const JS_DIR = path.join(DIST, 'static', 'js');
const KB = 1024;
const LOGIN_LIMIT_KB = 130;
const SORT_LIMIT_MS = 50;

const limits = new BenchLimits();
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const ms = (value: number) => `${value.toFixed(2)} ms`;


// ---------------------------------------------------------------------------------------------
// 1. Chunk sizes
// ---------------------------------------------------------------------------------------------

interface ChunkFile {
  id: string;
  name: string;
  file: string;
  gzip: number;
  raw: number;
}

/**
 * Reads which chunks each named chunk group needs from the built runtime: the chunk-id -> name map
 * of `__webpack_require__.u`, and the `Promise.all([n.e(a), n.e(b)])` groups of each dynamic import.
 */
function readChunks(): { files: Map<string, ChunkFile>; groupOf: (name: string) => ChunkFile[]; entry: ChunkFile[] } {
  const jsFiles = fs.readdirSync(JS_DIR).filter((file) => file.endsWith('.js'));
  const sources = jsFiles.map((file) => fs.readFileSync(path.join(JS_DIR, file), 'utf8'));

  const idToName = new Map<string, string>();
  for (const source of sources) {
    for (const map of source.matchAll(/\{((?:\d+:"[\w.-]+",?)+)\}\)?\[\w+\]/g)) {
      for (const pair of map[1]!.matchAll(/(\d+):"([\w.-]+)"/g)) {
        if (!/^[0-9a-f]{8}$/.test(pair[2]!)) idToName.set(pair[1]!, pair[2]!);
      }
    }
  }

  const files = new Map<string, ChunkFile>();
  for (const file of jsFiles) {
    const match = /^([\w-]+)\.[0-9a-f]+(?:\.chunk)?\.js$/.exec(file);
    if (!match) continue;
    const prefix = match[1]!;
    const id = [...idToName].find(([, name]) => name === prefix)?.[0] ?? prefix;
    const content = fs.readFileSync(path.join(JS_DIR, file));
    files.set(id, { id, name: idToName.get(id) ?? prefix, file, raw: content.length, gzip: gzipSync(content).length });
  }

  const groups: string[][] = [];
  for (const source of sources) {
    for (const group of source.matchAll(/Promise\.all\(\[((?:\w+\.e\(\d+\),?)+)\]\)/g)) {
      groups.push([...group[1]!.matchAll(/\.e\((\d+)\)/g)].map((m) => m[1]!));
    }
  }

  const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
  // Minified HTML may leave attribute values unquoted.
  const entryNames = [...html.matchAll(/<script[^>]*\ssrc=["']?[^"'\s>]*\/static\/js\/([^"'\s>]+)/g)].map((m) => m[1]!);
  const entry = [...files.values()].filter((chunk) => entryNames.includes(chunk.file));

  const groupOf = (name: string): ChunkFile[] => {
    const id = [...idToName].find(([, chunkName]) => chunkName === name)?.[0];
    if (!id) return [];
    const ids = groups.find((group) => group.includes(id)) ?? [id];
    return ids.map((chunkId) => files.get(chunkId)).filter((chunk): chunk is ChunkFile => Boolean(chunk));
  };
  return { files, groupOf, entry };
}

function reportRoute(route: string, chunks: ChunkFile[], mocks: ChunkFile[], limitKb?: number): void {
  const unique = [...new Map(chunks.map((chunk) => [chunk.id, chunk])).values()];
  const total = unique.reduce((sum, chunk) => sum + chunk.gzip, 0);
  console.log(`\n  ${route}`);
  for (const chunk of unique) console.log(`    ${chunk.name.padEnd(18)} ${kb(chunk.gzip).padStart(10)} gzip  (${kb(chunk.raw)} raw, ${chunk.file})`);
  // The limit is the real build's (API_MOCKING=off): a stand-in build's shared chunks are cut around
  // the stand-in's own, so its figure without mocks is not what a member of a real deployment loads.
  const limitText = !limitKb ? '' : mocks.length > 0
    ? ` (the limit, ${limitKb} KB, is checked on a build with API_MOCKING=off)`
    : ` (limit ${limitKb} KB)${limits.check(`${route} JavaScript`, total / KB, limitKb)}`;
  console.log(`    ${'total'.padEnd(18)} ${kb(total).padStart(10)} gzip, without mocks${limitText}`);
  const mockTotal = mocks.reduce((sum, chunk) => sum + chunk.gzip, 0);
  if (mockTotal > 0) console.log(`    ${'+ mocks (parallel)'.padEnd(18)} ${kb(mockTotal).padStart(10)} gzip, only when mocking is on`);
}

function benchChunks(): void {
  console.log('1. JavaScript loaded per route (gzip)');
  if (!fs.existsSync(JS_DIR) || !fs.existsSync(path.join(DIST, 'index.html'))) {
    console.log('  dist/ not found: run `npm run build` first, then `npm run bench`.');
    limits.notMeasured('/login JavaScript');
    return;
  }
  const { groupOf, entry } = readChunks();
  const app = groupOf('app');
  const mocks = groupOf('mocks');
  if (entry.length === 0 || app.length === 0) {
    console.log('  Could not read the chunk map from dist/ (was it built by this webpack config?).');
    limits.notMeasured('/login JavaScript');
    return;
  }
  reportRoute('/login', [...entry, ...app, ...groupOf('page-login')], mocks, LOGIN_LIMIT_KB);
  // A member's page loads the member shell's chunk beside its own.
  reportRoute('/', [...entry, ...app, ...groupOf('member'), ...groupOf('page-home')], mocks);
  // QA's workbench: its badge and shortcut once the stand-in has started, its panel when opened.
  // A build with API_MOCKING=off has neither (e2e/workbench.spec.ts reads that build for them).
  const workbench = [...groupOf('workbench'), ...groupOf('workbench-panel')];
  if (workbench.length > 0) {
    console.log('\n  the workbench (stand-in builds only)');
    for (const chunk of new Map(workbench.map((item) => [item.id, item])).values()) {
      console.log(`    ${chunk.name.padEnd(18)} ${kb(chunk.gzip).padStart(10)} gzip  (${kb(chunk.raw)} raw, ${chunk.file})`);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// 2 and 3 need the app's code, in a DOM.
// ---------------------------------------------------------------------------------------------

function installDom(): void {
  // jsdom ships with the test tooling; the bench runs in Node like the tests do.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { JSDOM } = require('jsdom') as typeof Jsdom;
  const dom = new JSDOM('<!doctype html><html><body><div id="root"></div></body></html>', { url: 'http://localhost/', pretendToBeVisual: true });
  const win = dom.window as unknown as Record<string, unknown>;
  const globals = globalThis as Record<string, unknown>;
  for (const key of Object.getOwnPropertyNames(win)) {
    if (key in globals) continue;
    globals[key] = win[key];
  }
  globals.window = dom.window;
  globals.document = dom.window.document;
  globals.navigator = dom.window.navigator;
  globals.IS_REACT_ACT_ENVIRONMENT = true;
  // Style sheets do nothing outside the browser.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  (require('node:module') as { _extensions: Record<string, unknown> })._extensions['.css'] = () => undefined;
}

async function loadWorld(postCount: number) {
  const { buildBusySeed } = await import('../contract/seed/busy');
  const { createMemoryDb, createMemoryStore } = await import('../mocks/memoryStore');
  const { presentMember, presentPosts } = await import('../contract/present');
  const { DEMO_USER_ID } = await import('../contract/seed/default');
  const seed = buildBusySeed();
  // The newest `postCount` posts of the busy store (10,000 in all).
  const posts = [...seed.posts].sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1)).slice(0, postCount);
  const store = createMemoryStore(createMemoryDb({ ...seed, posts }));
  return store.read(async (reader) => {
    const demo = await reader.memberById(DEMO_USER_ID);
    if (!demo) throw new Error('The busy seed has no demo member');
    return { posts: await presentPosts(reader, await reader.posts(), undefined, 'all'), me: await presentMember(reader, demo, demo.id) };
  });
}

async function benchSelectors(): Promise<void> {
  console.log('\n2. Home feed from a backend of the spec alone (the spec adapter), median of 9 per sort');
  const { inSpecTerms } = await import('../src/lib/api/specAdapter');
  const modes = ['latest', 'oldest', 'trending'] as const;

  for (const count of [1_000, 10_000]) {
    const { posts, me } = await loadWorld(count);
    const backend = { extensions: [], memberId: me._id };
    const times: Record<string, number[]> = { latest: [], oldest: [], trending: [] };
    let feedSize = 0;
    for (let round = 0; round < 9; round += 1) {
      for (const mode of modes) {
        // The first page: every post and the member's record in, the feed picked, sorted and cut.
        const start = performance.now();
        const call = inSpecTerms({ url: `/feed?sort=${mode}&limit=20` }, backend);
        const page = call?.answer([{ posts }, { user: me }]) as { posts: unknown[] } | undefined;
        times[mode]!.push(performance.now() - start);
        if (!page || page.posts.length === 0) throw new Error('The adapter built no feed');
        feedSize = (inSpecTerms({ url: `/feed?sort=${mode}&limit=${count}` }, backend)?.answer([{ posts }, { user: me }]) as { posts: unknown[] }).posts.length;
      }
    }
    const exploreStart = performance.now();
    inSpecTerms({ url: '/posts?limit=20' }, backend)?.answer([{ posts }]);
    const explore = performance.now() - exploreStart;

    console.log(`\n  ${count.toLocaleString('en-US')} posts (the member's feed holds ${feedSize.toLocaleString('en-US')})`);
    for (const mode of modes) {
      const value = median(times[mode]!);
      const limit = count === 10_000 ? ` (limit ${SORT_LIMIT_MS} ms)${limits.check(`home feed ${mode} at 10,000 posts`, value, SORT_LIMIT_MS)}` : '';
      console.log(`    ${mode.padEnd(9)} ${ms(value).padStart(10)}${limit}`);
    }
    console.log(`    ${'explore'.padEnd(9)} ${ms(explore).padStart(10)} (all ${count.toLocaleString('en-US')} posts, newest first)${count === 10_000 ? limits.check('explore at 10,000 posts', explore, SORT_LIMIT_MS) : ''}`);
  }
}

/** RTK's development-only state checks warn about the 10,000-post state; the bench is not about them. */
function quietDevChecks(): () => number {
  let dropped = 0;
  const warn = console.warn.bind(console);
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && /StateInvariantMiddleware took/.test(args[0])) {
      dropped += 1;
      return;
    }
    warn(...args);
  };
  return () => dropped;
}

const args = process.argv.slice(2);

async function main(): Promise<void> {
  console.log('SocialConnect bench\n');
  if (args.includes('--scale-only')) {
    quietDevChecks();
    installDom();
    await benchScale(limits);
  } else if (!args.some((arg) => arg.endsWith('-only'))) {
    quietDevChecks();
    benchChunks();
    installDom();
    await benchSelectors();
    await benchScale(limits);
  }
  if (args.includes('--first-paint') || args.includes('--first-paint-only')) await benchFirstPaint(limits);
  if (args.includes('--scroll') || args.includes('--scroll-only')) await benchScroll(limits);
  if (args.includes('--first-press') || args.includes('--first-press-only')) await benchFirstPress(limits);
  if (args.includes('--live') || args.includes('--live-only')) await benchLive(limits);
  if (args.includes('--workbench') || args.includes('--workbench-only')) await benchWorkbench(limits);
  if (args.includes('--images') || args.includes('--images-only')) await benchImages(limits);
  else if (args.includes('--uploads-only')) await benchUploads();
  if (args.includes('--offline') || args.includes('--offline-only')) await benchOffline(limits);
  if (args.includes('--export') || args.includes('--export-only')) await benchExport();
  if (args.includes('--leaving') || args.includes('--leaving-only')) await benchLeaving();
  if (args.includes('--scheduled') || args.includes('--scheduled-only')) await benchScheduled();
  console.log('');
}

main().then(
  () => {
    console.log(limits.summary());
    process.exit(limits.exitCode());
  },
  (error: unknown) => {
    console.error('bench failed:', error);
    process.exit(1);
  },
);
