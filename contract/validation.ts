/**
 * Input rules both backends apply, as plain functions. Each returns the cleaned value or throws a
 * RuleError with a clear message; none of them changes anything.
 */
import { refusal } from './errors';
import { withoutMetadata } from './imageMetadata';
import { imageIsWhole } from './imageStructure';
import { LIMITS } from './limits';
import { imagePixelsText } from './messages';

export { LIMITS } from './limits';

type SegmenterLike = { segment(input: string): Iterable<unknown> };

let segmenter: SegmenterLike | null | undefined;

function getSegmenter(): SegmenterLike | null {
  if (segmenter === undefined) {
    const Segmenter = (Intl as { Segmenter?: new (locale?: string, options?: { granularity: 'grapheme' }) => SegmenterLike }).Segmenter;
    segmenter = Segmenter ? new Segmenter(undefined, { granularity: 'grapheme' }) : null;
  }
  return segmenter;
}

/** Characters as a person sees them: an emoji with modifiers or a flag counts as one. */
export function countGraphemes(text: string): number {
  if (text === '') return 0;
  const seg = getSegmenter();
  if (!seg) return Array.from(text).length;
  let count = 0;
  for (const _segment of seg.segment(text)) count += 1;
  return count;
}

/** The first `max` characters of `text` as a person sees them: never half an emoji or a flag. */
export function firstGraphemes(text: string, max: number): string {
  const seg = getSegmenter();
  if (!seg) return Array.from(text).slice(0, max).join('');
  let opening = '';
  let count = 0;
  for (const segment of seg.segment(text) as Iterable<{ segment: string }>) {
    if (count === max) break;
    opening += segment.segment;
    count += 1;
  }
  return opening;
}

// ---- Images ----

const IMAGE_DATA_URL = /^data:image\/(png|jpeg|jpg|webp|gif)(;[a-z0-9=._-]+)*;base64,([A-Za-z0-9+/]*={0,2})$/i;

export type ImageKind = 'png' | 'jpeg' | 'webp' | 'gif';

/** The file name ending and media type each kind is stored and served with. */
export const IMAGE_KINDS: Readonly<Record<ImageKind, { ext: string; mediaType: string }>> = {
  png: { ext: 'png', mediaType: 'image/png' },
  jpeg: { ext: 'jpg', mediaType: 'image/jpeg' },
  webp: { ext: 'webp', mediaType: 'image/webp' },
  gif: { ext: 'gif', mediaType: 'image/gif' },
};

function startsWith(bytes: Uint8Array, prefix: readonly number[], offset = 0): boolean {
  return prefix.every((byte, index) => bytes[offset + index] === byte);
}

/** The image type read from the first bytes of the content, whatever its name claims. */
export function sniffImage(bytes: Uint8Array): ImageKind | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'gif';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return undefined;
}

const u16be = (b: Uint8Array, at: number): number => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
const u16le = (b: Uint8Array, at: number): number => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
const u24le = (b: Uint8Array, at: number): number => u16le(b, at) | ((b[at + 2] ?? 0) << 16);
const u32be = (b: Uint8Array, at: number): number => ((u16be(b, at) << 16) >>> 0) + u16be(b, at + 2);

/**
 * The canvas an image's header declares, or undefined when the header is too short to say. A
 * decoder allocates width x height pixels whatever the file's size, so this is what a pixel bomb
 * lies about.
 */
