/**
 * `npm run bench`, part 9 (`--images`, or `--images-only`): a phone photo over the 2 MB limit made
 * to fit when a member picks it (src/lib/fitImage.ts). The shipped build in dist/ (the stand-in) in
 * Chromium; the demo member picks the 4.8 MB, 3000 x 2000 photo stored sideways
 * (contract/tests/imageFixtures.ts) in Home's composer, timed from the pick to its preview on screen,
 * then removes it; on this machine's processor, then slowed four times as a phone's is. Then the
 * server's side: a camera JPEG just under 2 MB posted to the server on PGlite and on PostgreSQL (drawn
 * again with sharp before it is kept, server/images.ts), one at a time and ten at once. Last, what
 * the copies of each image save a reader (scripts/benchImageSizes.ts).
 */
import { logInThroughForm } from './benchBrowser';
import sharp from 'sharp';
import { buildDefaultSeed, DEMO_USER_ID } from '../contract/seed/default';
import { dataUrl } from '../contract/tests/fixtures';
import { cameraJpeg, PHONE_PHOTO, phonePhoto } from '../contract/tests/imageFixtures';
import { createTokenService } from '../contract/tokens';
import { LIMITS } from '../contract/validation';
import { startCluster } from '../server/testing/postgresCluster';
import { startObjectStore } from '../server/testing/objectStore';
import { startTestServer } from '../server/testing/serverTarget';
import { s3Media } from '../server/mediaFiles';
import { benchImageSizes } from './benchImageSizes';
import { median, type BenchLimits } from './benchLimits';
import { shippedBuildInBrowser } from './benchFirstPaint';

const PICKS = 5;
/** From the pick to the preview, on this machine's processor, at the median. */
const FIT_LIMIT_MS = 3_000;

export async function benchImages(limits: BenchLimits, distDir = 'dist'): Promise<void> {
  console.log('\n9. A phone photo made to fit when picked (shipped build, stand-in; Chromium)');
  const photo = Buffer.from(phonePhoto());
  const { url, browser, close } = await shippedBuildInBrowser(distDir);
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await logInThroughForm(page, `${url}/login`);
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
    await close();
  }
  await benchUploads();
  await benchImageSizes();
}

const SEQUENTIAL_UPLOADS = 30;
const AT_ONCE = 10;

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
}

/** A camera JPEG (GPS, serial, orientation 6) of the phone photo's pixels, as large as fits under the 2 MB limit. */
async function largestCameraJpeg(): Promise<{ photo: Uint8Array; width: number }> {
  for (let width = 2600; width >= 1000; width -= 100) {
    const jpeg = new Uint8Array(await sharp(phonePhoto()).resize({ width }).jpeg({ quality: 92 }).toBuffer());
    const photo = cameraJpeg(jpeg, 6);
    if (photo.length <= LIMITS.imageBytesMax) return { photo, width };
  }
  throw new Error('no width fits');
}

/**
 * `count` such photos, each with an 8-pixel square of its own painted in a corner, so that no two
 * are the same image once drawn again (a byte changed in the file may decode to the same pixels,
 * and the server keeps a repeat once).
 */
async function distinctCameraJpegs(width: number, count: number): Promise<Uint8Array[]> {
  const { data, info } = await sharp(phonePhoto()).resize({ width }).raw().toBuffer({ resolveWithObject: true });
  const photos: Uint8Array[] = [];
  for (let index = 0; index < count; index += 1) {
    const pixels = Buffer.from(data);
    for (let y = 0; y < 8; y += 1) {
      for (let x = 0; x < 8; x += 1) {
        const at = (y * info.width + (index * 8 + x) % info.width) * info.channels;
        pixels[at] = 255;
        pixels[at + 1] = (index * 37) % 256;
        pixels[at + 2] = 0;
      }
    }
    const jpeg = new Uint8Array(await sharp(pixels, { raw: { width: info.width, height: info.height, channels: info.channels } }).jpeg({ quality: 92 }).toBuffer());
    photos.push(cameraJpeg(jpeg, 6));
  }
  return photos;
}

/**
 * Posts of a photo to the server on PGlite and on PostgreSQL, timed from the call to its answer,
 * with the image's bytes where a server keeps them (files in a folder, the default), in the
 * database's rows (as before images had files), and on PostgreSQL in an S3-compatible bucket
 * (s3rver on loopback: a test server, slower than a real store, so an upper bound).
 */
