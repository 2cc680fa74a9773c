/**
 * An uploaded image without what its file says about the person who made it: where it was taken
 * (GPS), the camera and its serial number, the software, names, dates, comments and thumbnails of
 * the uncropped original. Pure byte rewriting, no decoding: the pixels stay exactly as they were,
 * and both backends call it where they accept an upload, so what they keep and serve (and the
 * server's SHA-256 name for it) is the cleaned file.
 *
 * What stays is what a decoder needs to show the picture as it was meant to look:
 * - colour: the ICC profile (JPEG APP2 `ICC_PROFILE`, PNG `iCCP`, WebP `ICCP`, GIF `ICCRGBG1`). A
 *   profile describes a colour space; at most it names a device model, never a person or a place,
 *   and without it a wide-gamut phone photo shows with the wrong colours;
 * - the JPEG's JFIF (APP0, without its thumbnail) and Adobe (APP14) segments, which say how to turn
 *   its samples into colours;
 * - a JPEG's EXIF Orientation, rebuilt as a minimal EXIF holding that one tag and nothing else, so
 *   a phone photo stored sideways still shows upright. PNG, WebP and GIF keep no orientation: their
 *   EXIF is rare (screenshots and exports, already upright) and browsers differ in reading it;
 * - animation (PNG `acTL`/`fcTL`/`fdAT`, WebP `ANIM`/`ANMF`, GIF's NETSCAPE2.0/ANIMEXTS1.0 looping).
 *
 * PNG and WebP keep only the chunks listed as needed (an allow-list), not all but a few known ones:
 * metadata keeps gaining new containers (C2PA's `caBX`, private chunks), and a chunk nobody listed
 * is dropped rather than passed on unread. A JPEG drops every APPn segment but those three.
 *
 * A file whose structure breaks off (a length that runs past its end, a chunk type that is none) is
 * kept from that point as it is: phones and cameras write well-formed files, which is where metadata gets in without the
 * member knowing, and the broken rest is nothing a decoder shows. What follows a file's end marker
 * (JPEG EOI, PNG IEND, GIF trailer, the RIFF size) is dropped: cameras append preview images there
 * (JPEG's MPF), each with its own EXIF.
 */
import { ascii, colourTableSize, subBlocksEnd, u16be, u16le, u32be, u32le } from './imageStructure';
import type { ImageKind } from './validation';

/** How each kind's metadata is taken out: every kind has its own (a new kind fails the typecheck here). */
const CLEANERS: Readonly<Record<ImageKind, (bytes: Uint8Array) => Uint8Array>> = { jpeg: cleanJpeg, png: cleanPng, webp: cleanWebp, gif: cleanGif };

/** The image's bytes without metadata; the same array when there was none to take out. */
export function withoutMetadata(kind: ImageKind, bytes: Uint8Array): Uint8Array {
  // A kind from outside the union (an unchecked caller's) has nothing known to take out.
  return Object.hasOwn(CLEANERS, kind) ? CLEANERS[kind](bytes) : bytes;
}

/** Pieces of the output, each a view of the input or a few new bytes, joined once at the end. */
class Pieces {
  private readonly parts: Uint8Array[] = [];
  /** Whether anything was left out or rewritten: if not, the input is answered as it is. */
  changed = false;

  push(part: Uint8Array): void {
    if (part.length > 0) this.parts.push(part);
  }

  join(original: Uint8Array): Uint8Array {
    if (!this.changed) return original;
    const out = new Uint8Array(this.parts.reduce((sum, part) => sum + part.length, 0));
    let at = 0;
    for (const part of this.parts) {
      out.set(part, at);
      at += part.length;
    }
    return out;
  }
}


// ---- JPEG ----

const JPEG = {
  SOI: 0xd8,
  EOI: 0xd9,
  SOS: 0xda,
  APP0: 0xe0,
  APP1: 0xe1,
  APP2: 0xe2,
  APP14: 0xee,
  APP15: 0xef,
  COM: 0xfe,
} as const;

/** Markers that stand alone, with no length after them: TEM and RST0 to RST7. */
function standalone(marker: number): boolean {
  return marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);
}

/**
 * The EXIF Orientation (1 to 8) of an APP1 `Exif` payload (after its 6-byte name), from IFD0; 1
 * (upright) when it says none or cannot be read.
 */
export function exifOrientation(payload: Uint8Array): number {
  const little = ascii(payload, 0, 2) === 'II';
  if (!little && ascii(payload, 0, 2) !== 'MM') return 1;
  const u16 = little ? u16le : u16be;
  const u32 = little ? u32le : u32be;
  if (u16(payload, 2) !== 42) return 1;
  const ifd = u32(payload, 4);
  if (ifd + 2 > payload.length) return 1;
  const entries = u16(payload, ifd);
  for (let i = 0; i < entries; i += 1) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > payload.length) return 1;
    // Tag 0x0112, type SHORT, one value: in the first two bytes of the value field.
    if (u16(payload, entry) === 0x0112 && u16(payload, entry + 2) === 3) {
      const value = u16(payload, entry + 8);
      return value >= 1 && value <= 8 ? value : 1;
    }
  }
  return 1;
}

