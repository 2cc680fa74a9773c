/**
 * Metadata leaves an uploaded image, and the image stays what it was: each format built from bytes
 * as cameras, phones and editors write it, cleaned, then walked (and the JPEG decoded) again.
 */
import { crc32, deflateSync, inflateSync } from 'node:zlib';
import { decode } from 'jpeg-js';
import { exifOrientation, withoutMetadata } from './imageMetadata';
import { cameraJpeg, containsBytes, EXIF_NAME, GIF_PARTS, join, plainJpeg, riff, riffChunk, SECRETS, secretsIn, segment, WEBP_VP8L } from './tests/imageFixtures';
import { readUploadedImage, sniffImage } from './validation';
import { dataUrl } from './tests/fixtures';

const text = (value: string): number[] => [...value].map((char) => char.charCodeAt(0));

/** A JPEG's segments up to its first scan, as marker and payload (what a decoder reads first). */
function jpegSegments(bytes: Uint8Array): Array<{ marker: number; payload: Uint8Array }> {
  expect([bytes[0], bytes[1]]).toEqual([0xff, 0xd8]);
  const found: Array<{ marker: number; payload: Uint8Array }> = [];
  let at = 2;
  for (;;) {
    expect(bytes[at]).toBe(0xff);
    const marker = bytes[at + 1] ?? 0;
    const length = ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0);
    expect(at + 2 + length).toBeLessThanOrEqual(bytes.length);
    found.push({ marker, payload: bytes.subarray(at + 4, at + 2 + length) });
    if (marker === 0xda) return found;
    at += 2 + length;
  }
}

