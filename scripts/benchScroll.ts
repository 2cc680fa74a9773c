/**
 * `npm run bench`, part 5 (`--scroll`, or `--scroll-only`): the browser's memory while a member goes
 * through 5,000 posts. The shipped build in dist/ (the stand-in, busy scenario: 10,000 posts) in
 * Chromium; the demo member logs in, opens Explore and presses "Load more posts" until 5,000 posts
 * are loaded. At each mark: the JavaScript heap after a garbage collection, the page's DOM nodes and
 * the post cards in it. The stand-in runs in the same page, so the heap includes its 10,000 posts
 * from the start; what the scrolling costs is the growth from the first mark.
 */
import type { Page } from 'playwright';
import { logInThroughForm } from './benchBrowser';
import type { BenchLimits } from './benchLimits';
import { shippedBuildInBrowser } from './benchFirstPaint';

const MARKS = [20, 1000, 2500, 5000];
/** The post list's window (MAX_RENDERED_POSTS): the page never holds more cards than this. */
const CARDS_LIMIT = 100;
/**
 * The heap's growth per 1,000 posts once the page is full: a list keeps its last pages only, so what
 * grows is the places of the pages it let go of (a few bytes each) and the stand-in's own records.
 */
const HEAP_GROWTH_LIMIT_MB = 0.2;
/** How many pages the member goes back up after the last mark. */
const BACK_UP_PAGES = 25;

interface Mark {
  loaded: number;
  heapMb: number;
  domNodes: number;
  cards: number;
}

/** How many posts the list says it has loaded ("Showing posts 1 to 20 of 40 loaded so far"). */
async function loadedCount(page: Page): Promise<number> {
  const text = await page.locator('.post-list__more [aria-live]').textContent();
  const match = /of (\d+)/.exec(text ?? '');
  return match ? Number(match[1]) : 0;
}

export async function benchScroll(limits: BenchLimits, distDir = 'dist'): Promise<void> {
  console.log('\n5. Scrolling 5,000 posts in a browser (shipped build, stand-in, busy scenario; Chromium)');
  const { url, browser, close } = await shippedBuildInBrowser(distDir);
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const measure = async (loaded: number): Promise<Mark> => {
      await cdp.send('HeapProfiler.collectGarbage');
      const { metrics } = await cdp.send('Performance.getMetrics');
      const heap = metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? Number.NaN;
      const domNodes = await page.evaluate(() => document.getElementsByTagName('*').length);
      const cards = await page.locator('[role="feed"] article').count();
      return { loaded, heapMb: heap / 1024 / 1024, domNodes, cards };
    };

    await logInThroughForm(page, `${url}/login?scenario=busy`, { timeout: 30_000 });
    await page.getByRole('link', { name: 'Explore' }).first().click();
    const more = page.getByRole('button', { name: /Load more posts|Loading more posts…/ });
    await more.waitFor({ timeout: 30_000 });

    const marks: Mark[] = [];
    const started = Date.now();
    for (const target of MARKS) {
      while ((await loadedCount(page)) < target) {
        const before = await page.locator('.post-list__more [aria-live]').textContent();
        await more.click();
        await page.waitForFunction((text) => document.querySelector('.post-list__more [aria-live]')?.textContent !== text, before, { timeout: 30_000 });
      }
      marks.push(await measure(await loadedCount(page)));
    }
    const seconds = (Date.now() - started) / 1000;

    // Back up 500 posts: the pages the list let go of load again, and the page stays within its window.
    const earlier = page.getByRole('button', { name: 'Show earlier posts' });
    for (let step = 0; step < BACK_UP_PAGES; step += 1) {
      const before = await page.locator('.post-list__more [aria-live]').textContent();
      await earlier.click();
      await page.waitForFunction((text) => document.querySelector('.post-list__more [aria-live]')?.textContent !== text, before, { timeout: 30_000 });
    }
    // The window moves at once; the cards of a page let go of come when it is in again.
    await page.waitForFunction(() => /^Showing posts (\d+) to (\d+)/.exec(document.querySelector('.post-list__more [aria-live]')?.textContent ?? '')?.slice(1).map(Number).reduce((a, b) => b - a + 1) === 100, undefined, { timeout: 30_000 });
    const backUp = await measure(await loadedCount(page));
    const shownText = (await page.locator('.post-list__more [aria-live]').textContent()) ?? '';

    console.log('  | posts loaded | JS heap (after GC) | growth from the first mark | DOM nodes | post cards in the page |');
    console.log('  |---|---|---|---|---|');
    for (const mark of marks) {
      console.log(`  | ${mark.loaded.toLocaleString('en-US')} | ${mark.heapMb.toFixed(1)} MB | ${(mark.heapMb - marks[0]!.heapMb).toFixed(1)} MB | ${mark.domNodes.toLocaleString('en-US')} | ${mark.cards} |`);
    }
    // From the second mark on, the page holds its full window of cards: what grows is the cache.
    const full = marks[1]!;
    const last = marks[marks.length - 1]!;
    const perThousand = ((last.heapMb - full.heapMb) / (last.loaded - full.loaded)) * 1000;
    console.log(`  back up ${BACK_UP_PAGES * 20} posts ("Show earlier posts" ${BACK_UP_PAGES} times): ${backUp.heapMb.toFixed(1)} MB, ${backUp.domNodes.toLocaleString('en-US')} DOM nodes, ${backUp.cards} cards; the list says "${shownText.trim()}"`);
    console.log(`  ${last.loaded.toLocaleString('en-US')} posts loaded in ${seconds.toFixed(0)} s. From ${full.loaded.toLocaleString('en-US')} posts on, with the page's cards at their limit, the heap grew ${perThousand.toFixed(2)} MB per 1,000 posts loaded (limit ${HEAP_GROWTH_LIMIT_MB})${limits.check('heap growth per 1,000 posts while scrolling', perThousand, HEAP_GROWTH_LIMIT_MB)}`);
    console.log(`  post cards in the page at most: ${Math.max(...marks.map((mark) => mark.cards))} (limit ${CARDS_LIMIT})${limits.check('post cards in the page while scrolling', Math.max(...marks.map((mark) => mark.cards)), CARDS_LIMIT)}`);
  } finally {
    await close();
  }
}
