import { GIF_PARTS, join, plainJpeg } from '../../contract/tests/imageFixtures';
import { pngBytes } from '../../contract/tests/fixtures';
import { MAX_IMAGE_BYTES, readImageFile } from './fileToDataUrl';
import { FIT_FROM_BYTES_MAX, FIT_SIDE_MAX } from './fitImage';

/** A whole JPEG of `size` bytes: a real one, padded after its end marker (as cameras append previews). */
function jpegOfSize(size: number): Uint8Array<ArrayBuffer> {
  const jpeg = plainJpeg();
  const out = new Uint8Array(size);
  out.set(jpeg);
  return out;
}

interface Encoded {
  width: number;
  height: number;
  type: string;
  quality: number;
}

/**
 * The browser's drawing, as a test's DOM lacks it: createImageBitmap decodes a `picture` of the
 * given size; a canvas's encode answers a JPEG whose size grows with its pixels and quality
 * (`bytesPerPixel` at quality 1), and each encode is recorded.
 */
function browserDraws(picture: { width: number; height: number }, bytesPerPixel: number, { decodes = true } = {}) {
  const encoded: Encoded[] = [];
  const closed = jest.fn();
  class FakeOffscreenCanvas {
    constructor(
      readonly width: number,
      readonly height: number,
    ) {}
    getContext() {
      return { drawImage: jest.fn(), imageSmoothingQuality: 'low' };
    }
    convertToBlob({ type, quality }: { type: string; quality: number }) {
      encoded.push({ width: this.width, height: this.height, type, quality });
      // A File is the test DOM's own Blob (its FileReader reads no other).
      return Promise.resolve(new File([jpegOfSize(Math.round(this.width * this.height * quality * bytesPerPixel))], 'drawn', { type }));
    }
  }
  const orientations: unknown[] = [];
  Object.assign(globalThis, {
    OffscreenCanvas: FakeOffscreenCanvas,
    createImageBitmap: (_file: Blob, options: { imageOrientation?: string }) => {
      orientations.push(options.imageOrientation);
      return decodes ? Promise.resolve({ ...picture, close: closed }) : Promise.reject(new DOMException('The source image could not be decoded.', 'InvalidStateError'));
    },
  });
  return { encoded, closed, orientations };
}

const file = (bytes: Uint8Array<ArrayBuffer>, name: string, type: string) => new File([bytes], name, { type });

afterEach(() => {
  delete (globalThis as { OffscreenCanvas?: unknown }).OffscreenCanvas;
  delete (globalThis as { createImageBitmap?: unknown }).createImageBitmap;
});

