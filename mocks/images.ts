/**
 * The stand-in draws a still upload again as the server does (contract/images.ts), with the
 * browser's own decoder and canvas: upright by its EXIF orientation, in the canvas's sRGB, written
 * in its own format with nothing but pixels. QA then sees on the stand-in the picture members will
 * see from the server. Where there is no canvas (Node, for the contract suite), the cleaned bytes
 * are kept as they are.
 */
import { refusal } from '../contract/errors';
import { DRAWN_QUALITY, drawingOf, KEEP_CLEANED_BYTES, type ImagePreparer } from '../contract/images';
import { IMAGE_KINDS, uploadedImage } from '../contract/validation';

export function standInImages(): ImagePreparer {
  if (typeof createImageBitmap !== 'function' || typeof OffscreenCanvas !== 'function') return KEEP_CLEANED_BYTES;
  return {
    async prepare(upload, invalid) {
      const drawing = drawingOf(upload.image);
      if (!drawing) return upload;
      const { mediaType } = IMAGE_KINDS[drawing.kind];
      let bitmap: ImageBitmap;
      try {
        bitmap = await createImageBitmap(new Blob([upload.image.bytes as Uint8Array<ArrayBuffer>], { type: mediaType }), { imageOrientation: 'from-image' });
      } catch {
        throw refusal(invalid);
      }
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d');
      if (!context) {
        bitmap.close();
        return upload;
      }
      context.drawImage(bitmap, 0, 0);
      bitmap.close();
      const blob = await canvas.convertToBlob({ type: mediaType, quality: drawing.lossless ? 1 : DRAWN_QUALITY });
      // A browser that cannot write this format answers a PNG instead: the cleaned bytes then stay.
      if (blob.type !== mediaType) return upload;
      return uploadedImage({ kind: drawing.kind, bytes: new Uint8Array(await blob.arrayBuffer()) });
    },
  };
}
