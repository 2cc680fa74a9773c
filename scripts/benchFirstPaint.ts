/**
 * `npm run bench -- --first-paint`: how soon a visitor's first screen paints, against the dependency
 * floor (scripts/benchFloor: a trivial page of the same React, Redux Toolkit, React Router and
 * react-toastify), measured in the same run. It builds the floor and the app (mocking on and off),
 * serves each from memory with gzip on loopback, and runs Lighthouse (mobile, simulated throttling)
 * on them in turn, BENCH_RUNS times (default 3); each figure is the median of its runs.
 *
 * Goals (issue: first paint): /login and /signup paint their largest element no later than the
 * floor, their first content within 100 ms of it, score at least the floor's minus 2, and /login
 * loads at most 130 KB of JavaScript (gzip) with mocking off.
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, copyFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { median, type BenchLimits } from './benchLimits';

const ROOT = join(__dirname, '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
import type { Browser } from 'playwright';
import { CHROME, launchBrowser } from './benchBrowser';
const LIGHTHOUSE_CLI = join(ROOT, 'node_modules', 'lighthouse', 'cli', 'index.js');
const CHROME_FLAGS = '--headless=new --no-sandbox --disable-gpu --disable-quic --disable-background-networking --disable-component-update --disable-sync --no-first-run';

export const BUILDS = {
  floor: join(ROOT, 'build', 'bench-floor'),
  mockingOn: join(ROOT, 'build', 'bench-app-mocking-on'),
  mockingOff: join(ROOT, 'build', 'bench-app-mocking-off'),
};

interface Target {
  name: string;
  build: keyof typeof BUILDS;
  path: string;
}

const TARGETS: Target[] = [
  { name: 'floor (trivial page, same dependencies)', build: 'floor', path: '/' },
  { name: '/login, mocking on (shipped build)', build: 'mockingOn', path: '/login' },
  { name: '/login, mocking off', build: 'mockingOff', path: '/login' },
  // A member who reads Arabic: the page turns right to left before its first paint, and the app
  // loads its language before its first render.
  { name: '/login in Arabic, mocking off', build: 'mockingOff', path: '/login?lang=ar' },
  { name: '/signup, mocking on', build: 'mockingOn', path: '/signup' },
  { name: '/signup, mocking off', build: 'mockingOff', path: '/signup' },
];

interface Figures {
  lcp: number;
  fcp: number;
  tbt: number;
  score: number;
  jsBytes: number;
  /** What the page ran before it could paint: each script, its gzip bytes and its main-thread time. */
  scripts: Array<{ file: string; bytes: number; scriptingMs: number }>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

