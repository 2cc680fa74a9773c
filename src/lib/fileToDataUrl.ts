import { LIMITS } from '../../contract/limits';
import { IMAGE_KINDS, imageDimensions, sniffImage } from '../../contract/validation';
import { imageIsWhole } from '../../contract/imageStructure';
import { fitImage, fitsByRedrawing } from './fitImage';

/** The largest image a member may attach to a post or use as an avatar. */
export const MAX_IMAGE_BYTES = LIMITS.imageBytesMax;

export type ImageFileProblem = 'not-image' | 'too-large' | 'too-many-pixels' | 'cut-off' | 'unreadable';

export type PickedImage = { dataUrl: string; problem?: undefined } | { problem: ImageFileProblem; dataUrl?: undefined };

/** How much of a file is read to tell its type and canvas: headers sit at the start. */
const HEAD_BYTES = 64 * 1024;

function readBytes(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    // readAsArrayBuffer's result is a buffer once it has loaded.
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsArrayBuffer(blob);
  });
}

/**
 * A picked file as an image the backends will take, checked when it is chosen the way they check it:
 * by its bytes (a PNG, JPEG, WebP or GIF, whatever its name or type says), its canvas, whether it is
 * whole, and its size. A photo over the limits (its bytes, or up to FIT_FROM_PIXELS_MAX pixels) is
 * made smaller in the browser (fitImage), as phones do when they share one; a GIF over them is
 * refused. The data URL carries the type the bytes show. `pixelsMax`: the backend's pixel limit (its
 * health answer says it), the contract's default unless given.
 */
export async function readImageFile(file: Blob, maxBytes: number = MAX_IMAGE_BYTES, pixelsMax: number = LIMITS.imagePixelsMax): Promise<PickedImage> {
  try {
    const head = await readBytes(file.slice(0, HEAD_BYTES));
    const kind = sniffImage(head);
    if (!kind) return { problem: 'not-image' };
    const size = imageDimensions(kind, head);
    const pixels = size ? size.width * size.height : 0;
    const tooManyPixels = pixels > pixelsMax;
    const tooLarge = file.size > maxBytes;
    const fits = fitsByRedrawing(kind, file.size, pixels);
    // A small file that claims a huge canvas is refused before anything decodes it.
    if (tooManyPixels && !fits) return { problem: 'too-many-pixels' };
    if (tooLarge && !fits) return { problem: 'too-large' };
    if (!imageIsWhole(kind, file.size > HEAD_BYTES ? await readBytes(file) : head)) return { problem: 'cut-off' };
    if (tooLarge || tooManyPixels) {
      const fitted = await fitImage(file, kind, maxBytes, pixels);
      if (fitted) return readImageFile(fitted, maxBytes, pixelsMax);
      return { problem: tooLarge ? 'too-large' : 'too-many-pixels' };
    }
    // FileReader's data URLs are always base64: only their media type changes.
    const dataUrl = await fileToDataUrl(file);
    return { dataUrl: `data:${IMAGE_KINDS[kind].mediaType}${dataUrl.slice(dataUrl.indexOf(';base64,'))}` };
  } catch {
    return { problem: 'unreadable' };
  }
}

/** Reads a file into a data URL, so images travel as plain strings (no File objects in the store). */
export function fileToDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') resolve(reader.result);
      else reject(new Error('The file could not be read as a data URL.'));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}
