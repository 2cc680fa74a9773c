/**
 * Whether an image file is whole: its structure runs to its own end, as the writer closed it. An
 * upload cut off on its way (a phone that lost its connection, a copy that stopped) still starts
 * like an image and passes a check of its type and canvas, but a decoder shows its lower part grey
 * or nothing at all. Structure alone, no decoding: the same check runs in the app, when the file is
 * picked, and in both backends.
 *
 * - JPEG: an end-of-image marker after the first scan's start (what follows it, a camera's
 *   preview, does not count). Entropy-coded data stuffs every FF it holds, so no FF D9 is there by chance.
 * - PNG: every chunk whole, up to and including IEND.
 * - GIF: every block whole, up to the trailer, or up to the end right after an image's data (some
 *   writers leave the trailer out, and decoders show such a file whole).
 * - WebP: the RIFF size within the file, and every chunk whole within it.
 */
import type { ImageKind } from './validation';

// Readers of a file's numbers and names, for this module, imageMetadata.ts and images.ts: 0 past the end.
export const u16be = (b: Uint8Array, at: number): number => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
export const u16le = (b: Uint8Array, at: number): number => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
export const u32be = (b: Uint8Array, at: number): number => ((u16be(b, at) << 16) >>> 0) + u16be(b, at + 2);
export const u32le = (b: Uint8Array, at: number): number => u16le(b, at) + ((u16le(b, at + 2) << 16) >>> 0);

/** The bytes at `at` read as Latin-1 text, `length` long. */
export function ascii(b: Uint8Array, at: number, length: number): string {
  let text = '';
  for (let i = at; i < at + length && i < b.length; i += 1) text += String.fromCharCode(b[i] ?? 0);
  return text;
}

/** How each kind says it is whole: every kind has its own (a new kind fails the typecheck here). */
const WHOLENESS: Readonly<Record<ImageKind, (bytes: Uint8Array) => boolean>> = { jpeg: jpegIsWhole, png: pngIsWhole, gif: gifIsWhole, webp: webpIsWhole };

export function imageIsWhole(kind: ImageKind, bytes: Uint8Array): boolean {
  // A kind from outside the union is not one known to be whole.
  return Object.hasOwn(WHOLENESS, kind) && WHOLENESS[kind](bytes);
}

function indexOfPair(b: Uint8Array, first: number, second: number, from: number): number {
  for (let at = b.indexOf(first, from); at !== -1 && at + 1 < b.length; at = b.indexOf(first, at + 1)) {
    if (b[at + 1] === second) return at;
  }
  return -1;
}

function jpegIsWhole(b: Uint8Array): boolean {
  const scan = indexOfPair(b, 0xff, 0xda, 2);
  return scan !== -1 && indexOfPair(b, 0xff, 0xd9, scan + 2) !== -1;
}

function pngIsWhole(b: Uint8Array): boolean {
  let at = 8;
  while (at + 12 <= b.length) {
    const end = at + 12 + u32be(b, at);
    if (end > b.length) return false;
    if (b[at + 4] === 0x49 && b[at + 5] === 0x45 && b[at + 6] === 0x4e && b[at + 7] === 0x44) return true; // IEND
    at = end;
  }
  return false;
}

/** Where the sub-blocks starting at `at` end (after their zero terminator), or undefined when cut off. */
export function subBlocksEnd(b: Uint8Array, at: number): number | undefined {
  let next = at;
  while (next < b.length) {
    const size = b[next] ?? 0;
    next += 1 + size;
    if (size === 0) return next <= b.length ? next : undefined;
  }
  return undefined;
}

/** The size of a colour table the flags byte announces (its top bit, then 3 x 2^(n+1) bytes). */
export function colourTableSize(flags: number): number {
  return (flags & 0x80) !== 0 ? 3 * 2 ** ((flags & 0x07) + 1) : 0;
}

function gifIsWhole(b: Uint8Array): boolean {
  let at = 13 + colourTableSize(b[10] ?? 0);
  let lastWasImage = false;
  while (at < b.length) {
    const introducer = b[at];
    let end: number | undefined;
    if (introducer === 0x3b) return true;
    if (introducer === 0x21) end = subBlocksEnd(b, at + 2);
    else if (introducer === 0x2c) {
      // Image descriptor (10), its local colour table, the LZW code size, then the data's sub-blocks.
      const data = at + 10 + colourTableSize(b[at + 9] ?? 0) + 1;
      end = data <= b.length ? subBlocksEnd(b, data) : undefined;
    }
    if (end === undefined) return false;
    lastWasImage = introducer === 0x2c;
    at = end;
  }
  return at === b.length && lastWasImage;
}

function webpIsWhole(b: Uint8Array): boolean {
  const riffEnd = 8 + u32le(b, 4);
  if (b.length < 20 || riffEnd > b.length) return false;
  let at = 12;
  while (at + 8 <= riffEnd) {
    const size = u32le(b, at + 4);
    at += 8 + size + (size % 2);
  }
  // The last chunk's pad byte may be left out.
  return at === riffEnd || at === riffEnd + 1;
}
