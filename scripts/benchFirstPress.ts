/**
 * `npm run bench -- --first-press` (or `--first-press-only`): how soon /login answers a press made the
 * moment it is painted, against how soon the dependency floor (scripts/benchFloor) renders its data,
 * in the same run and under the same conditions: Chromium through Playwright, the DevTools protocol
 * throttling the network (150 ms round trips, 1.6 Mbps down, 750 kbps up) and the processor (4 times
 * slower), as Lighthouse's mobile profile. The floor and /login (mocking on, then off) are loaded in
 * turn, BENCH_PRESS_RUNS times (default 5); each figure is the median of its runs.
 *
 * On /login the bench presses "Fill Test Credentials" the moment the page paints its first content,
 * and takes the moment the Username field shows the sample. Goals: that moment no later than the
 * floor's render, and /login's Largest Contentful Paint no later than the floor's. BENCH_REUSE_BUILDS=1
 * measures the builds of the last run instead of building again.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Browser, Page } from 'playwright';
import { launchBrowser } from './benchBrowser';
import { median, type BenchLimits } from './benchLimits';
import { BUILDS, buildAll, serve } from './benchFirstPaint';

const RUNS = Number(process.env.BENCH_PRESS_RUNS ?? 5);
const KBPS = 1024 / 8;
const NETWORK = { offline: false, latency: 150, downloadThroughput: 1600 * KBPS, uploadThroughput: 750 * KBPS };
const CPU_SLOWDOWN = 4;
const DEVICE = { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1.75 };

interface Target {
  name: string;
  build: keyof typeof BUILDS;
  path: string;
  /** In the page: the moment (performance.now()) the target is done, or false while it is not. */
  done: () => number | false;
  /** Pressed the moment the page has painted its first content. */
  pressesFill?: true;
}

/** Where "Fill Test Credentials" is on /login, from a load with no throttling (the page's layout is fixed). */
async function fillButtonCentre(browser: Browser, url: string): Promise<{ x: number; y: number }> {
  const context = await browser.newContext(DEVICE);
  try {
    const page = await context.newPage();
    await page.goto(url);
    const box = await page.getByRole('button', { name: 'Fill Test Credentials' }).boundingBox();
    if (!box) throw new Error('"Fill Test Credentials" has no box on screen.');
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  } finally {
    await context.close();
  }
}

const sampleShown = () => {
  const field = document.querySelector<HTMLInputElement>('input[name="username"]');
  return field !== null && field.value !== '' && performance.now();
};

const TARGETS: Target[] = [
  { name: 'floor: renders its data', build: 'floor', path: '/', done: () => document.querySelector('h1')?.textContent === 'Login' && performance.now() },
  { name: '/login, mocking on: first press answered', build: 'mockingOn', path: '/login', pressesFill: true, done: sampleShown },
  { name: '/login, mocking off: first press answered', build: 'mockingOff', path: '/login', pressesFill: true, done: sampleShown },
];

interface Figures {
  done: number;
  lcp: number;
  /** When the press reached the page (its event's time stamp), if there was one. */
  pressed: number;
}

/**
 * The page's Largest Contentful Paint (ms after navigation), or NaN when the browser recorded none:
 * it stops recording at the first input, and a press made with the first paint can come first.
 */
function largestContentfulPaint(page: Page): Promise<number> {
  return page.evaluate(() => new Promise<number>((resolve) => {
    new PerformanceObserver((list) => resolve(list.getEntries().at(-1)?.startTime ?? Number.NaN)).observe({ type: 'largest-contentful-paint', buffered: true });
    setTimeout(() => resolve(Number.NaN), 1000);
  }));
}

/**
 * One load. The press is a finger's: it goes to the browser's input queue the moment the first
 * content is painted (the browser's own paint event, and the button's place known beforehand), with
 * nothing asked of the page first, which would wait for its busy main thread.
 */
