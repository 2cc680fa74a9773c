/** Records and images for tests of the contract, built here. */
import type { ReplyRecord } from '../snapshot';
import { SEED_USER_IDS } from '../seed/default';

/** A tiny valid PNG (1x1), as a data URL. */
export const PNG_DATA_URL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** A data URL of `bytes` with the given media type. */
export function dataUrl(mediaType: string, bytes: Uint8Array): string {
  // 32 KiB at a time: a string a byte made the 2 MB images of the size tests take seconds.
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return `data:${mediaType};base64,${btoa(binary)}`;
}

/**
 * A PNG of `width` x `height` as a backend's checks read it (signature, IHDR, one IDAT of zero bytes,
 * IEND: whole, with a canvas, of `size` bytes), though no decoder would draw it.
 */
export function pngBytes(width: number, height: number, size = PNG_BYTES_MIN): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(Math.max(size, PNG_BYTES_MIN));
  const view = new DataView(bytes.buffer);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  view.setUint32(16, width);
  view.setUint32(20, height);
  bytes.set([8, 6], 24);
  // IDAT after IHDR's 13 bytes and CRC; its data fills the file up to IEND's 12 bytes.
  view.setUint32(33, bytes.length - PNG_BYTES_MIN);
  bytes.set([0x49, 0x44, 0x41, 0x54], 37);
  bytes.set([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44], bytes.length - 12);
  return bytes;
}

/** The smallest pngBytes: signature (8), IHDR (25), an empty IDAT (12), IEND (12). */
const PNG_BYTES_MIN = 57;

/** `count` replies to a post, one a minute from 1 June 2025, by turns from Liam and Noah; ids `r-{prefix}-000` on. */
export function arrangedReplies(postId: string, count: number, prefix = postId.slice(-4)): ReplyRecord[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `r-${prefix}-${String(index).padStart(3, '0')}`,
    postId,
    authorId: index % 2 === 0 ? SEED_USER_IDS.liam : SEED_USER_IDS.noah,
    content: `Reply number ${index + 1}`,
    replyToId: null,
    replyToAuthorId: null,
    likedBy: [],
    createdAt: new Date(Date.UTC(2025, 5, 1, 9, index)).toISOString(),
  }));
}
