/**
 * `npm run bench`, part 9 (`--images`, or `--images-only`): a phone photo over the 2 MB limit made
 * to fit when a member picks it (src/lib/fitImage.ts). The shipped build in dist/ (the stand-in) in
 * Chromium; the demo member picks the 4.8 MB, 3000 x 2000 photo stored sideways
 * (contract/tests/imageFixtures.ts) in Home's composer, timed from the pick to its preview on screen,
 * then removes it; on this machine's processor, then slowed four times as a phone's is.
 */
import { resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright';
import { PHONE_PHOTO, phonePhoto } from '../contract/tests/imageFixtures';
import { median, type BenchLimits } from './benchLimits';
import { serve } from './benchFirstPaint';

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const PICKS = 5;
/** From the pick to the preview, on this machine's processor, at the median. */
const FIT_LIMIT_MS = 3_000;

export async function benchImages(limits: BenchLimits, distDir = 'dist'): Promise<void> {
  console.log('\n9. A phone photo made to fit when picked (shipped build, stand-in; Chromium)');
  const photo = Buffer.from(phonePhoto());
  const server = await serve(resolve(distDir));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({ executablePath: CHROME, args: CHROME_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${url}/login`);
    await page.getByLabel('Username').fill('demo_user');
    await page.getByLabel('Password', { exact: true }).fill('welcome123');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByRole('heading', { name: 'Latest Posts' }).waitFor({ timeout: 60_000 });
    const cdp = await page.context().newCDPSession(page);
    const preview = page.getByRole('img', { name: 'Preview of the image to post' });
    for (const rate of [1, 4]) {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      const times: number[] = [];
      let fitted = { bytes: 0, width: 0, height: 0 };
      for (let pick = 0; pick < PICKS; pick += 1) {
        const started = Date.now();
        await page.getByLabel('Image file').setInputFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: photo });
        await preview.waitFor({ timeout: 60_000 });
        times.push(Date.now() - started);
        fitted = await preview.evaluate((image: HTMLImageElement) => ({ bytes: atob(image.src.slice(image.src.indexOf(',') + 1)).length, width: image.naturalWidth, height: image.naturalHeight }));
        await page.getByRole('button', { name: 'Remove image' }).click();
        await preview.waitFor({ state: 'detached' });
      }
      if (rate === 1) console.log(`  ${photo.length.toLocaleString('en-US')} bytes at ${PHONE_PHOTO.width} x ${PHONE_PHOTO.height}, sideways: posted as ${fitted.bytes.toLocaleString('en-US')} bytes at ${fitted.width} x ${fitted.height}, upright`);
      const ms = median(times);
      const where = rate === 1 ? "this machine's processor" : `the processor slowed ${rate} times (a phone)`;
      const verdict = rate === 1 ? ` (limit ${FIT_LIMIT_MS.toLocaleString('en-US')} ms)${limits.check('photo fitted when picked', ms, FIT_LIMIT_MS)}` : '';
      console.log(`  from the pick to the preview, ${where}: ${ms.toLocaleString('en-US')} ms median of ${PICKS} (min ${Math.min(...times)}, max ${Math.max(...times)})${verdict}`);
    }
  } finally {
    await browser.close();
    server.close();
  }
}