async function measure(browser: Browser, url: string, target: Target, press?: { x: number; y: number }): Promise<Figures> {
  const context = await browser.newContext(DEVICE);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.addInitScript(() => {
      addEventListener('pointerdown', (event) => {
        (window as { pressedAt?: number }).pressedAt ??= event.timeStamp;
      }, true);
    });
    await cdp.send('Page.enable');
    await cdp.send('Page.setLifecycleEventsEnabled', { enabled: true });
    const painted = new Promise<void>((resolve) => {
      cdp.on('Page.lifecycleEvent', ({ name }) => {
        if (name === 'firstContentfulPaint') resolve();
      });
    });
    await page.goto(url, { waitUntil: 'commit' });
    if (press) {
      await Promise.race([painted, new Promise((_, reject) => setTimeout(() => reject(new Error(`${url}: no first paint within 30 s.`)), 30_000))]);
      await page.mouse.click(press.x, press.y);
    }
    const done = await (await page.waitForFunction(target.done, undefined, { polling: 'raf', timeout: 60_000 })).jsonValue();
    const pressed = await page.evaluate(() => (window as { pressedAt?: number }).pressedAt ?? Number.NaN);
    return { done: Number(done), lcp: await largestContentfulPaint(page), pressed };
  } finally {
    await context.close();
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export async function benchFirstPress(limits: BenchLimits): Promise<void> {
  console.log(`\n6. First press (Playwright, DevTools throttling: 150 ms RTT, 1.6 Mbps, CPU x${CPU_SLOWDOWN}; median of ${RUNS} runs, taken in turn)`);
  if (process.env.BENCH_REUSE_BUILDS !== '1') buildAll();
  const servers = new Map<keyof typeof BUILDS, Server>();
  for (const build of Object.keys(BUILDS) as Array<keyof typeof BUILDS>) servers.set(build, await serve(BUILDS[build]));
  const browser = await launchBrowser();
  const runs = new Map<Target, Figures[]>(TARGETS.map((target) => [target, []]));
  const urlOf = (target: Target) => `http://127.0.0.1:${(servers.get(target.build)!.address() as AddressInfo).port}${target.path}`;
  try {
    const presses = new Map<Target, { x: number; y: number }>();
    for (const target of TARGETS) if (target.pressesFill) presses.set(target, await fillButtonCentre(browser, urlOf(target)));
    for (let run = 1; run <= RUNS; run += 1) {
      for (const target of TARGETS) runs.get(target)!.push(await measure(browser, urlOf(target), target, presses.get(target)));
      console.log(`  run ${run} of ${RUNS} done`);
    }
  } finally {
    await browser.close();
    for (const server of servers.values()) server.close();
  }

  const rows = TARGETS.map((target) => {
    const figures = runs.get(target)!;
    const pick = (key: keyof Figures) => median(figures.map((figure) => figure[key]).filter((value) => !Number.isNaN(value)));
    return { target, done: pick('done'), lcp: pick('lcp'), pressed: pick('pressed'), all: figures.map((figure) => Math.round(figure.done)) };
  });
  const floor = rows[0]!;
  console.log('\n  | page | pressed | done | LCP | done / floor | done, each run (ms) |');
  console.log('  |---|---|---|---|---|---|');
  for (const row of rows) {
    const pressed = Number.isNaN(row.pressed) ? '' : seconds(row.pressed);
    console.log(`  | ${row.target.name} | ${pressed} | ${seconds(row.done)} | ${seconds(row.lcp)} | ${row === floor ? '' : `${(row.done / floor.done).toFixed(2)}x`} | ${row.all.join(', ')} |`);
  }
  console.log('');
  for (const row of rows.slice(1)) {
    const name = row.target.name;
    const press = limits.check(`${name}: after the floor renders`, row.done, floor.done);
    const lcp = limits.check(`${name}: LCP after the floor's`, row.lcp, floor.lcp);
    console.log(`  ${name}: ${seconds(row.done)} vs the floor's ${seconds(floor.done)}${press}; LCP ${seconds(row.lcp)} vs ${seconds(floor.lcp)}${lcp}`);
  }
}
