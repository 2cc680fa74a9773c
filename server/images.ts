/**
 * Every still image a member uploads, drawn again before it is kept (libvips, through sharp):
 * turned upright by its EXIF orientation, converted to sRGB, and written in its own format with
 * nothing but its pixels. What the byte-level cleaning (contract/imageMetadata.ts) left for a
 * decoder (a colour profile, the orientation tag) is applied here instead of carried, and a block
 * that cleaning does not know cannot survive a new encoding.
 *
 * Animated images (GIF, animated PNG and WebP) are kept as the cleaning left them: a frame-by-frame
 * encode would lose or flatten their animation, and their formats carry no orientation.
 */
import sharp from 'sharp';
import type { ImagePreparer } from '../contract/images';
import { refusal } from '../contract/errors';
import { LIMITS, uploadedImage, type CheckedImage, type ImageKind } from '../contract/validation';

// Uploads are read once, from memory: libvips's cache of recent operations would only hold them.
sharp.cache(false);

/** JPEG and lossy WebP quality: what a member sees as the photo they chose, at about half a camera's bytes. */
const QUALITY = 90;

function ascii(bytes: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + length));
}

/** The PNG's chunk types before its first image data (where `acTL`, which makes it animated, must be). */
function pngChunksBeforeData(bytes: Uint8Array): Set<string> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const types = new Set<string>();
  for (let at = 8; at + 8 <= bytes.length;) {
    const type = ascii(bytes, at + 4, 4);
    if (type === 'IDAT') break;
    types.add(type);
    at += 12 + view.getUint32(at);
  }
  return types;
}

/** The WebP's chunk types (VP8X's flags say animation; a `VP8L` chunk is a lossless picture). */
function webpChunks(bytes: Uint8Array): { types: Set<string>; animated: boolean } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const types = new Set<string>();
  let animated = false;
  for (let at = 12; at + 8 <= bytes.length;) {
    const type = ascii(bytes, at, 4).trim();
    types.add(type);
    if (type === 'VP8X' && at + 8 < bytes.length) animated = (bytes[at + 8]! & 0x02) !== 0;
    const size = view.getUint32(at + 4, true);
    at += 8 + size + (size % 2);
  }
  return { types, animated: animated || types.has('ANIM') };
}

/** How the image is written again, or undefined when it is kept as it is (animated). */
function encoding(kind: ImageKind, bytes: Uint8Array): ((image: sharp.Sharp) => sharp.Sharp) | undefined {
  switch (kind) {
    case 'jpeg':
      return (image) => image.jpeg({ quality: QUALITY });
    case 'png':
      return pngChunksBeforeData(bytes).has('acTL') ? undefined : (image) => image.png();
    case 'webp': {
      const { types, animated } = webpChunks(bytes);
      if (animated) return undefined;
      return types.has('VP8L') ? (image) => image.webp({ lossless: true }) : (image) => image.webp({ quality: QUALITY });
    }
    default:
      return undefined;
  }
}

/**
 * Draws `image` again as it is kept: upright, in sRGB, without metadata. `pixelsMax` is libvips's own
 * guard against a file that decodes to more than it claims (the claim itself is checked before).
 */
export async function drawAgain(image: CheckedImage, pixelsMax = LIMITS.imagePixelsMax): Promise<CheckedImage | undefined> {
  const write = encoding(image.kind, image.bytes);
  if (!write) return undefined;
  const pipeline = sharp(image.bytes, { limitInputPixels: pixelsMax, failOn: 'error' }).rotate();
  return { kind: image.kind, bytes: new Uint8Array(await write(pipeline).toBuffer()) };
}

/** The server's: each still image drawn again; one that no decoder draws is refused. */
export const DRAW_AGAIN: ImagePreparer = {
  async prepare(upload, invalid) {
    let drawn: CheckedImage | undefined;
    try {
      drawn = await drawAgain(upload.image);
    } catch {
      throw refusal(invalid);
    }
    return drawn ? uploadedImage(drawn) : upload;
  },
};