describe('withoutMetadata: JPEG', () => {
  it('takes out the GPS position, the serial number, XMP, IPTC, comments and the preview after the end, and keeps the pixels', () => {
    const plain = plainJpeg();
    const camera = cameraJpeg(plain, 6);
    expect(secretsIn(camera)).toEqual(expect.arrayContaining(['SN-4711-0815-BODY', 'Hasselblad', 'Jane Q. Public', 'taken at 12 Elm Street', 'GPS latitude']));

    const cleaned = withoutMetadata('jpeg', camera);

    expect(secretsIn(cleaned)).toEqual([]);
    expect(containsBytes(cleaned, 'http://ns.adobe.com/xap')).toBe(false);
    expect(containsBytes(cleaned, 'Photoshop')).toBe(false);
    expect(containsBytes(cleaned, 'MPF')).toBe(false);
    // One end marker: the preview appended after it is gone.
    expect([...cleaned.subarray(-2)]).toEqual([0xff, 0xd9]);
    expect(cleaned.filter((byte, at) => byte === 0xff && cleaned[at + 1] === 0xd8)).toHaveLength(1);
    // The orientation alone stays, in an EXIF of its own, so the photo still shows upright.
    const exif = jpegSegments(cleaned).filter(({ marker }) => marker === 0xe1);
    expect(exif).toHaveLength(1);
    expect([...exif[0]!.payload.subarray(0, 6)]).toEqual(EXIF_NAME);
    expect(exifOrientation(exif[0]!.payload.subarray(6))).toBe(6);
    expect(exif[0]!.payload.length).toBe(32);
    // Apart from that segment, exactly the encoder's file: the same pixels, decoded the same.
    const orientation = 2 + 2 + 32;
    expect(join(cleaned.subarray(0, 2), cleaned.subarray(2 + orientation))).toEqual(plain);
    const [before, after] = [decode(plain, { useTArray: true }), decode(cleaned, { useTArray: true })];
    expect({ width: after.width, height: after.height }).toEqual({ width: 16, height: 8 });
    expect(after.data).toEqual(before.data);
    expect(sniffImage(cleaned)).toBe('jpeg');
  });

  it('keeps no EXIF at all when the photo is upright, and reads a little-endian orientation', () => {
    const upright = withoutMetadata('jpeg', cameraJpeg(plainJpeg(), 1));
    expect(upright).toEqual(plainJpeg());
    expect(jpegSegments(upright).map(({ marker }) => marker)).not.toContain(0xe1);

    const turned = withoutMetadata('jpeg', cameraJpeg(plainJpeg(), 8, true));
    const exif = jpegSegments(turned).find(({ marker }) => marker === 0xe1);
    expect(exif && exifOrientation(exif.payload.subarray(6))).toBe(8);
    expect(secretsIn(turned)).toEqual([]);
  });

  it('keeps the ICC profile and the Adobe segment, and the JFIF segment without its thumbnail', () => {
    const plain = plainJpeg();
    const icc = segment(0xe2, [...text('ICC_PROFILE\0'), 1, 1, ...text('profile bytes')]);
    const adobe = segment(0xee, [...text('Adobe'), 0, 100, 0, 0, 0, 0, 1]);
    const thumbnail = [...text('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 2, 1, ...Array.from({ length: 6 }, () => 0x7f)];
    const withThumbnail = join(plain.subarray(0, 2), segment(0xe0, thumbnail), icc, adobe, segment(0xe3, text('Meta: Jane')), plain.subarray(2 + 18));

    const cleaned = withoutMetadata('jpeg', withThumbnail);

    const kept = jpegSegments(cleaned);
    expect(kept.map(({ marker }) => marker)).toEqual([0xe0, 0xe2, 0xee, 0xdb, 0xc0, 0xc4, 0xda]);
    expect([...kept[0]!.payload]).toEqual([...text('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0]);
    expect(containsBytes(cleaned, 'profile bytes')).toBe(true);
    expect(containsBytes(cleaned, 'Jane')).toBe(false);
    expect(decode(cleaned, { useTArray: true }).data).toEqual(decode(plain, { useTArray: true }).data);
  });

  it('answers a JPEG with nothing to take out as the very same bytes', () => {
    const plain = plainJpeg();
    expect(withoutMetadata('jpeg', plain)).toBe(plain);
  });

  it('reads between scans: stuffed bytes and restart markers stay, a comment between two scans goes', () => {
    const sof = segment(0xc2, [8, 0, 1, 0, 1, 1, 1, 0x11, 0]);
    const sos = segment(0xda, [1, 1, 0, 0, 63, 0]);
    const scan = [0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56];
    const progressive = join([0xff, 0xd8], sof, sos, scan, segment(0xfe, text(SECRETS.comment)), sos, scan, [0xff, 0xd9]);

    expect(withoutMetadata('jpeg', progressive)).toEqual(join([0xff, 0xd8], sof, sos, scan, sos, scan, [0xff, 0xd9]));
  });

  it('keeps a file whose structure breaks off as it is from there, after taking out what came before', () => {
    const broken = join([0xff, 0xd8], segment(0xfe, text(SECRETS.comment)), [0xff, 0xdb, 0x40, 0x00, 1, 2, 3]);
    expect(withoutMetadata('jpeg', broken)).toEqual(new Uint8Array([0xff, 0xd8, 0xff, 0xdb, 0x40, 0x00, 1, 2, 3]));
    const headerOnly = new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(withoutMetadata('jpeg', headerOnly)).toBe(headerOnly);
  });
});

/** A PNG chunk with its CRC. */
function chunk(type: string, data: readonly number[] | Uint8Array): Uint8Array {
  const body = join(text(type), data);
  const crc = crc32(body);
  return join([data.length >>> 24, (data.length >>> 16) & 0xff, (data.length >>> 8) & 0xff, data.length & 0xff], body, [crc >>> 24, (crc >>> 16) & 0xff, (crc >>> 8) & 0xff, crc & 0xff]);
}

/** A PNG's chunks, each with its CRC checked, to IEND (nothing may follow it). */
function pngChunks(bytes: Uint8Array): Array<{ type: string; data: Uint8Array }> {
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const found: Array<{ type: string; data: Uint8Array }> = [];
  for (let at = 8; at < bytes.length;) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    expect(view.getUint32(at + 8 + length)).toBe(crc32(bytes.subarray(at + 4, at + 8 + length)));
    found.push({ type, data: bytes.subarray(at + 8, at + 8 + length) });
    at += 12 + length;
    if (type === 'IEND') expect(at).toBe(bytes.length);
  }
  return found;
}

describe('withoutMetadata: PNG', () => {
  const pixels = new Uint8Array([0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255, 255, 255]);
  const ihdr = chunk('IHDR', [0, 0, 0, 2, 0, 0, 0, 2, 8, 2, 0, 0, 0]);
  const idat = chunk('IDAT', deflateSync(pixels));
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

  it('takes out eXIf, tEXt, zTXt, iTXt, tIME and unlisted chunks, and keeps colour, density and the pixels', () => {
    const png = join(
      signature, ihdr,
      chunk('iCCP', [...text('sRGB\0'), 0, ...deflateSync(new Uint8Array(8))]),
      chunk('gAMA', [0, 0, 0xb1, 0x8f]),
      chunk('pHYs', [0, 0, 0x0b, 0x13, 0, 0, 0x0b, 0x13, 1]),
      chunk('eXIf', join(text('MM'), [0, 42], text(SECRETS.serial))),
      chunk('tEXt', text(`Author\0${SECRETS.owner}`)),
      chunk('zTXt', [...text('Comment\0'), 0, ...deflateSync(new Uint8Array(text(SECRETS.comment)))]),
      chunk('iTXt', text(`XML:com.adobe.xmp\0\0\0\0\0<x:xmpmeta ${SECRETS.xmp}="51,30N"/>`)),
      chunk('tIME', [7, 234, 5, 1, 9, 41, 0]),
      chunk('caBX', text(SECRETS.make)),
      idat,
      chunk('IEND', []),
      text(`appended ${SECRETS.model}`),
    );

    const cleaned = withoutMetadata('png', png);

    expect(secretsIn(cleaned)).toEqual([]);
    const chunks = pngChunks(cleaned);
    expect(chunks.map(({ type }) => type)).toEqual(['IHDR', 'iCCP', 'gAMA', 'pHYs', 'IDAT', 'IEND']);
    expect(inflateSync(chunks[4]!.data)).toEqual(Buffer.from(pixels));
    expect(sniffImage(cleaned)).toBe('png');
  });

  it('answers a PNG with nothing to take out as the very same bytes', () => {
    const png = join(signature, ihdr, chunk('sRGB', [0]), idat, chunk('IEND', []));
    expect(withoutMetadata('png', png)).toBe(png);
  });

  it('keeps what follows a chunk type that is no chunk type as it is', () => {
    const padded = join(signature, ihdr, idat, new Uint8Array(40));
    expect(withoutMetadata('png', padded)).toBe(padded);
  });

  it('drops a metadata chunk cut off at the end, with what follows it', () => {
    const cut = join(signature, ihdr, idat, chunk('tEXt', text(`Author\0${SECRETS.owner}`)).subarray(0, 14));
    expect(withoutMetadata('png', cut)).toEqual(join(signature, ihdr, idat));
  });
});

/** A WebP's chunks, walked by their sizes to the RIFF size, which must be the file's. */
function webpChunks(bytes: Uint8Array): Array<{ type: string; data: Uint8Array }> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  expect(String.fromCharCode(...bytes.subarray(0, 4), ...bytes.subarray(8, 12))).toBe('RIFFWEBP');
  expect(view.getUint32(4, true)).toBe(bytes.length - 8);
  const found: Array<{ type: string; data: Uint8Array }> = [];
  for (let at = 12; at < bytes.length;) {
    const size = view.getUint32(at + 4, true);
    found.push({ type: String.fromCharCode(...bytes.subarray(at, at + 4)), data: bytes.subarray(at + 8, at + 8 + size) });
    at += 8 + size + (size % 2);
    expect(at).toBeLessThanOrEqual(bytes.length);
  }
  return found;
}

describe('withoutMetadata: WebP', () => {
  const vp8l = WEBP_VP8L;

  it('takes out EXIF and XMP and clears their flags, keeping the colour profile and the image', () => {
    const flags = 0x20 | 0x08 | 0x04; // ICC, EXIF, XMP
    const webp = riff(
      riffChunk('VP8X', [flags, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
      riffChunk('ICCP', text('profile bytes')),
      vp8l,
      riffChunk('EXIF', join(text('MM'), [0, 42], text(SECRETS.serial))),
      riffChunk('XMP ', text(`<x:xmpmeta ${SECRETS.xmp}="51,30N" owner="${SECRETS.owner}"/>`)),
    );

    const cleaned = withoutMetadata('webp', webp);

    expect(secretsIn(cleaned)).toEqual([]);
    const chunks = webpChunks(cleaned);
    expect(chunks.map(({ type }) => type)).toEqual(['VP8X', 'ICCP', 'VP8L']);
    expect(chunks[0]!.data[0]).toBe(0x20);
    expect(chunks[2]!.data).toEqual(vp8l.subarray(8, 8 + 14));
    expect(sniffImage(cleaned)).toBe('webp');
  });

  it('answers a WebP with nothing to take out as the very same bytes', () => {
    const webp = riff(vp8l);
    expect(withoutMetadata('webp', webp)).toBe(webp);
  });
});

describe('withoutMetadata: GIF', () => {
  const { header, looping, frame } = GIF_PARTS;

  it('takes out comments and application extensions but the looping one, and keeps the frames', () => {
    const comment = [0x21, 0xfe, SECRETS.comment.length, ...text(SECRETS.comment), 0];
    const xmp = [0x21, 0xff, 11, ...text('XMP DataXMP'), 20, ...text(`<x ${SECRETS.xmp}="1"/>`).slice(0, 20), 0];
    const gif = join(header, looping, comment, frame, xmp, frame, [0x3b], text(SECRETS.owner));

    const cleaned = withoutMetadata('gif', gif);

    expect(secretsIn(cleaned)).toEqual([]);
    expect(cleaned).toEqual(join(header, looping, frame, frame, [0x3b]));
    expect(sniffImage(cleaned)).toBe('gif');
  });

  it('answers a GIF with nothing to take out as the very same bytes', () => {
    const gif = join(header, looping, frame, [0x3b]);
    expect(withoutMetadata('gif', gif)).toBe(gif);
  });
});

describe('readUploadedImage', () => {
  it('answers the cleaned image and its data URL; an image without metadata keeps the data URL as sent', () => {
    const upload = readUploadedImage(dataUrl('image/jpg', cameraJpeg()));
    expect(upload.image.kind).toBe('jpeg');
    expect(secretsIn(upload.image.bytes)).toEqual([]);
    expect(upload.dataUrl).toBe(dataUrl('image/jpeg', upload.image.bytes));

    const plain = dataUrl('image/jpg', plainJpeg());
    expect(readUploadedImage(plain).dataUrl).toBe(plain);
  });
});
