/**
 * How a backend prepares an accepted upload before keeping it. Both have already checked it
 * (contract/validation.ts: its kind by content, its size, pixels and end) and taken out the
 * metadata blocks byte by byte (contract/imageMetadata.ts). The server then draws it again
 * (server/images.ts: upright, in sRGB, nothing but pixels); the stand-in keeps the cleaned bytes,
 * as the app has already drawn again any large photo it sends (src/lib/fitImage.ts).
 */
import type { MessageKey } from './messages';
import type { UploadedImage } from './validation';

export interface ImagePreparer {
  /**
   * The image as the backend keeps and serves it. An image no decoder can draw is refused with
   * `invalid`'s message.
   */
  prepare(upload: UploadedImage, invalid: Extract<MessageKey, 'imageInvalid' | 'avatarInvalid'>): Promise<UploadedImage>;
}

/** The stand-in's: the checked, cleaned bytes as they are. */
export const KEEP_CLEANED_BYTES: ImagePreparer = {
  prepare: async (upload) => upload,
};