describe('readImageFile: a photo over the limits is made smaller to fit', () => {
  it('draws a 5 MB phone photo upright at 2048 pixels wide, then smaller until it fits, as a JPEG', async () => {
    const { encoded, closed, orientations } = browserDraws({ width: 4032, height: 3024 }, 1);
    const picked = await readImageFile(file(jpegOfSize(5 * 1024 * 1024), 'IMG_0001.jpg', 'image/jpeg'));

    expect(picked.dataUrl).toMatch(/^data:image\/jpeg;base64,\/9j\//);
    expect(orientations).toEqual(['from-image']);
    // 2048 x 1536 is 2.7 MB at 0.85 and 2.3 MB at 0.72; 1536 x 1152 at 0.85 is 1.5 MB.
    expect(encoded).toEqual([
      { width: FIT_SIDE_MAX, height: 1536, type: 'image/jpeg', quality: 0.85 },
      { width: FIT_SIDE_MAX, height: 1536, type: 'image/jpeg', quality: 0.72 },
      { width: 1536, height: 1152, type: 'image/jpeg', quality: 0.85 },
    ]);
    expect(atob(picked.dataUrl!.split(',')[1]!).length).toBeLessThanOrEqual(MAX_IMAGE_BYTES);
    expect(closed).toHaveBeenCalledTimes(1);
  });

  it('keeps a tall picture tall, and draws a large PNG as WebP (transparency kept)', async () => {
    const { encoded } = browserDraws({ width: 2000, height: 4000 }, 0.1);
    await readImageFile(file(pngBytes(2000, 4000, 3 * 1024 * 1024), 'scan.png', 'image/png'));
    expect(encoded).toEqual([{ width: 1024, height: FIT_SIDE_MAX, type: 'image/webp', quality: 0.85 }]);
  });

  it("draws a 48 megapixel photo (a phone's high resolution mode) smaller, and refuses a file claiming more than 64 undecoded", async () => {
    const { encoded } = browserDraws({ width: 6000, height: 8000 }, 0.5);
    const picked = await readImageFile(file(pngBytes(6000, 8000, 1024 * 1024), 'IMG_48MP.png', 'image/png'));
    expect(picked).toHaveProperty('dataUrl');
    expect(encoded).toEqual([{ width: 1536, height: FIT_SIDE_MAX, type: 'image/webp', quality: 0.85 }]);

    const bomb = browserDraws({ width: 10_000, height: 10_000 }, 0.5);
    await expect(readImageFile(file(pngBytes(10_000, 10_000), 'bomb.png', 'image/png'))).resolves.toEqual({ problem: 'too-many-pixels' });
    expect(bomb.orientations).toEqual([]);
  });

  it('leaves a photo within the limit exactly as it is', async () => {
    const { encoded } = browserDraws({ width: 16, height: 8 }, 1);
    const photo = plainJpeg();
    const picked = await readImageFile(file(photo, 'small.jpg', 'image/jpeg'));
    expect(encoded).toEqual([]);
    expect(picked.dataUrl).toBe(`data:image/jpeg;base64,${Buffer.from(photo).toString('base64')}`);
  });

  it('refuses as too large what it cannot make fit: a GIF, a file past 32 MB, one it cannot decode, one that stays over', async () => {
    const { encoded } = browserDraws({ width: 4032, height: 3024 }, 1);
    const { header, frame } = GIF_PARTS;
    const bigGif = join(header, ...Array.from({ length: 100_000 }, () => frame), [0x3b]);
    expect(bigGif.length).toBeGreaterThan(MAX_IMAGE_BYTES);
    await expect(readImageFile(file(bigGif, 'party.gif', 'image/gif'))).resolves.toEqual({ problem: 'too-large' });
    await expect(readImageFile(file(jpegOfSize(FIT_FROM_BYTES_MAX + 1), 'huge.jpg', 'image/jpeg'))).resolves.toEqual({ problem: 'too-large' });
    expect(encoded).toEqual([]);

    browserDraws({ width: 4032, height: 3024 }, 1, { decodes: false });
    await expect(readImageFile(file(jpegOfSize(3 * 1024 * 1024), 'odd.jpg', 'image/jpeg'))).resolves.toEqual({ problem: 'too-large' });

    // At 100 bytes a pixel even 640 pixels wide is over 2 MB: each size down to it is tried, then no more.
    const stays = browserDraws({ width: 4032, height: 3024 }, 100);
    await expect(readImageFile(file(jpegOfSize(3 * 1024 * 1024), 'noise.jpg', 'image/jpeg'))).resolves.toEqual({ problem: 'too-large' });
    expect(stays.encoded.map(({ width }) => width)).toEqual([2048, 2048, 1536, 1536, 1152, 1152, 864, 864, 648, 648]);
  });

  it('refuses a cut-off photo before drawing it', async () => {
    const { encoded } = browserDraws({ width: 4032, height: 3024 }, 1);
    const cut = plainJpeg().slice(0, -2);
    const large = new Uint8Array(3 * 1024 * 1024);
    large.set(cut);
    // Zeros after a JPEG cut before its end marker: still no end marker.
    await expect(readImageFile(file(large, 'cut.jpg', 'image/jpeg'))).resolves.toEqual({ problem: 'cut-off' });
    expect(encoded).toEqual([]);
  });
});
