/**
 * Images as cameras and phones write them, built from bytes for the tests of metadata removal: a
 * real JPEG (jpeg-js encodes it) with EXIF that holds a GPS position, a camera serial number and an
 * orientation, XMP, IPTC, comments and a preview after its end; and PNG, WebP and GIF files with
 * their own kinds of metadata.
 */
import { crc32, deflateSync } from 'node:zlib';
import { encode } from 'jpeg-js';

/** What the fixtures write into metadata, to look for afterwards. */
export const SECRETS = {
  serial: 'SN-4711-0815-BODY',
  make: 'Hasselblad',
  model: 'X2D 100C',
  owner: 'Jane Q. Public',
  comment: 'taken at 12 Elm Street',
  xmp: 'exif:GPSLatitude',
} as const;

/** The GPS latitude 51 deg 30' 26.40" N, as the three RATIONALs EXIF writes (big-endian). */
export const GPS_LATITUDE_BYTES = [0, 0, 0, 51, 0, 0, 0, 1, 0, 0, 0, 30, 0, 0, 0, 1, 0, 0, 0x0a, 0x50, 0, 0, 0, 100];

const text = (value: string): number[] => [...value].map((char) => char.charCodeAt(0));

/** Whether `needle` occurs in `haystack`. */
export function containsBytes(haystack: Uint8Array, needle: readonly number[] | string): boolean {
  const wanted = typeof needle === 'string' ? text(needle) : needle;
  outer: for (let at = 0; at + wanted.length <= haystack.length; at += 1) {
    for (let i = 0; i < wanted.length; i += 1) if (haystack[at + i] !== wanted[i]) continue outer;
    return true;
  }
  return false;
}

/** Every secret of SECRETS and the GPS position that is still in `bytes`. */
export function secretsIn(bytes: Uint8Array): string[] {
  const found: string[] = Object.values(SECRETS).filter((secret) => containsBytes(bytes, secret));
  if (containsBytes(bytes, GPS_LATITUDE_BYTES)) found.push('GPS latitude');
  return found;
}

// ---- TIFF (EXIF) ----

type TiffType = 2 | 3 | 4 | 5;
interface TiffEntry {
  tag: number;
  type: TiffType;
  /** ASCII text, or the numbers (a RATIONAL as numerator, denominator). */
  values: string | number[];
  /** A pointer to another IFD of the list, by its index (its offset is filled in). */
  ifd?: number;
}

const TYPE_SIZE: Record<TiffType, number> = { 2: 1, 3: 2, 4: 4, 5: 8 };

function valueBytes(entry: TiffEntry, little: boolean): number[] {
  const out: number[] = [];
  const put = (value: number, size: number) => {
    const bytes = Array.from({ length: size }, (_, i) => (value >>> (8 * (size - 1 - i))) & 0xff);
    out.push(...(little ? bytes.reverse() : bytes));
  };
  if (typeof entry.values === 'string') return [...text(entry.values), 0];
  for (const value of entry.values) put(value, entry.type === 3 ? 2 : 4);
  return out;
}

function count(entry: TiffEntry): number {
  if (typeof entry.values === 'string') return entry.values.length + 1;
  return entry.type === 5 ? entry.values.length / 2 : entry.values.length;
}

