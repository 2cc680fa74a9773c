/**
 * A photo over the backends' limits (bytes or pixels), made smaller in the browser when the member
 * picks it, as a phone's own share sheet would: drawn upright (its EXIF orientation applied), at
 * most FIT_SIDE_MAX pixels on its long side, and encoded again (a JPEG as JPEG; a PNG or WebP as WebP, which keeps
 * transparency) at falling quality, then smaller still, until it fits. What a canvas writes holds no
 * metadata at all. A GIF is never redrawn: a canvas would keep its first frame alone.
 */
import type { ImageKind } from '../../contract/validation';

/** The long side of a photo made smaller: wider than any screen shows it in the app's viewer. */
export const FIT_SIDE_MAX = 2048;

/** The qualities tried at each size, best first. */
export const FIT_QUALITIES = [0.85, 0.72] as const;

/** Each size after the first is this much of the one before, down to FIT_SIDE_MIN. */
const SHRINK = 0.75;
const FIT_SIDE_MIN = 640;

/**
 * The largest file made smaller: past it the picture is bigger than any phone photo (and decoding it
 * would hold the tab's memory for seconds).
 */
export const FIT_FROM_BYTES_MAX = 32 * 1024 * 1024;

/** Whether this browser can redraw a picture (every current one can; a test's DOM cannot). */
export function canFitImages(): boolean {
  return typeof createImageBitmap === 'function' && (typeof OffscreenCanvas === 'function' || typeof document !== 'undefined');
}

/**
 * The most pixels a picture made smaller may have: a 48 or 50 megapixel photo (phones' high
 * resolution modes) is drawn, where the backends take at most 16,777,216. A file that claims more is
 * refused before anything decodes it.
 */
export const FIT_FROM_PIXELS_MAX = 64 * 1024 * 1024;

/** Whether `fitImage` would try to make this file (of `pixels`, when its header says) smaller. */
export function fitsByRedrawing(kind: ImageKind, bytes: number, pixels = 0): boolean {
  return kind !== 'gif' && bytes <= FIT_FROM_BYTES_MAX && pixels <= FIT_FROM_PIXELS_MAX && canFitImages();
}

async function encode(bitmap: ImageBitmap, width: number, height: number, type: string, quality: number): Promise<Blob | null> {
  const canvas = typeof OffscreenCanvas === 'function' ? new OffscreenCanvas(width, height) : Object.assign(document.createElement('canvas'), { width, height });
  const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null;
  if (!context) return null;
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type, quality });
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

/**
 * `file` (a `kind` image of `pixels`, over `maxBytes` or the backends' pixels) redrawn to fit within
 * `maxBytes`, or undefined when it cannot be: a GIF, a browser that cannot redraw, a file it cannot decode, or a picture that stays
 * over the limit even at FIT_SIDE_MIN pixels.
 */
export async function fitImage(file: Blob, kind: ImageKind, maxBytes: number, pixels = 0): Promise<Blob | undefined> {
  if (!fitsByRedrawing(kind, file.size, pixels)) return undefined;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return undefined;
  }
  try {
    const type = kind === 'jpeg' ? 'image/jpeg' : 'image/webp';
    const longSide = Math.max(bitmap.width, bitmap.height);
    for (let side = Math.min(longSide, FIT_SIDE_MAX); ; side = Math.round(side * SHRINK)) {
      const scale = side / longSide;
      const width = Math.max(1, Math.round(bitmap.width * scale));
      const height = Math.max(1, Math.round(bitmap.height * scale));
      for (const quality of FIT_QUALITIES) {
        const blob = await encode(bitmap, width, height, type, quality);
        if (!blob) return undefined;
        if (blob.size <= maxBytes) return blob;
      }
      if (side * SHRINK < FIT_SIDE_MIN) return undefined;
    }
  } finally {
    bitmap.close();
  }
}