/** A static server of one build: gzip for text, a page's own HTML or the SPA's index.html for pages, 404 for /api. */
export function serve(dir: string): Promise<Server> {
  const cache = new Map<string, Buffer>();
  const server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    if (pathname.startsWith('/api/')) {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"errors":["No such API route."]}');
      return;
    }
    let file = normalize(join(dir, pathname));
    if (!file.startsWith(dir + sep) || !existsSync(file) || statSync(file).isDirectory()) {
      // As the app's servers do: a page the build wrote ahead (/login -> login.html), else index.html.
      const ahead = join(dir, `${pathname.replace(/\/+$/, '').slice(1)}.html`);
      file = /^\/[\w-]+\/*$/.test(pathname) && existsSync(ahead) ? ahead : join(dir, 'index.html');
    }
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    const text = /^(text|application\/json|image\/svg)/.test(type);
    let body = cache.get(file);
    if (!body) {
      body = text ? gzipSync(readFileSync(file)) : readFileSync(file);
      cache.set(file, body);
    }
    response.writeHead(200, { 'content-type': type, ...(text ? { 'content-encoding': 'gzip' } : {}), 'cache-control': 'no-cache' });
    response.end(body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** The build in `distDir` served as `serve` does, and a browser to measure it in; `close` ends both. */
export async function shippedBuildInBrowser(distDir: string): Promise<{ url: string; browser: Browser; close(): Promise<void> }> {
  const server = await serve(resolve(distDir));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await launchBrowser();
  return {
    url,
    browser,
    close: async () => {
      await browser.close();
      await new Promise((closed) => server.close(closed));
    },
  };
}

function webpack(args: string[], env: Record<string, string>): void {
  execFileSync(process.execPath, [join(ROOT, 'node_modules', 'webpack', 'bin', 'webpack.js'), ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
}

export function buildAll(): void {
  console.log('  building the floor and the app (mocking on, mocking off) ...');
  webpack(['--config', join(ROOT, 'scripts', 'benchFloor', 'webpack.config.js')], {});
  copyFileSync(join(ROOT, 'public', 'boot.css'), join(BUILDS.floor, 'boot.css'));
  webpack(['--mode', 'production'], { BUILD_DIR: 'build/bench-app-mocking-on', API_MOCKING: 'on' });
  webpack(['--mode', 'production'], { BUILD_DIR: 'build/bench-app-mocking-off', API_MOCKING: 'off' });
}

/** One Lighthouse run, in a child process (asynchronously: the servers it loads run in this one). */
async function lighthouse(url: string, outDir: string, label: string): Promise<Figures> {
  const output = join(outDir, `${label}.json`);
  await promisify(execFile)(process.execPath, [
    LIGHTHOUSE_CLI, url, '--quiet', '--output=json', `--output-path=${output}`,
    '--only-categories=performance', `--chrome-flags=${CHROME_FLAGS}`,
  ], { env: { ...process.env, CHROME_PATH: CHROME }, timeout: 180_000 });
  const report = JSON.parse(readFileSync(output, 'utf8')) as {
    audits: Record<string, { numericValue?: number; details?: { items?: Array<{ url?: string; resourceType?: string; transferSize?: number; scripting?: number }> } }>;
    categories: { performance: { score: number | null } };
  };
  const value = (id: string): number => report.audits[id]?.numericValue ?? Number.NaN;
  const requests = report.audits['network-requests']?.details?.items ?? [];
  const bootup = report.audits['bootup-time']?.details?.items ?? [];
  const fileOf = (url = '') => url.split('/').pop() ?? url;
  return {
    scripts: requests.filter((item) => item.resourceType === 'Script').map((item) => ({
      file: fileOf(item.url),
      bytes: item.transferSize ?? 0,
      scriptingMs: Math.round(bootup.find((entry) => entry.url === item.url)?.scripting ?? 0),
    })),
    lcp: value('largest-contentful-paint'),
    fcp: value('first-contentful-paint'),
    tbt: value('total-blocking-time'),
    score: Math.round((report.categories.performance.score ?? 0) * 100),
    jsBytes: requests.filter((item) => item.resourceType === 'Script').reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
  };
}


const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ratio = (value: number, floor: number) => (floor > 0 ? `${(value / floor).toFixed(2)}x` : '');

export async function benchFirstPaint(limits: BenchLimits): Promise<void> {
  console.log(`\n4. First paint (Lighthouse mobile, simulated throttling; median of ${RUNS} runs, taken in turn)`);
  if (!existsSync(LIGHTHOUSE_CLI) || !existsSync(CHROME)) {
    console.log(`  Lighthouse (${LIGHTHOUSE_CLI}) or Chromium (${CHROME}) is missing: run npm ci, and install chromium.`);
    limits.notMeasured('first paint');
    return;
  }
  buildAll();
  const servers = new Map<keyof typeof BUILDS, Server>();
  for (const build of Object.keys(BUILDS) as Array<keyof typeof BUILDS>) servers.set(build, await serve(BUILDS[build]));
  const outDir = mkdtempSync(join(tmpdir(), 'socialconnect-lighthouse-'));
  const runs = new Map<string, Figures[]>(TARGETS.map((target) => [target.name, []]));
  try {
    for (let run = 1; run <= RUNS; run += 1) {
      for (const [index, target] of TARGETS.entries()) {
        const { port } = servers.get(target.build)!.address() as AddressInfo;
        runs.get(target.name)!.push(await lighthouse(`http://127.0.0.1:${port}${target.path}`, outDir, `run${run}-${index}`));
      }
      console.log(`  run ${run} of ${RUNS} done`);
    }
  } finally {
    for (const server of servers.values()) server.close();
    rmSync(outDir, { recursive: true, force: true });
  }

  const table = TARGETS.map((target) => {
    const figures = runs.get(target.name)!;
    const pick = (key: Exclude<keyof Figures, 'scripts'>) => median(figures.map((figure) => figure[key]));
    return { target, lcp: pick('lcp'), fcp: pick('fcp'), tbt: pick('tbt'), score: pick('score'), jsBytes: pick('jsBytes'), scripts: figures[figures.length - 1]!.scripts };
  });
  const floor = table[0]!;
  console.log('\n  | page | LCP | FCP | TBT | score | JS (gzip) | LCP / floor | FCP - floor |');
  console.log('  |---|---|---|---|---|---|---|---|');
  for (const row of table) {
    console.log(`  | ${row.target.name} | ${seconds(row.lcp)} | ${seconds(row.fcp)} | ${Math.round(row.tbt)} ms | ${row.score} | ${kb(row.jsBytes)} | ${row === floor ? '' : ratio(row.lcp, floor.lcp)} | ${row === floor ? '' : `${Math.round(row.fcp - floor.fcp)} ms`} |`);
  }
  // The profile behind the figures: what each page downloads and runs before its first paint.
  for (const row of [floor, table[1]!, table[2]!, table[3]!]) {
    console.log(`\n  scripts of ${row.target.name} (last run): ${row.scripts.map((script) => `${script.file} ${kb(script.bytes)}, ${script.scriptingMs} ms scripting`).join('; ')}`);
  }
  console.log('');
  for (const row of table.slice(1)) {
    const name = row.target.name;
    const lcp = limits.check(`${name}: LCP after the floor's`, row.lcp, floor.lcp);
    const fcp = limits.check(`${name}: FCP more than 100 ms after the floor's`, row.fcp, floor.fcp + 100);
    const score = limits.check(`${name}: score below the floor's minus 2`, floor.score - 2, row.score);
    console.log(`  ${name}: LCP ${seconds(row.lcp)} vs ${seconds(floor.lcp)}${lcp}; FCP ${seconds(row.fcp)} vs ${seconds(floor.fcp)} + 0.1 s${fcp}; score ${row.score} vs ${floor.score} - 2${score}`);
  }
  const loginOff = table.find((row) => row.target.name.startsWith('/login, mocking off'))!;
  console.log(`  /login JavaScript with mocking off: ${kb(loginOff.jsBytes)} (limit 130 KB)${limits.check('/login JavaScript with mocking off', loginOff.jsBytes, 130 * 1024)}`);
}