/** A TIFF structure of IFDs (the first is IFD0), each entry's values inline or after its IFD. */
export function tiff(ifds: TiffEntry[][], little = false): Uint8Array {
  const sizes = ifds.map((entries) => 2 + entries.length * 12 + 4 + entries.reduce((sum, entry) => {
    const size = count(entry) * TYPE_SIZE[entry.type];
    return sum + (size > 4 ? size + (size % 2) : 0);
  }, 0));
  const starts: number[] = [];
  let next = 8;
  for (const size of sizes) {
    starts.push(next);
    next += size;
  }
  const out: number[] = little ? [0x49, 0x49, 42, 0, 8, 0, 0, 0] : [0x4d, 0x4d, 0, 42, 0, 0, 0, 8];
  const put = (value: number, size: number) => {
    const bytes = Array.from({ length: size }, (_, i) => (value >>> (8 * (size - 1 - i))) & 0xff);
    out.push(...(little ? bytes.reverse() : bytes));
  };
  ifds.forEach((entries, index) => {
    const start = starts[index] ?? 0;
    let data = start + 2 + entries.length * 12 + 4;
    const after: number[] = [];
    put(entries.length, 2);
    for (const entry of entries) {
      put(entry.tag, 2);
      put(entry.type, 2);
      put(count(entry), 4);
      const bytes = entry.ifd === undefined ? valueBytes(entry, little) : [];
      if (entry.ifd !== undefined) {
        put(starts[entry.ifd] ?? 0, 4);
      } else if (bytes.length <= 4) {
        out.push(...bytes, ...Array.from({ length: 4 - bytes.length }, () => 0));
      } else {
        put(data, 4);
        const padded = bytes.length % 2 === 0 ? bytes : [...bytes, 0];
        after.push(...padded);
        data += padded.length;
      }
    }
    put(0, 4);
    out.push(...after);
  });
  return new Uint8Array(out);
}

/** EXIF as a phone writes it: make, model, orientation, serial number, date, and the GPS position. */
export function cameraExif(orientation = 6, little = false): Uint8Array {
  return tiff([
    [
      { tag: 0x010f, type: 2, values: SECRETS.make },
      { tag: 0x0110, type: 2, values: SECRETS.model },
      { tag: 0x0112, type: 3, values: [orientation] },
      { tag: 0x013b, type: 2, values: SECRETS.owner }, // Artist
      { tag: 0x8769, type: 4, values: [0], ifd: 1 }, // the Exif IFD
      { tag: 0x8825, type: 4, values: [0], ifd: 2 }, // the GPS IFD
    ],
    [
      { tag: 0x9003, type: 2, values: '2026:05:01 09:41:00' },
      { tag: 0xa431, type: 2, values: SECRETS.serial }, // BodySerialNumber
    ],
    [
      { tag: 0x0001, type: 2, values: 'N' },
      { tag: 0x0002, type: 5, values: [51, 1, 30, 1, 2640, 100] },
      { tag: 0x0003, type: 2, values: 'W' },
      { tag: 0x0004, type: 5, values: [0, 1, 7, 1, 3960, 100] },
    ],
  ], little);
}

// ---- JPEG ----

/** A JPEG segment: marker, length, payload. */
export function segment(marker: number, payload: readonly number[] | Uint8Array): Uint8Array {
  const length = payload.length + 2;
  return new Uint8Array([0xff, marker, length >> 8, length & 0xff, ...payload]);
}

export function join(...parts: Array<Uint8Array | readonly number[]>): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * A PNG a decoder draws: `width` x `height` grey pixels, 8 bits each, then a private chunk that
 * fills the file to `size` bytes (a decoder skips it; the backends' cleaning leaves it out).
 */
export function drawablePng(width: number, height: number, size = 0): Uint8Array<ArrayBuffer> {
  const chunk = (type: string, data: Uint8Array): Uint8Array => {
    const out = new Uint8Array(12 + data.length);
    const view = new DataView(out.buffer);
    view.setUint32(0, data.length);
    out.set(new TextEncoder().encode(type), 4);
    out.set(data, 8);
    view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
    return out;
  };
  const header = new Uint8Array(13);
  new DataView(header.buffer).setUint32(0, width);
  new DataView(header.buffer).setUint32(4, height);
  header.set([8, 0], 8);
  // Each row: filter type 0, then its pixels, all black.
  const data = chunk('IDAT', deflateSync(new Uint8Array(height * (width + 1))));
  const parts = [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), data];
  const end = chunk('IEND', new Uint8Array(0));
  const used = parts.reduce((sum, part) => sum + part.length, 0) + end.length;
  if (size > used) parts.push(chunk('paDd', new Uint8Array(Math.max(0, size - used - 12))));
  return join(...parts, end);
}

/** A real baseline JPEG of a small gradient, as jpeg-js writes it (JFIF, no metadata). */
export function plainJpeg(width = 16, height = 8): Uint8Array<ArrayBuffer> {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 4;
      data.set([x * 16, y * 32, 128, 255], at);
    }
  }
  return new Uint8Array(encode({ data, width, height }, 90).data);
}

