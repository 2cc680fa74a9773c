/**
 * A phone photo over the 2 MB limit, made when a journey asks for it: 3000 x 2000 pixels of a
 * gradient with grain (about 4.8 MB as a JPEG at quality 92), stored sideways with what a camera
 * writes: EXIF Orientation 6 (turn a quarter clockwise to show it), GPS, a serial number, XMP,
 * IPTC and a comment (contract/tests/imageFixtures). Shown upright it is 2000 x 3000.
 */
import { encode } from 'jpeg-js';
import { cameraJpeg } from '../contract/tests/imageFixtures';

export const LARGE_PHOTO = { width: 3000, height: 2000 } as const;

let made: Buffer | undefined;

export function largePhoto(): Buffer {
  if (made) return made;
  const { width, height } = LARGE_PHOTO;
  const data = Buffer.alloc(width * height * 4);
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
  made = Buffer.from(cameraJpeg(new Uint8Array(encode({ data, width, height }, 92).data), 6));
  return made;
}
