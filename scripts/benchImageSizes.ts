/**
 * `npm run bench`, part 9 continued (`--images`, `--images-only`): what the copies of each image
 * (the `image-sizes` extension) save a reader. The real server's build (benchRealServer.ts) with
 * the demo network and ten photos posted by the demo member, each 2500 x 1667 just under the 2 MB
 * limit (half stored sideways, so shown tall); then in Chromium, logged in:
 *
 * - Home read to its end at a phone's size (390 x 844, two device pixels a CSS pixel) and a
 *   desktop's (1280 x 900): the bytes of every image under /media/ it downloaded;
 * - a photo's own page at the phone's size, its network slowed as a phone's on a slow mobile
 *   network (1.6 Mbit/s down, 150 ms) and its processor four times: the largest contentful paint
 *   (the photo), the median of three loads with a cold cache.
 *
 * Each with the app as it is, and "before": the same app and server with `imageSizes` taken out of
 * every answer on its way to the page, as from a backend without the extension (the image as
 * uploaded, for every screen).
 */
import type { Browser, BrowserContext } from 'playwright';
import { launchBrowser, logInThroughForm } from './benchBrowser';
import sharp from 'sharp';
import { dataUrl } from '../contract/tests/fixtures';
import { cameraJpeg, phonePhoto } from '../contract/tests/imageFixtures';
import { LIMITS } from '../contract/validation';
import { median } from './benchLimits';
import { startBuiltServer } from './benchRealServer';

const PHOTOS = 10;
const LCP_LOADS = 3;
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 900 } };

/**
 * A camera JPEG of the phone photo's pixels, 2500 pixels wide and tinted by `index` (so each is a
 * photo of its own, not one the server keeps once), as large as fits under the 2 MB limit.
 */
async function photoUnderLimit(index: number, orientation: number): Promise<Uint8Array> {
  for (let quality = 92; quality >= 60; quality -= 4) {
    const tint = { r: 255 - index * 8, g: 255, b: 235 + index * 2 };
    const jpeg = new Uint8Array(await sharp(phonePhoto()).resize({ width: 2500 }).tint(tint).jpeg({ quality }).toBuffer());
    const photo = cameraJpeg(jpeg, orientation);
    if (photo.length <= LIMITS.imageBytesMax) return photo;
  }
  throw new Error('no quality fits');
}

/** Takes `imageSizes` out of every JSON answer of the API on its way to the page (the live stream passes). */
async function withoutSizes(context: BrowserContext): Promise<void> {
  await context.route('**/api/**', async (route) => {
    if (route.request().method() !== 'GET' || route.request().url().includes('/api/events')) return route.fallback();
    const response = await route.fetch();
    if (!(response.headers()['content-type'] ?? '').includes('application/json')) return route.fulfill({ response });
    const text = await response.text();
    return route.fulfill({ response, body: JSON.stringify(JSON.parse(text, (key, value: unknown) => (key === 'imageSizes' ? undefined : value))) });
  });
}

async function loggedIn(browser: Browser, url: string, device: object, before: boolean): Promise<BrowserContext> {
  const context = await browser.newContext({ ...device, baseURL: url, serviceWorkers: 'block' });
  if (before) await withoutSizes(context);
  // Logging in opens Home: its images are not fetched then, so none is in the cache after.
  await context.route('**/media/**', (route) => route.abort());
  const page = await context.newPage();
  await logInThroughForm(page, '/login');
  await page.close();
  await context.unroute('**/media/**');
  return context;
}

/** Home read to its end: the bytes of the images under /media/ downloaded, and how many. */
async function homeImageBytes(browser: Browser, url: string, device: object, before: boolean): Promise<{ bytes: number; images: number }> {
  const context = await loggedIn(browser, url, device, before);
  try {
    const page = await context.newPage();
    // Each file once (a card shown again takes it from the browser's cache): its bytes as served.
    const downloaded = new Map<string, Promise<number>>();
    page.on('response', (response) => {
      if (!new URL(response.url()).pathname.startsWith('/media/') || response.status() !== 200 || downloaded.has(response.url())) return;
      downloaded.set(response.url(), response.body().then((body) => body.length, () => 0));
    });
    await page.goto('/');
    await page.locator('main article.post-card').first().waitFor();
    // Down to the end, a screen at a time, until no more cards come and every image has loaded.
    let seen = -1;
    for (let step = 0; step < 200; step += 1) {
      await page.mouse.wheel(0, 700);
      await page.waitForTimeout(150);
      const cards = await page.locator('main article.post-card').count();
      const atEnd = await page.evaluate(() => window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 4);
      if (atEnd && cards === seen) break;
      seen = cards;
    }
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('main .post-card__media img')].every((image) => image.complete), undefined, { timeout: 60_000 });
    await page.waitForTimeout(500);
    const sizes = await Promise.all(downloaded.values());
    return { bytes: sizes.reduce((sum, size) => sum + size, 0), images: sizes.length };
  } finally {
    await context.close();
  }
}