/** An APP1 segment whose EXIF holds the Orientation alone (big-endian TIFF, IFD0 of one entry). */
export function orientationSegment(orientation: number): Uint8Array {
  const tiff = [
    0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08, // "MM", 42, IFD0 at 8
    0x00, 0x01, // one entry
    0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, orientation >> 8, orientation & 0xff, 0x00, 0x00, // Orientation, SHORT, 1
    0x00, 0x00, 0x00, 0x00, // no next IFD
  ];
  const payload = [0x45, 0x78, 0x69, 0x66, 0x00, 0x00, ...tiff]; // "Exif\0\0"
  const length = payload.length + 2;
  return new Uint8Array([0xff, JPEG.APP1, length >> 8, length & 0xff, ...payload]);
}

/** A JFIF APP0 segment as it is, or without the thumbnail it may carry (as rewritten bytes). */
function jfifWithoutThumbnail(segment: Uint8Array): Uint8Array | undefined {
  // FF E0, length (2), "JFIF\0" (5), version (2), units (1), densities (4), thumbnail width and
  // height (1 each), then the thumbnail's pixels.
  if (segment.length < 18) return undefined;
  if (segment.length === 18) return segment;
  const rewritten = segment.slice(0, 18);
  rewritten[2] = 0;
  rewritten[3] = 16;
  rewritten[16] = 0;
  rewritten[17] = 0;
  return rewritten;
}

/** The segment as kept (itself, or rewritten), or undefined to leave it out. */
function keptJpegSegment(marker: number, segment: Uint8Array, orientation: { done: boolean }): Uint8Array | undefined {
  const name = (length: number) => ascii(segment, 4, length);
  if (marker === JPEG.APP0) return name(5) === 'JFIF\0' ? jfifWithoutThumbnail(segment) : undefined;
  if (marker === JPEG.APP1) {
    if (orientation.done || name(6) !== 'Exif\0\0') return undefined;
    orientation.done = true;
    const value = exifOrientation(segment.subarray(10));
    return value === 1 ? undefined : orientationSegment(value);
  }
  if (marker === JPEG.APP2) return name(12) === 'ICC_PROFILE\0' ? segment : undefined;
  if (marker === JPEG.APP14) return name(5) === 'Adobe' ? segment : undefined;
  if ((marker >= JPEG.APP0 && marker <= JPEG.APP15) || marker === JPEG.COM) return undefined;
  return segment;
}

/** Where the entropy-coded data that starts at `from` ends: the next marker's 0xFF, or the end. */
function scanEnd(b: Uint8Array, from: number): number {
  for (let at = from; at + 1 < b.length; at += 1) {
    if (b[at] !== 0xff) continue;
    const next = b[at + 1] ?? 0;
    // FF 00 is a stuffed FF; RSTn sits inside the scan.
    if (next !== 0x00 && !(next >= 0xd0 && next <= 0xd7)) return at;
  }
  return b.length;
}

function cleanJpeg(b: Uint8Array): Uint8Array {
  const out = new Pieces();
  out.push(b.subarray(0, 2));
  const orientation = { done: false };
  let at = 2;
  while (at < b.length) {
    if (b[at] !== 0xff) break;
    // Fill bytes: any number of FF before a marker.
    let markerAt = at + 1;
    while (b[markerAt] === 0xff) markerAt += 1;
    const marker = b[markerAt];
    if (marker === undefined) break;
    if (marker === JPEG.EOI) {
      out.push(b.subarray(at, markerAt + 1));
      if (markerAt + 1 < b.length) out.changed = true;
      return out.join(b);
    }
    if (standalone(marker)) {
      out.push(b.subarray(at, markerAt + 1));
      at = markerAt + 1;
      continue;
    }
    const length = u16be(b, markerAt + 1);
    const end = markerAt + 1 + length;
    if (length < 2 || end > b.length) break;
    const segment = b.subarray(at, end);
    const kept = keptJpegSegment(marker, segment, orientation);
    if (kept !== segment) out.changed = true;
    if (kept) out.push(kept);
    at = end;
    if (marker === JPEG.SOS) {
      const dataEnd = scanEnd(b, at);
      out.push(b.subarray(at, dataEnd));
      at = dataEnd;
    }
  }
  // The structure broke off (or ended without EOI): the rest as it is.
  out.push(b.subarray(at));
  return out.join(b);
}

// ---- PNG ----

/**
 * The chunks a PNG keeps: every critical one (an upper-case first letter: IHDR, PLTE, IDAT, IEND
 * and any a decoder must understand), and the ancillary ones that change how it looks or moves.
 */
const PNG_KEPT = new Set(['tRNS', 'cHRM', 'gAMA', 'iCCP', 'sBIT', 'sRGB', 'cICP', 'mDCV', 'mDCv', 'cLLI', 'cLLi', 'bKGD', 'hIST', 'pHYs', 'sPLT', 'acTL', 'fcTL', 'fdAT']);

