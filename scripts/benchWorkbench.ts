/**
 * `npm run bench`, part 8 (`--workbench`, or `--workbench-only`): what QA's request log costs. The
 * shipped build in dist/ (the stand-in, busy scenario: 10,000 posts) in Chromium; the demo member
 * writes posts and likes each, each like timed in the page from its start to its answer, in rounds
 * with the log off and on, in turn (off, on, off, on...) so that a drift of the machine's speed
 * weighs on both alike. The stand-in's usual delay (400 ms) is in every answer: the figure is what
 * the log adds above it. Also how long the workbench's panel takes to open the first time (its
 * chunk loaded and rendered), and a scenario's data reset in place on the default seed, and a switch to
 * the default scenario in place.
 */
import type { Page } from 'playwright';
import { logInThroughForm } from './benchBrowser';
import { median, type BenchLimits } from './benchLimits';
import { shippedBuildInBrowser } from './benchFirstPaint';

const ROUNDS = 6;
const CALLS_PER_ROUND = 10;
/** From "Reset its data" to the stand-in on its seed again (replaced, saved, the app told), on the default seed. */
const RESET_LIMIT_MS = 300;
const RESETS = 5;
/** What the log may add to a like's answer on `busy`, at the median. */
const LOG_COST_LIMIT_MS = 20;
/** Where a tab keeps the log on (mocks/browser.ts). */
const LOG_SESSION_KEY = 'socialconnect.mock-log';

/** Writes `count` posts (untimed), then times a like of each, in the page: each like's ms. */
async function timeLikes(page: Page, count: number): Promise<number[]> {
  return page.evaluate(async (calls) => {
    const headers = { authorization: `Bearer ${localStorage.getItem('encodedToken') ?? ''}`, 'content-type': 'application/json' };
    const ids: string[] = [];
    for (let index = 0; index < calls; index += 1) {
      const written = await fetch('/api/posts', { method: 'POST', headers: { ...headers, prefer: 'return=minimal' }, body: JSON.stringify({ postData: { text: `Timing a like, ${index}` } }) });
      const answer = await written.json() as { post?: { id: string } };
      if (!answer.post) throw new Error(`Writing a post answered ${written.status}: ${JSON.stringify(answer).slice(0, 200)}`);
      ids.push(answer.post.id);
    }
    const times: number[] = [];
    for (const id of ids) {
      const started = performance.now();
      // As the app asks for it (postsApi.ts): the counts alone, not every post.
      const answer = await fetch(`/api/posts/like/${id}`, { method: 'POST', headers: { ...headers, prefer: 'return=minimal, reaction-counts' } });
      const body = await answer.text();
      times.push(performance.now() - started);
      // A refused call (a token gone, a like twice) would time a shorter path than a like.
      if (answer.status !== 201) throw new Error(`The like answered ${answer.status} (${body}), not 201: the figure would not be a like's.`);
    }
    return times;
  }, count);
}

