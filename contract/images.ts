/**
 * How a backend prepares an accepted upload before keeping it. Both have already checked it
 * (contract/validation.ts: its kind by content, its size, pixels and end) and taken out the
 * metadata blocks byte by byte (contract/imageMetadata.ts). Then each draws a still image again,
 * upright, in sRGB, with nothing but pixels, in the same format (`drawingOf`): the server with
 * libvips (server/images.ts), the stand-in with the browser's own decoder and canvas
 * (mocks/images.ts), so QA sees what members will. Animated images stay as cleaned.
 */
import { ascii, u32be, u32le } from './imageStructure';
import type { MessageKey } from './messages';
import { imageDimensions, type CheckedImage, type UploadedImage } from './validation';

/** A smaller copy of a still image, for a narrower screen: WebP, `width` pixels wide. */
export interface SmallerCopy {
  width: number;
  image: CheckedImage;
}

/** An upload as the backend keeps it, with its smaller copies (none where nothing can draw them). */
export interface PreparedImage extends UploadedImage {
  smaller: SmallerCopy[];
}

export interface ImagePreparer {
  /**
   * The image as the backend keeps and serves it. An image no decoder can draw is refused with
   * `invalid`'s message. `copies`: whether to draw the smaller copies too (a post's image; an
   * avatar is shown small everywhere and has none).
   */
  prepare(upload: UploadedImage, invalid: Extract<MessageKey, 'imageInvalid' | 'avatarInvalid'>, copies?: boolean): Promise<PreparedImage>;
}

/** The cleaned bytes as they are: where nothing can draw them (the stand-in in Node, for the contract suite). */
export const KEEP_CLEANED_BYTES: ImagePreparer = {
  prepare: async (upload) => ({ ...upload, smaller: [] }),
};

/**
 * The widths of a still image's smaller copies: a phone's card (480), a desktop's card or a phone's
 * at twice the pixels (960), and a wide screen's (1,600). A copy is made only narrower than the
 * image: an image is never made larger.
 */
export const COPY_WIDTHS = [480, 960, 1600] as const;

/** The copies' widths for an image `width` pixels wide, narrowest first. */
export function copyWidthsFor(width: number): number[] {
  return COPY_WIDTHS.filter((copy) => copy < width);
}

/** The WebP quality of a smaller copy: a screen's picture, lighter than the kept image. */
export const COPY_QUALITY = 0.8;

/**
 * What answers say of a kept image's size: its width and height (read from the bytes kept, so
 * upright), and where each copy is. Null when its size cannot be read.
 */
export function sizesOf(image: PreparedImage, urlOf: (copy: SmallerCopy) => string): { width: number; height: number; sources: { url: string; width: number }[] } | null {
  const size = imageDimensions(image.image.kind, image.image.bytes);
  if (!size || size.width < 1 || size.height < 1) return null;
  return { width: size.width, height: size.height, sources: image.smaller.map((copy) => ({ url: urlOf(copy), width: copy.width })) };
}

/** JPEG and lossy WebP quality when drawn again: the photo a member chose, at about half a camera's bytes. */
export const DRAWN_QUALITY = 0.9;

/** How a still image is written again: its own format, lossy at DRAWN_QUALITY or lossless. */
export interface Drawing {
  kind: 'jpeg' | 'png' | 'webp';
  lossless: boolean;
}

/** The PNG's chunk types before its first image data (where `acTL`, which makes it animated, must be). */
function pngChunksBeforeData(bytes: Uint8Array): Set<string> {
  const types = new Set<string>();
  for (let at = 8; at + 8 <= bytes.length; at += 12 + u32be(bytes, at)) {
    const type = ascii(bytes, at + 4, 4);
    if (type === 'IDAT') break;
    types.add(type);
  }
  return types;
}

/** The WebP's chunk types, and whether VP8X's flags say it is animated. */
function webpChunks(bytes: Uint8Array): { types: Set<string>; animated: boolean } {
  const types = new Set<string>();
  let animated = false;
  for (let at = 12; at + 8 <= bytes.length;) {
    const type = ascii(bytes, at, 4).trim();
    types.add(type);
    if (type === 'VP8X') animated = ((bytes[at + 8] ?? 0) & 0x02) !== 0;
    const size = u32le(bytes, at + 4);
    at += 8 + size + (size % 2);
  }
  return { types, animated: animated || types.has('ANIM') };
}

/**
 * How `image` is drawn again, or undefined when it stays as cleaned: a GIF, an animated PNG or
 * WebP (drawing one frame would lose the animation; their formats carry no orientation). A PNG is
 * lossless by nature; a WebP keeps its kind (a `VP8L` picture is lossless).
 */
export function drawingOf(image: CheckedImage): Drawing | undefined {
  switch (image.kind) {
    case 'jpeg':
      return { kind: 'jpeg', lossless: false };
    case 'png':
      return pngChunksBeforeData(image.bytes).has('acTL') ? undefined : { kind: 'png', lossless: true };
    case 'webp': {
      const { types, animated } = webpChunks(image.bytes);
      return animated ? undefined : { kind: 'webp', lossless: types.has('VP8L') };
    }
    default:
      return undefined;
  }
}
