/**
 * Input rules a real server would apply (issue 2), as plain functions. Each returns the cleaned value
 * or throws a RuleError with a clear message; none of them changes anything.
 */
import { refusal } from './errors';

export const LIMITS = {
  postTextMax: 500,
  imageBytesMax: 2 * 1024 * 1024,
  usernameMin: 3,
  usernameMax: 30,
  nameMin: 1,
  nameMax: 30,
  passwordMin: 8,
  passwordMax: 128,
  bioMax: 500,
  portfolioUrlMax: 255,
} as const;

const segmenter = typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : undefined;

/** Characters as a person sees them: an emoji with modifiers or a flag counts as one. */
export function countGraphemes(text: string): number {
  if (!segmenter) return Array.from(text).length;
  let count = 0;
  for (const segment of segmenter.segment(text)) {
    void segment;
    count += 1;
  }
  return count;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The body as an object, or 400 for anything else (an array, a string, null). */
export function requireObject(value: unknown): Record<string, unknown> {
  if (!isRecord(value)) throw refusal('invalidBody');
  return value;
}

/** A field that may be absent (or null) but must be a string when present. */
export function optionalString(body: Record<string, unknown>, field: string): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw refusal('invalidBody');
  return value;
}

/** A field that must be a string. */
export function requireString(body: Record<string, unknown>, field: string): string {
  const value = body[field];
  if (typeof value !== 'string') throw refusal('invalidBody');
  return value;
}

// ---- Images ----

const IMAGE_DATA_URL = /^data:image\/(png|jpeg|jpg|webp|gif)(;[a-z0-9=._-]+)*;base64,([A-Za-z0-9+/]*={0,2})$/i;

export type ImageKind = 'png' | 'jpeg' | 'webp' | 'gif';

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

function decodedLength(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

/**
 * A data URL of a PNG, JPEG, WebP or GIF image of at most 2 MB decoded, checked by its content.
 * SVG and anything else is refused.
 */
export function validateImageDataUrl(value: string, invalid: 'imageInvalid' | 'avatarInvalid' = 'imageInvalid'): string {
  const match = IMAGE_DATA_URL.exec(value);
  const base64 = match?.[3];
  if (!base64 || base64.length % 4 !== 0) throw refusal(invalid);
  if (decodedLength(base64) > LIMITS.imageBytesMax) throw refusal('imageTooLarge');
  const head = atob(base64.slice(0, 16));
  const bytes = new Uint8Array(head.length);
  for (let i = 0; i < head.length; i += 1) bytes[i] = head.charCodeAt(i);
  if (!sniffImage(bytes)) throw refusal(invalid);
  return value;
}

// ---- Posts ----

/** Trimmed post text of at most 500 characters as a person counts them. */
export function validatePostText(text: string): string {
  const trimmed = text.trim();
  if (countGraphemes(trimmed) > LIMITS.postTextMax) throw refusal('postTooLong');
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

export function validateBio(value: string): string {
  const trimmed = value.trim();
  if (countGraphemes(trimmed) > LIMITS.bioMax) throw refusal('bioTooLong');
  return trimmed;
}

/** Empty, or an absolute http/https URL of at most 255 characters. `javascript:` and the like are refused. */
export function validatePortfolioUrl(value: string): string {
  const trimmed = value.trim();
  if (trimmed === '') return '';
  if (trimmed.length > LIMITS.portfolioUrlMax || !/^https?:\/\//i.test(trimmed)) throw refusal('portfolioInvalid');
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw refusal('portfolioInvalid');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') throw refusal('portfolioInvalid');
  return trimmed;
}

const SHIPPED_IMAGE_PATH = /^\/images\/[A-Za-z0-9_/-]+\.(jpe?g|png|webp|gif)$/;

/**
 * A new avatar: empty (no avatar), the member's current one, an image shipped with the app
 * (/images/...), or an uploaded image as a data URL.
 */
export function validateAvatar(value: string, current: string): string {
  if (value === '' || value === current) return value;
  if (SHIPPED_IMAGE_PATH.test(value) && !value.includes('..')) return value;
  return validateImageDataUrl(value, 'avatarInvalid');
}