export async function benchWorkbench(limits: BenchLimits, distDir = 'dist'): Promise<void> {
  console.log('\n8. QA\'s workbench: the request log\'s cost on a like (shipped build, stand-in, busy scenario; Chromium)');
  const { url, browser, close } = await shippedBuildInBrowser(distDir);
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await logInThroughForm(page, `${url}/login?scenario=busy`);

    const panelStarted = Date.now();
    const panel = page.getByRole('dialog', { name: 'Stand-in workbench' });
    await page.keyboard.press('g');
    await page.keyboard.press('w');
    await panel.waitFor({ timeout: 30_000 });
    console.log(`  the panel, first opened: ${Date.now() - panelStarted} ms from the shortcut to the panel on screen`);
    await page.keyboard.press('Escape');

    const off: number[] = [];
    const on: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const logOn = round % 2 === 1;
      await page.evaluate(([key, keep]) => (keep ? sessionStorage.setItem(key, 'on') : sessionStorage.removeItem(key)), [LOG_SESSION_KEY, logOn] as const);
      await page.reload();
      // The feed's cards: the stand-in answers this page now (a call before it would go past it).
      await page.locator('[role="feed"] article').first().waitFor({ timeout: 60_000 });
      (logOn ? on : off).push(...await timeLikes(page, CALLS_PER_ROUND));
    }
    const offMs = median(off);
    const onMs = median(on);
    console.log(`  a like's answer, log off: ${offMs.toFixed(1)} ms median (${off.length} calls; min ${Math.min(...off).toFixed(1)}, max ${Math.max(...off).toFixed(1)})`);
    console.log(`  a like's answer, log on:  ${onMs.toFixed(1)} ms median (${on.length} calls; min ${Math.min(...on).toFixed(1)}, max ${Math.max(...on).toFixed(1)})`);
    console.log(`  the log adds ${(onMs - offMs).toFixed(1)} ms (limit ${LOG_COST_LIMIT_MS} ms)${limits.check('request log cost', onMs - offMs, LOG_COST_LIMIT_MS)}`);

    // A scenario's data reset in place, on the default seed: a post written, then "Reset its data",
    // timed in the page from the press to Home without that post (the app loaded again).
    const tab = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await logInThroughForm(tab, `${url}/login?scenario=default`);
    await tab.locator('[role="feed"] article').first().waitFor({ timeout: 60_000 });
    const resets: number[] = [];
    const homes: number[] = [];
    for (let round = 0; round < RESETS; round += 1) {
      const text = `Written before reset ${round}`;
      await tab.getByRole('textbox', { name: 'New post text' }).fill(text);
      await tab.getByRole('button', { name: 'Post', exact: true }).click();
      await tab.locator('[role="feed"] article', { hasText: text }).waitFor();
      await tab.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await tab.keyboard.press('g');
      await tab.keyboard.press('w');
      const reset = tab.getByRole('dialog', { name: 'Stand-in workbench' }).getByRole('button', { name: 'Reset its data' });
      await reset.waitFor();
      const [storeMs, homeMs] = await tab.evaluate(async (written) => {
        const button = [...document.querySelectorAll('button')].find((candidate) => candidate.textContent === 'Reset its data')!;
        const started = performance.now();
        button.click();
        const until = (done: () => boolean) => new Promise<number>((resolve) => {
          const check = () => (done() ? resolve(performance.now() - started) : requestAnimationFrame(check));
          check();
        });
        const store = await until(() => [...document.querySelectorAll('[role="status"]')].some((status) => status.textContent === 'The data of default is its seed again.'));
        const home = await until(() => {
          const cards = [...document.querySelectorAll('[role="feed"] article')];
          return cards.length > 0 && !cards.some((card) => card.textContent?.includes(written));
        });
        return [store, home];
      }, text);
      resets.push(storeMs);
      homes.push(homeMs);
      await tab.keyboard.press('Escape');
    }
    const resetMs = median(resets);
    console.log(`  the default scenario's data reset in place, from the press to the store replaced, saved and the app told: ${resetMs.toFixed(0)} ms median of ${RESETS} (min ${Math.min(...resets).toFixed(0)}, max ${Math.max(...resets).toFixed(0)}; limit ${RESET_LIMIT_MS} ms)${limits.check('scenario reset', resetMs, RESET_LIMIT_MS)}`);
    console.log(`  ...and to Home without the post written: ${median(homes).toFixed(0)} ms median (min ${Math.min(...homes).toFixed(0)}): the feed's answer comes after the stand-in's usual 400 ms delay`);

    // A scenario switched in place, to the default one (from `empty`), from a page at rest (the app
    // done loading the last switch's data), timed in the page from the press to the panel saying so
    // (its seed loaded and saved, its handlers in, the app's cache reset), then to Home on its data.
    const switches: number[] = [];
    const switchHomes: number[] = [];
    for (let round = 0; round < RESETS; round += 1) {
      for (const name of ['empty', 'default']) {
        await tab.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        await tab.keyboard.press('g');
        await tab.keyboard.press('w');
        const dialog = tab.getByRole('dialog', { name: 'Stand-in workbench' });
        await dialog.getByRole('combobox', { name: 'Scenario' }).selectOption(name);
        await dialog.getByRole('button', { name: `Switch to ${name}` }).waitFor();
        const [switchMs, homeMs] = await tab.evaluate(async (chosen) => {
          const button = [...document.querySelectorAll('button')].find((candidate) => candidate.textContent === `Switch to ${chosen}`)!;
          const started = performance.now();
          button.click();
          const until = (done: () => boolean) => new Promise<number>((resolve) => {
            const check = () => (done() ? resolve(performance.now() - started) : requestAnimationFrame(check));
            check();
          });
          const switched = await until(() => [...document.querySelectorAll('[role="status"]')].some((status) => status.textContent === `The stand-in answers as ${chosen} now, from its seed.`));
          const home = await until(() => (chosen === 'empty'
            ? document.body.textContent?.includes("Let's Create Some Posts...!") === true
            : document.querySelectorAll('[role="feed"] article').length > 0));
          return [switched, home];
        }, name);
        if (name === 'default') {
          switches.push(switchMs);
          switchHomes.push(homeMs);
        }
        await tab.keyboard.press('Escape');
      }
    }
    const switchMs = median(switches);
    console.log(`  a switch to the default scenario in place, from the press to its seed loaded and saved and the app's cache reset: ${switchMs.toFixed(0)} ms median of ${RESETS} (min ${Math.min(...switches).toFixed(0)}, max ${Math.max(...switches).toFixed(0)}; limit ${RESET_LIMIT_MS} ms)${limits.check('scenario switch', switchMs, RESET_LIMIT_MS)}`);
    console.log(`  ...and to Home on the default data: ${median(switchHomes).toFixed(0)} ms median (min ${Math.min(...switchHomes).toFixed(0)}): the backend's health, then the feed, each after the stand-in's 400 ms`);
  } finally {
    await close();
  }
}
