/**
 * `npm run bench -- --offline` (or `--offline-only`): a member's Home opened with the network gone,
 * on the real server's build (src/offline/).
 *
 * The server starts as `npm run server` starts it (the app built with API_MOCKING=off, the server
 * compiled when older than their sources) on a fresh PGlite folder with the demo network. One
 * Chromium (the full browser), one context with service workers allowed: Ava logs in through the
 * form, Home shows, the app's worker takes charge, and Home is loaded once more so its pictures are
 * kept too. Then, BENCH_OFFLINE_SAMPLES times each (default 20), a reload:
 *
 *   - online: the network there, Home from the server;
 *   - offline: the network gone (Playwright's setOffline, and DevTools' emulateNetworkConditions), Home from what was kept;
 *
 * each as is and with the CPU throttled 4x (DevTools' Emulation.setCPUThrottlingRate, a mid-range
 * phone). Timed from the navigation's start to the first post card in the page (a MutationObserver
 * set before any script of the page runs), with the first card's picture shown (offline: from the
 * worker's cache). Also printed: what is kept, the answers and their bytes, and Home's first page;
 * and the outbox's delivery time once the network returns (outboxDelivery).
 *
 * Goal (issue of the offline work): Home shown within 1 s of an offline start. Percentiles are
 * nearest-rank.
 */
import type { Page } from 'playwright';
import { launchBrowser, logInThroughForm } from './benchBrowser';
import type { BenchLimits } from './benchLimits';
import { startBuiltServer } from './benchRealServer';

const SAMPLES = Number(process.env.BENCH_OFFLINE_SAMPLES ?? 20);
const TARGET_MS = 1_000;

/** Set in every page before its scripts: when the first post card, with its picture shown, came. */
function watchForFirstCard(): void {
  const w = window as unknown as { firstCardAt?: number };
  const seen = () => {
    const picture = document.querySelector<HTMLImageElement>('main article.post-card .post-card__media img');
    if (picture?.complete && picture.naturalWidth > 0 && w.firstCardAt === undefined) w.firstCardAt = performance.now();
  };
  new MutationObserver(seen).observe(document, { childList: true, subtree: true, attributes: true });
  document.addEventListener('load', seen, true);
}

async function firstCardMs(page: Page): Promise<number> {
  await page.waitForFunction(() => (window as unknown as { firstCardAt?: number }).firstCardAt !== undefined, undefined, { timeout: 30_000 });
  return page.evaluate(() => (window as unknown as { firstCardAt: number }).firstCardAt);
}

/** What the app keeps in IndexedDB (src/offline/keptReads.ts): its list of answers, with their bytes. */
async function keptNow(page: Page): Promise<Array<{ key: string; bytes: number; posts?: number }>> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const opening = indexedDB.open('socialconnect-offline');
      opening.onsuccess = () => resolve(opening.result);
      opening.onerror = () => reject(opening.error);
    });
    const index = await new Promise<Array<{ key: string; bytes: number }>>((resolve, reject) => {
      const reading = db.transaction('reads').objectStore('reads').get('index');
      reading.onsuccess = () => resolve((reading.result as Array<{ key: string; bytes: number }> | undefined) ?? []);
      reading.onerror = () => reject(reading.error);
    });
    const posts = await Promise.all(index.map((entry) => new Promise<number | undefined>((resolve) => {
      const reading = db.transaction('reads').objectStore('reads').get(entry.key);
      reading.onsuccess = () => {
        const kept = reading.result as { data?: { posts?: unknown[] } } | undefined;
        resolve(Array.isArray(kept?.data?.posts) ? kept.data.posts.length : undefined);
      };
      reading.onerror = () => resolve(undefined);
    })));
    db.close();
    return index.map(({ key, bytes }, i) => ({ key, bytes, posts: posts[i] }));
  });
}

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
};

/** The writes made offline in each round of the outbox's figure: the hearts of the first five posts, and one bookmark. */
const OUTBOX_LIKES = 5;
const OUTBOX_ROUNDS = Number(process.env.BENCH_OUTBOX_ROUNDS ?? 10);