export function imageDimensions(kind: ImageKind, b: Uint8Array): { width: number; height: number } | undefined {
  switch (kind) {
    case 'png':
      // Signature (8), IHDR length (4) and type (4), then width and height.
      return b.length >= 24 ? { width: u32be(b, 16), height: u32be(b, 20) } : undefined;
    case 'gif':
      return b.length >= 10 ? { width: u16le(b, 6), height: u16le(b, 8) } : undefined;
    case 'webp': {
      const chunk = String.fromCharCode(b[12] ?? 0, b[13] ?? 0, b[14] ?? 0, b[15] ?? 0);
      if (chunk === 'VP8X' && b.length >= 30) return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
      if (chunk === 'VP8L' && b.length >= 25) {
        const bits = (b[21] ?? 0) | ((b[22] ?? 0) << 8) | ((b[23] ?? 0) << 16) | ((b[24] ?? 0) << 24);
        return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
      }
      if (chunk === 'VP8 ' && b.length >= 30) return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
      return undefined;
    }
    case 'jpeg': {
      // Walk the segments to the first start-of-frame marker (SOF0 to SOF15 but DHT, JPG, DAC).
      let at = 2;
      while (at + 9 < b.length) {
        if (b[at] !== 0xff) return undefined;
        const marker = b[at + 1] ?? 0;
        if (marker === 0xff) {
          at += 1;
          continue;
        }
        if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
          return { width: u16be(b, at + 7), height: u16be(b, at + 5) };
        }
        at += 2 + u16be(b, at + 2);
      }
      return undefined;
    }
    default:
      return undefined;
  }
}