function pngKeeps(type: string): boolean {
  const first = type.charCodeAt(0);
  return (first >= 0x41 && first <= 0x5a) || PNG_KEPT.has(type);
}

function cleanPng(b: Uint8Array): Uint8Array {
  const out = new Pieces();
  out.push(b.subarray(0, 8));
  let at = 8;
  while (at + 8 <= b.length) {
    const length = u32be(b, at);
    const type = ascii(b, at + 4, 4);
    // A chunk type is four letters: anything else is no chunk, and the rest is kept as it is.
    if (!/^[A-Za-z]{4}$/.test(type)) break;
    const end = at + 12 + length;
    if (end > b.length) {
      // Cut off: a chunk that would be left out goes with everything after it.
      if (!pngKeeps(type)) {
        out.changed = true;
        return out.join(b);
      }
      break;
    }
    if (pngKeeps(type)) out.push(b.subarray(at, end));
    else out.changed = true;
    at = end;
    if (type === 'IEND') {
      if (at < b.length) out.changed = true;
      return out.join(b);
    }
  }
  out.push(b.subarray(at));
  return out.join(b);
}

// ---- WebP ----

/** The chunks a WebP keeps: its image data, alpha, colour profile and animation. */
const WEBP_KEPT = new Set(['VP8 ', 'VP8L', 'VP8X', 'ALPH', 'ICCP', 'ANIM', 'ANMF']);

/** VP8X's flags for an EXIF and an XMP chunk. */
const VP8X_EXIF = 0x08;
const VP8X_XMP = 0x04;

function cleanWebp(b: Uint8Array): Uint8Array {
  // "RIFF", the size of what follows it, "WEBP", then the chunks: type, size, data, a pad byte to even.
  const riffEnd = Math.min(b.length, 8 + u32le(b, 4));
  const out = new Pieces();
  const header = b.slice(0, 12);
  out.push(header);
  if (riffEnd < b.length) out.changed = true;
  let at = 12;
  while (at + 8 <= riffEnd) {
    const type = ascii(b, at, 4);
    // A chunk's FourCC is printable ASCII: anything else is no chunk, and the rest is kept as it is.
    if (!/^[\x20-\x7e]{4}$/.test(type)) break;
    const size = u32le(b, at + 4);
    const end = at + 8 + size + (size % 2);
    if (end > riffEnd) {
      if (!WEBP_KEPT.has(type)) {
        out.changed = true;
        at = riffEnd;
      }
      break;
    }
    if (!WEBP_KEPT.has(type)) {
      out.changed = true;
    } else if (type === 'VP8X' && ((b[at + 8] ?? 0) & (VP8X_EXIF | VP8X_XMP)) !== 0) {
      const chunk = b.slice(at, end);
      chunk[8] = (chunk[8] ?? 0) & ~(VP8X_EXIF | VP8X_XMP);
      out.push(chunk);
      out.changed = true;
    } else {
      out.push(b.subarray(at, end));
    }
    at = end;
  }
  out.push(b.subarray(at, riffEnd));
  const cleaned = out.join(b);
  if (cleaned === b) return b;
  // The RIFF size is what follows its own field.
  new DataView(cleaned.buffer, cleaned.byteOffset).setUint32(4, cleaned.length - 8, true);
  return cleaned;
}

// ---- GIF ----

/** Application extensions a GIF keeps: animation looping, and its colour profile. */
const GIF_APPLICATIONS_KEPT = new Set(['NETSCAPE2.0', 'ANIMEXTS1.0', 'ICCRGBG1012']);

function cleanGif(b: Uint8Array): Uint8Array {
  const out = new Pieces();
  // Header (6), logical screen descriptor (7), the global colour table.
  let at = 13 + colourTableSize(b[10] ?? 0);
  if (at > b.length) return b;
  out.push(b.subarray(0, at));
  while (at < b.length) {
    const introducer = b[at];
    if (introducer === 0x3b) {
      out.push(b.subarray(at, at + 1));
      if (at + 1 < b.length) out.changed = true;
      return out.join(b);
    }
    let end: number | undefined;
    let kept = true;
    if (introducer === 0x21) {
      const label = b[at + 1];
      end = subBlocksEnd(b, at + 2);
      // A comment goes; an application extension goes unless it loops an animation or holds the colour profile.
      if (label === 0xfe) kept = false;
      if (label === 0xff) kept = b[at + 2] === 11 && GIF_APPLICATIONS_KEPT.has(ascii(b, at + 3, 11));
    } else if (introducer === 0x2c) {
      // Image descriptor (10), its local colour table, the LZW code size, then the data's sub-blocks.
      const data = at + 10 + colourTableSize(b[at + 9] ?? 0) + 1;
      end = data <= b.length ? subBlocksEnd(b, data) : undefined;
    }
    if (end === undefined) {
      if (!kept) {
        out.changed = true;
        return out.join(b);
      }
      break;
    }
    if (kept) out.push(b.subarray(at, end));
    else out.changed = true;
    at = end;
  }
  out.push(b.subarray(at));
  return out.join(b);
}