/**
 * The outbox (src/offline/outbox*.ts): with the network gone, the first five hearts of Home pressed
 * and the first post's bookmark toggled (six writes, each shown at once as "Waiting to send"); then
 * the network back, timed from there until no card says "Waiting to send" (every write stored, in
 * order, one at a time). OUTBOX_ROUNDS rounds, each toggling back what the one before did.
 */
async function outboxDelivery(page: Page, network: (offline: boolean) => Promise<void>): Promise<void> {
  await page.reload();
  await firstCardMs(page);
  const cards = page.locator('main article.post-card');
  const waiting = page.locator('main .waiting-to-send:not([hidden])');
  const times: number[] = [];
  for (let round = 0; round < OUTBOX_ROUNDS; round += 1) {
    await network(true);
    for (let i = 0; i < OUTBOX_LIKES; i += 1) await cards.nth(i).getByRole('button', { name: /^Like, / }).click();
    await cards.nth(0).getByRole('button', { name: 'Bookmark' }).click();
    await waiting.nth(OUTBOX_LIKES - 1).waitFor();
    const back = performance.now();
    await network(false);
    await page.waitForFunction(() => document.querySelectorAll('main .waiting-to-send:not([hidden])').length === 0, undefined, { polling: 'raf', timeout: 30_000 });
    times.push(performance.now() - back);
  }
  console.log(
    `   outbox: ${OUTBOX_LIKES + 1} writes made offline (${OUTBOX_LIKES} likes or dislikes, a bookmark), all sent after the network returned in p50 ${percentile(times, 50).toFixed(0)} ms, p90 ${percentile(times, 90).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms (${OUTBOX_ROUNDS} rounds, CPU 1x)`,
  );
}

export async function benchOffline(limits: BenchLimits): Promise<void> {
  console.log('\n10. A member\'s Home opened with the network gone (real server build, Chromium)');
  const server = await startBuiltServer('bench-offline-');
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ baseURL: server.url, serviceWorkers: 'allow', viewport: { width: 1280, height: 900 } });
    await context.addInitScript(watchForFirstCard);
    const page = await context.newPage();
    await logInThroughForm(page, '/login', { timeout: 30_000 });
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    });
    // Under the worker: Home's pictures are kept as they show.
    await page.reload();
    await firstCardMs(page);
    await page.waitForTimeout(1_500);
    const kept = await keptNow(page);
    const home = kept.find((entry) => /\/api\/feed\?/.test(entry.key));
    const total = kept.reduce((sum, entry) => sum + entry.bytes, 0);
    console.log(`   kept after Home: ${kept.length} answers, ${(total / 1024).toFixed(1)} KB as JSON; Home's first page ${home ? `${(home.bytes / 1024).toFixed(1)} KB (${home.posts} posts)` : 'not kept'}`);

    // The throttle's DevTools session: the network is cut through it too, or the page, under a second
    // session, keeps saying it is online (navigator.onLine) while its calls fail.
    const cdp = await context.newCDPSession(page);
    const network = async (offline: boolean) => {
      await context.setOffline(offline);
      await cdp.send('Network.emulateNetworkConditions', { offline, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    };
    for (const rate of [1, 4]) {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      for (const offline of [false, true]) {
        await network(offline);
        const times: number[] = [];
        for (let i = 0; i < SAMPLES; i += 1) {
          await page.reload();
          times.push(await firstCardMs(page));
          // Offline, Home is what was kept, and the line above it says so.
          if (offline) {
            await page.getByRole('status').filter({ hasText: /^Offline, as of / }).waitFor({ timeout: 10_000 }).catch(async (error: unknown) => {
              throw new Error(`sample ${i}: ${JSON.stringify(await page.getByRole('status').allTextContents())} at ${page.url()}`, { cause: error });
            });
          }
        }
        const label = `${offline ? 'offline' : 'online '} start, CPU ${rate}x`;
        const p90 = percentile(times, 90);
        const verdict = offline && rate === 1 ? limits.check(`offline start: first post, p90`, p90, TARGET_MS) : '';
        console.log(`   ${label}: first post with its picture p50 ${percentile(times, 50).toFixed(0)} ms, p90 ${p90.toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms (${SAMPLES} reloads)${verdict}`);
      }
      await network(false);
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await outboxDelivery(page, network);
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
  }
}
