/**
 * The server's uploads drawn again (server/images.ts), read back with the same library: upright,
 * in sRGB, without metadata; animations kept; what no decoder draws refused.
 */
import sharp from 'sharp';
import { pngBytes } from '../../contract/tests/fixtures';
import { cameraJpeg, drawablePng, GIF_PARTS, join, plainJpeg, secretsIn } from '../../contract/tests/imageFixtures';
import { MESSAGES } from '../../contract/messages';
import { readUploadedImage, sniffImage, uploadedImage, type CheckedImage } from '../../contract/validation';
import { drawAgain, DRAW_AGAIN, smallerCopies } from '../images';

function image(bytes: Uint8Array): CheckedImage {
  const kind = sniffImage(bytes);
  if (!kind) throw new Error('not an image');
  return { kind, bytes };
}

/** Whether a PNG or WebP file holds a chunk of this type. */
function hasChunk(bytes: Uint8Array, type: string): boolean {
  return Buffer.from(bytes).includes(Buffer.from(type, 'latin1'));
}

/** A PNG with an `acTL` chunk after its header: an animated PNG's first frame, as decoders see it. */
function animatedPng(): Uint8Array {
  const still = drawablePng(2, 2);
  const acTL = [0, 0, 0, 8, ...Buffer.from('acTL'), 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0];
  return join(still.subarray(0, 33), acTL, still.subarray(33));
}

describe("the server's uploads, drawn again", () => {
  it('a camera JPEG stored sideways comes out upright, as pixels alone: no EXIF, XMP, IPTC or ICC, and none of its secrets', async () => {
    const photo = cameraJpeg(plainJpeg(16, 8), 6);
    const before = await sharp(photo).metadata();
    expect({ orientation: before.orientation, exif: Boolean(before.exif), xmp: Boolean(before.xmp) }).toEqual({ orientation: 6, exif: true, xmp: true });

    const drawn = await drawAgain(image(photo));
    const after = await sharp(drawn!.bytes).metadata();
    expect({ format: after.format, width: after.width, height: after.height, orientation: after.orientation }).toEqual({ format: 'jpeg', width: 8, height: 16, orientation: undefined });
    expect({ exif: after.exif, xmp: after.xmp, iptc: after.iptc, icc: after.icc }).toEqual({ exif: undefined, xmp: undefined, iptc: undefined, icc: undefined });
    expect(secretsIn(drawn!.bytes)).toEqual([]);
  });

  it('a colour profile is applied, not carried: a Display P3 red comes out as sRGB red, with no profile', async () => {
    const red = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#ff0000' } }).withIccProfile('p3').png().toBuffer();
    const before = await sharp(red).metadata();
    expect(before.hasProfile).toBe(true);
    // The file's own numbers are P3's for that red (234, 51, 34), a duller red read as sRGB.
    const stored = await sharp(red, { ignoreIcc: true }).raw().toBuffer();
    expect([stored[0]! < 245, stored[1]! > 20]).toEqual([true, true]);

    const drawn = await drawAgain(image(red));
    const after = await sharp(drawn!.bytes).metadata();
    expect({ format: after.format, hasProfile: after.hasProfile }).toEqual({ format: 'png', hasProfile: false });
    const pixel = await sharp(drawn!.bytes, { ignoreIcc: true }).raw().toBuffer();
    expect([pixel[0]! >= 250, pixel[1]! <= 8, pixel[2]! <= 8]).toEqual([true, true, true]);
  });

  it('a lossless WebP stays lossless, a lossy one lossy', async () => {
    const lossless = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#2456d6' } }).webp({ lossless: true }).toBuffer();
    const lossy = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#2456d6' } }).webp({ quality: 80 }).toBuffer();
    const drawnLossless = await drawAgain(image(lossless));
    const drawnLossy = await drawAgain(image(lossy));
    expect([hasChunk(drawnLossless!.bytes, 'VP8L'), hasChunk(drawnLossy!.bytes, 'VP8L'), hasChunk(drawnLossy!.bytes, 'VP8 ')]).toEqual([true, false, true]);
  });

  it('animations are kept as they came: a GIF and an animated PNG are not drawn again', async () => {
    const gif = join(GIF_PARTS.header, GIF_PARTS.looping, GIF_PARTS.frame, [0x3b]);
    expect(await drawAgain(image(gif))).toBeUndefined();
    expect(await drawAgain(image(animatedPng()))).toBeUndefined();
    const upload = readUploadedImage(uploadedImage(image(gif)).dataUrl);
    await expect(DRAW_AGAIN.prepare(upload, 'imageInvalid', true)).resolves.toEqual({ ...upload, smaller: [] });
  });

  it('a file no decoder draws is refused with the message of what was sent; one that decodes to more pixels than allowed too', async () => {
    const undrawable = readUploadedImage(uploadedImage(image(pngBytes(4, 4))).dataUrl);
    await expect(DRAW_AGAIN.prepare(undrawable, 'imageInvalid')).rejects.toMatchObject({ status: 400, message: MESSAGES.imageInvalid });
    await expect(DRAW_AGAIN.prepare(undrawable, 'avatarInvalid')).rejects.toMatchObject({ status: 400, message: MESSAGES.avatarInvalid });
    await expect(drawAgain(image(drawablePng(64, 64)), 64 * 63)).rejects.toThrow(/pixel limit/i);
    await expect(drawAgain(image(drawablePng(64, 64)), 64 * 64)).resolves.toMatchObject({ kind: 'png' });
  });

  it("a post's photo gets WebP copies at the widths narrower than it, upright and without metadata; an avatar none", async () => {
    // Stored 2000 x 1250 and sideways: 1250 x 2000 upright, so copies 480 and 960 wide (1,600 would be larger).
    const upload = readUploadedImage(uploadedImage(image(cameraJpeg(plainJpeg(2000, 1250), 6))).dataUrl);
    const prepared = await DRAW_AGAIN.prepare(upload, 'imageInvalid', true);
    expect(await sharp(prepared.image.bytes).metadata()).toMatchObject({ width: 1250, height: 2000 });
    const copies = await Promise.all(prepared.smaller.map(async (copy) => {
      const { format, width, height, exif, xmp, icc, orientation } = await sharp(copy.image.bytes).metadata();
      return { named: copy.width, kind: copy.image.kind, format, width, height, exif, xmp, icc, orientation, secrets: secretsIn(copy.image.bytes) };
    }));
    const none = { exif: undefined, xmp: undefined, icc: undefined, orientation: undefined, secrets: [] };
    expect(copies).toEqual([
      { named: 480, kind: 'webp', format: 'webp', width: 480, height: 768, ...none },
      { named: 960, kind: 'webp', format: 'webp', width: 960, height: 1536, ...none },
    ]);
    // Each copy is lighter than the next wider one.
    expect(prepared.smaller[0]!.image.bytes.length).toBeLessThan(prepared.smaller[1]!.image.bytes.length);

    expect((await DRAW_AGAIN.prepare(upload, 'avatarInvalid')).smaller).toEqual([]);
  });

  it('makes no copy of an image at most 480 pixels wide, and all three of one wider than 1,600', async () => {
    const narrow = image(drawablePng(480, 900));
    expect(await smallerCopies(narrow, narrow)).toEqual([]);
    const wide = image(drawablePng(1601, 10));
    expect((await smallerCopies(wide, wide)).map((copy) => copy.width)).toEqual([480, 960, 1600]);
  });
});
