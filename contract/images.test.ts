import { drawingOf } from './images';
import { drawablePng, GIF_PARTS, join, plainJpeg, riff, riffChunk, WEBP_VP8L } from './tests/imageFixtures';
import { sniffImage, type CheckedImage } from './validation';

function image(bytes: Uint8Array): CheckedImage {
  return { kind: sniffImage(bytes)!, bytes };
}

describe('which uploads are drawn again, and how', () => {
  it('a JPEG as a lossy JPEG, a still PNG as a PNG, a WebP as the kind it is', () => {
    expect(drawingOf(image(plainJpeg()))).toEqual({ kind: 'jpeg', lossless: false });
    expect(drawingOf(image(drawablePng(2, 2)))).toEqual({ kind: 'png', lossless: true });
    expect(drawingOf(image(riff(WEBP_VP8L)))).toEqual({ kind: 'webp', lossless: true });
    expect(drawingOf(image(riff(riffChunk('VP8 ', new Uint8Array(10)))))).toEqual({ kind: 'webp', lossless: false });
  });

  it('an animation stays as it is: a GIF, a PNG with acTL before its data, a WebP flagged animated or holding ANIM', () => {
    expect(drawingOf(image(join(GIF_PARTS.header, GIF_PARTS.frame, [0x3b])))).toBeUndefined();
    const png = drawablePng(2, 2);
    const acTL = [0, 0, 0, 8, ...new TextEncoder().encode('acTL'), 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0];
    expect(drawingOf(image(join(png.subarray(0, 33), acTL, png.subarray(33))))).toBeUndefined();
    // acTL after the image data does not make a PNG animated (decoders ignore it there).
    expect(drawingOf(image(join(png.subarray(0, png.length - 12), acTL, png.subarray(png.length - 12))))).toEqual({ kind: 'png', lossless: true });
    const flags = new Uint8Array(10);
    flags[0] = 0x02;
    expect(drawingOf(image(riff(riffChunk('VP8X', flags), WEBP_VP8L)))).toBeUndefined();
    expect(drawingOf(image(riff(riffChunk('VP8X', new Uint8Array(10)), riffChunk('ANIM', new Uint8Array(6)), WEBP_VP8L)))).toBeUndefined();
    expect(drawingOf(image(riff(riffChunk('VP8X', new Uint8Array(10)), WEBP_VP8L)))).toEqual({ kind: 'webp', lossless: true });
  });
});