export const EXIF_NAME = text('Exif\0\0');

/**
 * `jpeg` with what a camera adds after its SOI: EXIF (GPS, serial, orientation), XMP, a second
 * EXIF-like APP1, MPF (APP2), an APP13 with IPTC, a comment; and a preview image after its EOI.
 */
export function cameraJpeg(jpeg: Uint8Array = plainJpeg(), orientation = 6, little = false): Uint8Array<ArrayBuffer> {
  const head = jpeg.subarray(0, 2);
  const rest = jpeg.subarray(2);
  return join(
    head,
    segment(0xe1, [...EXIF_NAME, ...cameraExif(orientation, little)]),
    segment(0xe1, text(`http://ns.adobe.com/xap/1.0/\0<x:xmpmeta><rdf:Description ${SECRETS.xmp}="51,30.44N"/></x:xmpmeta>`)),
    segment(0xe2, text(`MPF\0${SECRETS.serial}`)),
    segment(0xed, [...text('Photoshop 3.0\u00008BIM'), 4, 4, 0, 0, 0, 0, 0, 0x10, 0x1c, 2, 0x50, 0, 0x0e, ...text(SECRETS.owner)]),
    segment(0xfe, text(SECRETS.comment)),
    rest,
    // A preview, as MPF appends it: a JPEG with its own EXIF after the main one's EOI.
    [0xff, 0xd8], segment(0xe1, [...EXIF_NAME, ...cameraExif(1)]), [0xff, 0xd9],
  );
}

/** A WebP chunk: type, little-endian size, data, a pad byte to even. */
export function riffChunk(type: string, data: readonly number[] | Uint8Array): Uint8Array {
  const size = data.length;
  return join(text(type), [size & 0xff, (size >>> 8) & 0xff, (size >>> 16) & 0xff, size >>> 24], data, size % 2 === 1 ? [0] : []);
}

export function riff(...chunks: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const body = join(text('WEBP'), ...chunks);
  const size = body.length;
  return join(text('RIFF'), [size & 0xff, (size >>> 8) & 0xff, (size >>> 16) & 0xff, size >>> 24], body);
}

/** A lossless 1 x 1 WebP image's chunk (its bitstream is the decoder's; here it only travels). */
export const WEBP_VP8L = riffChunk('VP8L', [0x2f, 0, 0, 0, 0, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0xfe, 0x07, 0]);

/** A 1 x 1 GIF's parts: header with a two-colour table, the looping extension, and one frame (control and image). */
export const GIF_PARTS = {
  header: [...text('GIF89a'), 1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 255, 255, 255],
  looping: [0x21, 0xff, 11, ...text('NETSCAPE2.0'), 3, 1, 0, 0, 0],
  frame: [0x21, 0xf9, 4, 1, 10, 0, 0, 0, 0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 0x01, 0],
} as const;

/** The phone photo's size as stored: 3000 x 2000, sideways (Orientation 6), so 2000 x 3000 shown upright. */
export const PHONE_PHOTO = { width: 3000, height: 2000 } as const;

let phonePhotoMade: Uint8Array<ArrayBuffer> | undefined;

/**
 * A phone photo over the 2 MB limit: PHONE_PHOTO's pixels of a gradient with grain (about 4.8 MB as
 * a JPEG at quality 92), with what a camera writes (cameraJpeg: Orientation 6, GPS, a serial number,
 * XMP, IPTC, a comment, a preview). Made once, on first use (about 2 s).
 */
export function phonePhoto(): Uint8Array<ArrayBuffer> {
  if (phonePhotoMade) return phonePhotoMade;
  const { width, height } = PHONE_PHOTO;
  const data = new Uint8Array(width * height * 4);
  let seed = 7;
  const grain = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff - 0.5) * 40;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 4;
      const noise = grain();
      data[at] = (x * 255) / width + noise;
      data[at + 1] = (y * 255) / height + noise;
      data[at + 2] = 128 + noise;
      data[at + 3] = 255;
    }
  }
  phonePhotoMade = cameraJpeg(new Uint8Array(encode({ data, width, height }, 92).data), 6);
  return phonePhotoMade;
}