export async function benchUploads(): Promise<void> {
  console.log('\n  the server: a camera JPEG posted, drawn again before it is kept (server/images.ts)');
  const { photo, width: fitted } = await largestCameraJpeg();
  const { width, height } = await sharp(photo).metadata();
  const photos = await distinctCameraJpegs(fitted, SEQUENTIAL_UPLOADS + AT_ONCE + 2);
  const sizes = photos.map((each) => each.length);
  console.log(`  the photo: ${photo.length.toLocaleString('en-US')} bytes at ${width} x ${height}, sideways, with GPS and a serial number; each post's its own (${Math.min(...sizes).toLocaleString('en-US')} to ${Math.max(...sizes).toLocaleString('en-US')} bytes)`);
  const cluster = await startCluster();
  process.env.TEST_DATABASE_URL = cluster.url;
  const places = [
    { kind: 'pglite', where: 'a folder', media: undefined },
    { kind: 'pglite', where: 'the rows', media: 'database' },
    { kind: 'postgres', where: 'a folder', media: undefined },
    { kind: 'postgres', where: 'the rows', media: 'database' },
    { kind: 'postgres', where: 'an s3rver bucket', media: 's3' },
  ] as const;
  try {
    for (const place of places) {
      const bucket = place.media === 's3' ? await startObjectStore() : undefined;
      const files = bucket ? s3Media(bucket.settings) : undefined;
      const server = await startTestServer({ kind: place.kind, media: files ?? (place.media === 'database' ? 'database' : undefined) });
      const label = `${place.kind}, images in ${place.where}`;
      try {
        await server.store.load(buildDefaultSeed());
        const token = await createTokenService({ secret: server.secret }).sign({ id: DEMO_USER_ID, username: 'demo_user', sessionVersion: 0 });
        // Each post a photo of its own, so none is a repeat the server has already kept.
        const bodies = photos.map((own, index) => JSON.stringify({ postData: { text: `Photo ${index}`, image: dataUrl('image/jpeg', own) } }));
        const send = async (body: string): Promise<number> => {
          const started = performance.now();
          const answer = await fetch(`${server.baseUrl}/api/posts`, { method: 'POST', body, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, prefer: 'return=minimal' } });
          await answer.arrayBuffer();
          if (answer.status !== 201) throw new Error(`upload answered ${answer.status}`);
          return performance.now() - started;
        };
        // Two first, to warm the paths up.
        await send(bodies.pop()!);
        await send(bodies.pop()!);
        const times: number[] = [];
        for (const body of bodies.splice(0, SEQUENTIAL_UPLOADS)) times.push(await send(body));
        const rssBefore = process.memoryUsage().rss;
        let rssPeak = rssBefore;
        const sampler = setInterval(() => { rssPeak = Math.max(rssPeak, process.memoryUsage().rss); }, 5);
        const started = performance.now();
        const together = await Promise.all(bodies.map(send));
        const allMs = performance.now() - started;
        clearInterval(sampler);
        const [stored] = await server.database.query<{ images: number; bytes: string }>(
          "SELECT (SELECT count(*)::int FROM media WHERE sha256 IN (SELECT substring(image FROM 8 FOR 64) FROM posts WHERE content LIKE 'Photo %')) AS images, (pg_total_relation_size('media') + pg_total_relation_size('media_copies'))::text AS bytes",
        );
        const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
        console.log(`  ${label}: one at a time, ${SEQUENTIAL_UPLOADS} posts: p50 ${median(times).toFixed(0)} ms, p99 ${percentile(times, 0.99).toFixed(0)} ms (min ${Math.min(...times).toFixed(0)})`);
        console.log(`  ${label}: ${AT_ONCE} at once: all answered in ${allMs.toFixed(0)} ms (the slowest ${Math.max(...together).toFixed(0)} ms); this process's memory ${mb(rssBefore)} before, ${mb(rssPeak)} at the peak (+${mb(rssPeak - rssBefore)}); ${stored?.images ?? 0} photos kept, the image tables ${(Number(stored?.bytes ?? 0) / 1024 / 1024).toFixed(1)} MB`);
      } finally {
        await server.close();
        files?.close();
        await bucket?.close();
      }
    }
  } finally {
    await cluster.stop();
  }
}
