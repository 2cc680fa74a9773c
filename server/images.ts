/**
 * Every still image a member uploads, drawn again before it is kept (libvips, through sharp):
 * turned upright by its EXIF orientation, converted to sRGB, and written in its own format with
 * nothing but its pixels. What the byte-level cleaning (contract/imageMetadata.ts) left for a
 * decoder (a colour profile, the orientation tag) is applied here instead of carried, and a block
 * that cleaning does not know cannot survive a new encoding.
 *
 * Which images, and in which format, is the contract's (contract/images.ts: `drawingOf`); the
 * stand-in draws the same ones with the browser's canvas.
 */
import sharp from 'sharp';
import type { RuleContext } from '../contract/context';
import { refusal } from '../contract/errors';
import { COPY_QUALITY, copyWidthsFor, DRAWN_QUALITY, drawingOf, type Drawing, type ImagePreparer, type SmallerCopy } from '../contract/images';
import { imageDimensions, LIMITS, uploadedImage, type CheckedImage } from '../contract/validation';

// Uploads are read once, from memory: libvips's cache of recent operations would only hold them.
sharp.cache(false);

const QUALITY = Math.round(DRAWN_QUALITY * 100);

function encoder({ kind, lossless }: Drawing): (image: sharp.Sharp) => sharp.Sharp {
  if (kind === 'jpeg') return (image) => image.jpeg({ quality: QUALITY });
  if (kind === 'png') return (image) => image.png();
  return (image) => image.webp(lossless ? { lossless: true } : { quality: QUALITY });
}

/**
 * Draws `image` again as it is kept: upright, in sRGB, without metadata. `pixelsMax` is libvips's own
 * guard against a file that decodes to more than it claims (the claim itself is checked before).
 */
export async function drawAgain(image: CheckedImage, pixelsMax: number = LIMITS.imagePixelsMax): Promise<CheckedImage | undefined> {
  const drawing = drawingOf(image);
  if (!drawing) return undefined;
  const pipeline = sharp(image.bytes, { limitInputPixels: pixelsMax, failOn: 'error' }).rotate();
  return { kind: image.kind, bytes: new Uint8Array(await encoder(drawing)(pipeline).toBuffer()) };
}

/**
 * libvips's WebP effort for the copies (0-6, 4 by default): the three copies of a 2500 x 1667 photo
 * took 540-595 ms at 4 and 303-346 ms at 2, for bytes within 5 % (the 1,600 copy smaller at 2).
 */
const COPY_EFFORT = 2;

/**
 * The smaller copies of a still image already drawn again (`drawn`, upright and in sRGB): WebP, at
 * each of the widths narrower than it, drawn from `image` as uploaded so no copy is a copy of a copy.
 */
export async function smallerCopies(image: CheckedImage, drawn: CheckedImage, pixelsMax: number = LIMITS.imagePixelsMax): Promise<SmallerCopy[]> {
  const width = imageDimensions(drawn.kind, drawn.bytes)?.width ?? 0;
  const quality = Math.round(COPY_QUALITY * 100);
  return Promise.all(copyWidthsFor(width).map(async (copyWidth) => {
    const bytes = await sharp(image.bytes, { limitInputPixels: pixelsMax, failOn: 'error' }).rotate().resize({ width: copyWidth }).webp({ quality, effort: COPY_EFFORT }).toBuffer();
    return { width: copyWidth, image: { kind: 'webp' as const, bytes: new Uint8Array(bytes) } };
  }));
}

/**
 * The server's: each still image drawn again (with its smaller copies when asked), decoding no more than `pixelsMax` pixels (the
 * IMAGE_PIXELS_MAX setting); one that no decoder draws is refused.
 */
export function drawingAgainWithin(pixelsMax: number): ImagePreparer {
  return {
    async prepare(upload, invalid, copies = false) {
      let drawn: CheckedImage | undefined;
      let smaller: SmallerCopy[] = [];
      try {
        drawn = await drawAgain(upload.image, pixelsMax);
        if (drawn && copies) smaller = await smallerCopies(upload.image, drawn, pixelsMax);
      } catch {
        throw refusal(invalid);
      }
      return drawn ? { ...uploadedImage(drawn), smaller } : { ...upload, smaller };
    },
  };
}

/** The server's preparer at the default pixel limit. */
export const DRAW_AGAIN: ImagePreparer = drawingAgainWithin(LIMITS.imagePixelsMax);

/**
 * The rule context's image parts for one pixel limit (IMAGE_PIXELS_MAX): the rules' check of what an
 * upload claims and the decoder's guard, set together so the two never differ.
 */
export function imagesWithin(pixelsMax: number = LIMITS.imagePixelsMax): Pick<RuleContext, 'images' | 'imagePixelsMax'> {
  return { images: pixelsMax === LIMITS.imagePixelsMax ? DRAW_AGAIN : drawingAgainWithin(pixelsMax), imagePixelsMax: pixelsMax };
}
