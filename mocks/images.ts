/**
 * The stand-in draws a still upload again as the server does (contract/images.ts), with the
 * browser's own decoder and canvas: upright by its EXIF orientation, in the canvas's sRGB, written
 * in its own format with nothing but pixels, and, for a post, its smaller WebP copies. QA then sees
 * on the stand-in the picture members will see from the server. Where there is no canvas (Node, for
 * the contract suite), the cleaned bytes are kept as they are, with no copies.
 */
import { refusal } from '../contract/errors';
import { COPY_QUALITY, copyWidthsFor, DRAWN_QUALITY, drawingOf, KEEP_CLEANED_BYTES, type ImagePreparer, type SmallerCopy } from '../contract/images';
import { IMAGE_KINDS, uploadedImage } from '../contract/validation';

/** `bitmap` drawn `width` pixels wide (its height in proportion), written as `type`; undefined when the browser cannot. */
async function drawn(bitmap: ImageBitmap, width: number, type: string, quality: number): Promise<Uint8Array | undefined> {
  const height = Math.max(1, Math.round((bitmap.height * width) / bitmap.width));
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (!context) return undefined;
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
  const blob = await canvas.convertToBlob({ type, quality });
  // A browser that cannot write this format answers a PNG instead.
  return blob.type === type ? new Uint8Array(await blob.arrayBuffer()) : undefined;
}

export function standInImages(): ImagePreparer {
  if (typeof createImageBitmap !== 'function' || typeof OffscreenCanvas !== 'function') return KEEP_CLEANED_BYTES;
  return {
    async prepare(upload, invalid, copies = false) {
      const drawing = drawingOf(upload.image);
      if (!drawing) return { ...upload, smaller: [] };
      const { mediaType } = IMAGE_KINDS[drawing.kind];
      let bitmap: ImageBitmap;
      try {
        bitmap = await createImageBitmap(new Blob([upload.image.bytes as Uint8Array<ArrayBuffer>], { type: mediaType }), { imageOrientation: 'from-image' });
      } catch {
        throw refusal(invalid);
      }
      try {
        const bytes = await drawn(bitmap, bitmap.width, mediaType, drawing.lossless ? 1 : DRAWN_QUALITY);
        // The cleaned bytes stay where the browser cannot draw this format again.
        if (!bytes) return { ...upload, smaller: [] };
        const smaller: SmallerCopy[] = [];
        for (const width of copies ? copyWidthsFor(bitmap.width) : []) {
          const copy = await drawn(bitmap, width, 'image/webp', COPY_QUALITY);
          if (copy) smaller.push({ width, image: { kind: 'webp', bytes: copy } });
        }
        return { ...uploadedImage({ kind: drawing.kind, bytes }), smaller };
      } finally {
        bitmap.close();
      }
    },
  };
}