/** The largest contentful paint of a photo's own page on a slow phone, cold. */
async function photoPageLcp(browser: Browser, url: string, postId: string, before: boolean): Promise<number> {
  const times: number[] = [];
  for (let load = 0; load < LCP_LOADS; load += 1) {
    const context = await loggedIn(browser, url, PHONE, before);
    try {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.clearBrowserCache');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(`/posts/${postId}`);
      await page.waitForFunction(() => {
        const image = document.querySelector<HTMLImageElement>('main .post-card__media img');
        return image?.complete && image.naturalWidth > 0;
      }, undefined, { timeout: 120_000 });
      // The entries come after the paint: until one names the photo (or 10 s pass).
      const largest = await page.evaluate(() => new Promise<{ at: number; element: string }>((resolve) => {
        let latest = { at: 0, element: '?' };
        new PerformanceObserver((list) => {
          const last = list.getEntries().at(-1) as PerformanceEntry & { element?: Element | null };
          latest = { at: last.startTime, element: last.element?.tagName ?? '?' };
          if (latest.element === 'IMG') resolve(latest);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve(latest), 10_000);
      }));
      // The photo is the page's largest element: what is timed is when it was shown.
      if (largest.element !== 'IMG') throw new Error(`the largest paint was a ${largest.element}, not the photo`);
      times.push(largest.at);
    } finally {
      await context.close();
    }
  }
  return median(times);
}

export async function benchImageSizes(): Promise<void> {
  console.log('\n  what the copies of each image save a reader (real server build, Chromium)');
  const server = await startBuiltServer('bench-image-sizes-');
  const browser = await launchBrowser();
  try {
    const login = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'demo_user', password: 'welcome123' }) });
    const token = ((await login.json()) as { encodedToken: string }).encodedToken;
    let photoPost = '';
    let photoBytes = 0;
    let uploaded = 0;
    for (let index = 0; index < PHOTOS; index += 1) {
      const own = await photoUnderLimit(index, index % 2 === 0 ? 1 : 6);
      uploaded = Math.max(uploaded, own.length);
      const answer = await fetch(`${server.url}/api/posts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: token },
        body: JSON.stringify({ postData: { text: `Photo ${index + 1} of the walk`, image: dataUrl('image/jpeg', own) } }),
      });
      if (answer.status !== 201) throw new Error(`a photo's post answered ${answer.status}`);
      const newest = ((await answer.json()) as { posts: Array<{ id: string; postImage: string }> }).posts[0]!;
      photoPost = newest.id;
      photoBytes = (await (await fetch(`${server.url}${newest.postImage}`)).arrayBuffer()).byteLength;
    }
    console.log(`  ${PHOTOS} photos posted, each up to ${uploaded.toLocaleString('en-US')} bytes at 2500 x 1667 (half sideways), kept at about ${photoBytes.toLocaleString('en-US')} bytes`);
    for (const [name, device] of [['phone, 390 x 844 at 2x', PHONE], ['desktop, 1280 x 900', DESKTOP]] as const) {
      const before = await homeImageBytes(browser, server.url, device, true);
      const after = await homeImageBytes(browser, server.url, device, false);
      const kb = (bytes: number) => `${Math.round(bytes / 1024).toLocaleString('en-US')} KB`;
      console.log(`  Home read to its end, ${name}: ${kb(before.bytes)} of images before (${before.images} files), ${kb(after.bytes)} with the copies (${after.images} files): ${(100 * (1 - after.bytes / before.bytes)).toFixed(0)} % less`);
    }
    const before = await photoPageLcp(browser, server.url, photoPost, true);
    const after = await photoPageLcp(browser, server.url, photoPost, false);
    console.log(`  a photo's page on a slow phone (1.6 Mbit/s, 150 ms, CPU 4x), largest contentful paint, median of ${LCP_LOADS}: ${Math.round(before).toLocaleString('en-US')} ms before, ${Math.round(after).toLocaleString('en-US')} ms with the copies`);
  } finally {
    await browser.close();
    await server.stop();
  }
}