function decodedLength(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

function base64ToBytes(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export interface CheckedImage {
  kind: ImageKind;
  bytes: Uint8Array;
}

/**
 * A data URL of a PNG, JPEG, WebP or GIF image of at most 2 MB decoded and `pixelsMax` pixels (the
 * backend's setting; 16,777,216 unless set), whole (imageStructure), checked by its content (the name
 * it claims does not count). SVG, other types, URLs and bad base64 are refused with `invalid`'s message.
 */
export function readImageDataUrl(value: string, invalid: 'imageInvalid' | 'avatarInvalid' = 'imageInvalid', pixelsMax: number = LIMITS.imagePixelsMax): CheckedImage {
  const match = IMAGE_DATA_URL.exec(value);
  const base64 = match?.[3];
  if (!base64 || base64.length % 4 !== 0) throw refusal(invalid);
  if (decodedLength(base64) > LIMITS.imageBytesMax) throw refusal('imageTooLarge');
  const bytes = base64ToBytes(base64);
  const kind = sniffImage(bytes);
  if (!kind) throw refusal(invalid);
  const size = imageDimensions(kind, bytes);
  if (size && size.width * size.height > pixelsMax) throw refusal('imageTooManyPixels', imagePixelsText(pixelsMax));
  if (!imageIsWhole(kind, bytes)) throw refusal('imageCutOff');
  return { kind, bytes };
}

const BASE64_ALPHABET = new TextEncoder().encode('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/');

/**
 * Bytes as base64, written as ASCII codes and read back as text in one go: turning 2 MB of bytes into
 * a string for btoa (String.fromCharCode over slices) took 140 ms in Node; this takes a few.
 */
function bytesToBase64(bytes: Uint8Array): string {
  const out = new Uint8Array(Math.ceil(bytes.length / 3) * 4);
  let at = 0;
  let to = 0;
  for (; at + 2 < bytes.length; at += 3, to += 4) {
    const triple = (bytes[at]! << 16) | (bytes[at + 1]! << 8) | bytes[at + 2]!;
    out[to] = BASE64_ALPHABET[triple >>> 18]!;
    out[to + 1] = BASE64_ALPHABET[(triple >>> 12) & 63]!;
    out[to + 2] = BASE64_ALPHABET[(triple >>> 6) & 63]!;
    out[to + 3] = BASE64_ALPHABET[triple & 63]!;
  }
  const left = bytes.length - at;
  if (left > 0) {
    const triple = (bytes[at]! << 16) | (left === 2 ? bytes[at + 1]! << 8 : 0);
    out[to] = BASE64_ALPHABET[triple >>> 18]!;
    out[to + 1] = BASE64_ALPHABET[(triple >>> 12) & 63]!;
    out[to + 2] = left === 2 ? BASE64_ALPHABET[(triple >>> 6) & 63]! : 61;
    out[to + 3] = 61;
  }
  return new TextDecoder().decode(out);
}

/** An accepted upload: the image without its metadata, and as a data URL (what the stand-in keeps). */
export interface UploadedImage {
  image: CheckedImage;
  dataUrl: string;
}

/**
 * An uploaded image, checked as readImageDataUrl checks it, then without the metadata that could
 * reveal who took it and where (contract/imageMetadata.ts). An image with none keeps its data URL
 * exactly as sent.
 */
export function readUploadedImage(value: string, invalid: 'imageInvalid' | 'avatarInvalid' = 'imageInvalid', pixelsMax: number = LIMITS.imagePixelsMax): UploadedImage {
  const checked = readImageDataUrl(value, invalid, pixelsMax);
  const bytes = withoutMetadata(checked.kind, checked.bytes);
  if (bytes === checked.bytes) return { image: checked, dataUrl: value };
  return uploadedImage({ kind: checked.kind, bytes });
}

/** An image's bytes as an accepted upload, with their data URL. */
export function uploadedImage(image: CheckedImage): UploadedImage {
  return { image, dataUrl: `data:${IMAGE_KINDS[image.kind].mediaType};base64,${bytesToBase64(image.bytes)}` };
}

// ---- Posts ----

/** Trimmed post text of at most 500 characters as a person counts them. */
export function validatePostText(text: string): string {
  const trimmed = text.trim();
  if (countGraphemes(trimmed) > LIMITS.postTextMax) throw refusal('postTooLong');
  return trimmed;
}

/** An image's description (the `alt-text` extension): trimmed, at most LIMITS.imageAltMax characters. */
export function validateImageAlt(text: string): string {
  const trimmed = text.trim();
  if (countGraphemes(trimmed) > LIMITS.imageAltMax) throw refusal('imageAltTooLong');
  return trimmed;
}

/** A content warning (the `content-warnings` extension): one line, trimmed, at most LIMITS.contentWarningMax characters. */
export function validateContentWarning(text: string): string {
  const line = text.replace(/\s+/gu, ' ').trim();
  if (countGraphemes(line) > LIMITS.contentWarningMax) throw refusal('contentWarningTooLong');
  return line;
}

/** Trimmed reply text: some text, at most 500 characters as a person counts them. */
export function validateReplyText(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') throw refusal('replyEmpty');
  if (countGraphemes(trimmed) > LIMITS.replyTextMax) throw refusal('replyTooLong');
  return trimmed;
}

// ---- Members ----

const USERNAME = /^[A-Za-z0-9_]+$/;

export function validateUsername(value: string): string {
  const trimmed = value.trim();
  if (trimmed.length < LIMITS.usernameMin || trimmed.length > LIMITS.usernameMax || !USERNAME.test(trimmed)) {
    throw refusal('usernameInvalid');
  }
  return trimmed;
}

export function validateName(value: string, which: 'firstNameInvalid' | 'lastNameInvalid'): string {
  const trimmed = value.trim();
  const length = countGraphemes(trimmed);
  if (length < LIMITS.nameMin || length > LIMITS.nameMax) throw refusal(which);
  return trimmed;
}

export function validatePassword(value: string): string {
  if (value.length < LIMITS.passwordMin || value.length > LIMITS.passwordMax) throw refusal('passwordInvalid');
  return value;
}

/**
 * One address: something, one '@', then a domain with a dot, no spaces, at most 254 characters. The
 * form asks for it and checks it before signing up; the spec's signup call does not carry it.
 */
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function validateEmail(value: string): string {
  const trimmed = value.trim();
  if (trimmed.length > LIMITS.emailMax || !EMAIL.test(trimmed)) throw refusal('emailInvalid');
  return trimmed;
}

/** A language tag (BCP 47: a language, then subtags such as a region), as a member's choice of language. */
const LANGUAGE_TAG = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/;

/** A member's language: a language tag of at most 35 characters (`en`, `pt-BR`, `en-XA`), or empty for none. */
export function validateLanguage(value: string): string {
  const trimmed = value.trim();
  if (trimmed !== '' && (trimmed.length > LIMITS.languageTagMax || !LANGUAGE_TAG.test(trimmed))) throw refusal('languageInvalid');
  return trimmed;
}

export function validateBio(value: string): string {
  const trimmed = value.trim();
  if (countGraphemes(trimmed) > LIMITS.bioMax) throw refusal('bioTooLong');
  return trimmed;
}

/**
 * The portfolio link rule (design card): an absolute http or https URL, written out with '//', with
 * a host and no spaces. `javascript:`, `mailto:`, a bare address or host name are not links.
 */
export function parseWebUrl(value: string): URL | null {
  const text = value.trim();
  if (text === '' || /\s/.test(text) || !/^https?:\/\//i.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') return null;
  return url;
}

/** Empty, or a web URL (parseWebUrl) of at most 255 characters. */
export function validatePortfolioUrl(value: string): string {
  const trimmed = value.trim();
  if (trimmed === '') return '';
  if (trimmed.length > LIMITS.portfolioUrlMax || !parseWebUrl(trimmed)) throw refusal('portfolioInvalid');
  return trimmed;
}

const SHIPPED_IMAGE_PATH = /^\/images\/[A-Za-z0-9_/-]+\.(jpe?g|png|webp|gif)$/;

/** An image that ships with the app (/images/...), never outside that folder. */
export function isShippedImagePath(value: string): boolean {
  return SHIPPED_IMAGE_PATH.test(value) && !value.includes('..');
}

/** What a new avatar value is, once it has passed validateAvatar. */
export type AvatarChoice =
  | { kind: 'none' }
  | { kind: 'unchanged' }
  | { kind: 'shipped'; path: string }
  | { kind: 'upload'; dataUrl: string; image: CheckedImage };

/**
 * A new avatar: empty (no avatar), the member's current one, an image shipped with the app
 * (/images/...), or an uploaded image as a data URL of at most `pixelsMax` pixels.
 */
export function validateAvatar(value: string, current: string, pixelsMax: number = LIMITS.imagePixelsMax): AvatarChoice {
  if (value === '') return { kind: 'none' };
  if (value === current) return { kind: 'unchanged' };
  if (isShippedImagePath(value)) return { kind: 'shipped', path: value };
  return { kind: 'upload', ...readUploadedImage(value, 'avatarInvalid', pixelsMax) };
}

// ---- Request bodies ----

function hasUnstorableText(value: string): boolean {
  return value.includes('\u0000') || !value.isWellFormed();
}

/**
 * Checks a parsed body as a whole before any rule reads it: no key that could reach an object's
 * prototype, no nesting deeper than a body needs, and no text a database cannot hold (NUL, lone
 * surrogates). Keys count as text too.
 */
export function checkBodyShape(value: unknown, depth = 0): void {
  if (typeof value === 'string') {
    if (hasUnstorableText(value)) throw refusal('textUnstorable');
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  if (depth >= LIMITS.jsonDepthMax) throw refusal('invalidBody');
  if (Array.isArray(value)) {
    for (const item of value) checkBodyShape(item, depth + 1);
    return;
  }
  for (const key of Object.keys(value)) {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') throw refusal('invalidBody');
    if (hasUnstorableText(key)) throw refusal('textUnstorable');
    checkBodyShape((value as Record<string, unknown>)[key], depth + 1);
  }
}

/** A request body's text as JSON, checked by checkBodyShape; 400 when it is not JSON. */
export function parseJsonBody(text: string): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text) as unknown;
  } catch {
    throw refusal('invalidJson');
  }
  checkBodyShape(parsed);
  return parsed;
}
