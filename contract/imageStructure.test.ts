import { imageIsWhole } from './imageStructure';
import { pngBytes } from './tests/fixtures';
import { cameraExif, cameraJpeg, EXIF_NAME, GIF_PARTS, join, plainJpeg, riff, riffChunk, segment, WEBP_VP8L } from './tests/imageFixtures';
import type { ImageKind } from './validation';

/** The lengths of `bytes` cut short, from its first 12 bytes to one byte short of whole. */
function cutShort(bytes: Uint8Array): number[] {
  return Array.from({ length: bytes.length - 12 }, (_, index) => index + 12);
}

/** The cut lengths at which `kind` is taken for whole (expected: none). */
function wholeWhenCut(kind: ImageKind, bytes: Uint8Array, lengths = cutShort(bytes)): number[] {
  return lengths.filter((length) => imageIsWhole(kind, bytes.subarray(0, length)));
}

describe('imageIsWhole', () => {
  it('takes a whole JPEG, and refuses it cut at any point before its end marker', () => {
    const photo = plainJpeg();
    expect(imageIsWhole('jpeg', photo)).toBe(true);
    expect(wholeWhenCut('jpeg', photo)).toEqual([]);
  });

  it("takes a camera's JPEG whose preview after the end is cut: the picture itself is whole", () => {
    const photo = cameraJpeg(plainJpeg(), 6);
    const preview = photo.length - join([0xff, 0xd8], segment(0xe1, [...EXIF_NAME, ...cameraExif(1)]), [0xff, 0xd9]).length;
    expect([photo[preview - 2], photo[preview - 1], photo[preview], photo[preview + 1]]).toEqual([0xff, 0xd9, 0xff, 0xd8]);
    // Cut anywhere in the preview (which starts with its own SOI), the main picture's EOI is in.
    const cuts = Array.from({ length: photo.length - preview }, (_, index) => preview + index);
    expect(wholeWhenCut('jpeg', photo, cuts)).toEqual(cuts);
    expect(imageIsWhole('jpeg', photo.subarray(0, preview - 1))).toBe(false);
  });

  it('refuses a JPEG with no scan at all', () => {
    expect(imageIsWhole('jpeg', new Uint8Array([0xff, 0xd8, 0xff, 0xd9]))).toBe(false);
  });

  it('takes a whole PNG, and refuses it cut before the end of IEND', () => {
    const png = pngBytes(4, 4, 300);
    expect(imageIsWhole('png', png)).toBe(true);
    expect(wholeWhenCut('png', png)).toEqual([]);
  });

  it('takes a whole GIF with or without its trailer, and refuses one cut inside a block', () => {
    const { header, looping, frame } = GIF_PARTS;
    const gif = join(header, looping, frame, frame, [0x3b]);
    expect(imageIsWhole('gif', gif)).toBe(true);
    // Without the trailer, it ends where a frame ends: decoders show it whole.
    const frameEnds = [header.length + looping.length + frame.length, gif.length - 1];
    expect(wholeWhenCut('gif', gif)).toEqual(frameEnds);
    // The header and the looping extension alone hold no image.
    expect(imageIsWhole('gif', join(header, looping))).toBe(false);
  });

  it('takes a whole WebP, and refuses it cut inside its RIFF size, or with a chunk that runs past it', () => {
    const webp = riff(riffChunk('VP8X', [0, 0, 0, 0, 0, 0, 0, 0, 0, 0]), WEBP_VP8L);
    expect(imageIsWhole('webp', webp)).toBe(true);
    expect(wholeWhenCut('webp', webp)).toEqual([]);
    const overlong = webp.slice();
    new DataView(overlong.buffer).setUint32(12 + 18 + 4, 400, true);
    expect(imageIsWhole('webp', overlong)).toBe(false);
  });
});
