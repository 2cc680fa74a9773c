/**
 * A member's data as one zip file (fflate), made in the browser from GET /account/export, and read
 * back into the body of POST /account/import on another SocialConnect.
 *
 * What the zip holds: `data.json`, the export whole, each image named by its file in the zip (what an
 * import reads); the same in parts for people: `profile.json`, `posts.json`, `replies.json`, and CSV
 * files a spreadsheet opens (a header row, RFC 4180 quoting, UTF-8 with a byte order mark);
 * `images/`, the avatar and each post's image; `manifest.json` and `README.txt`, which say the
 * format's version and name any image that could not be fetched.
 */
import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import type { DataExport, DataImportRequest } from '../../../contract/api';
import { LIMITS } from '../../../contract/limits';
import { IMAGE_KINDS, sniffImage } from '../../../contract/validation';

/** The file an import reads: the export whole. */
export const DATA_FILE = 'data.json';

/** The export as the zip keeps it: each image also named by its file in the zip ('' when it has none there). */
export interface ArchivedData extends Omit<DataExport, 'profile' | 'posts'> {
  profile: DataExport['profile'] & { imageFile: string };
  posts: Array<Omit<DataExport['posts'][number], 'moreImages'> & { imageFile: string; moreImages?: Array<{ url: string; alt: string; file: string }> }>;
}

/** Why a file cannot be imported, before anything is sent. */
export class ArchiveError extends Error {
  constructor(readonly reason: 'notArchive' | 'tooLarge') {
    super(reason);
    this.name = 'ArchiveError';
  }
}

type CsvValue = string | number | boolean | null;

/**
 * Text a spreadsheet would take for a formula when it opens the file: a field starting with `=`, `+`,
 * `-` or `@` (or a tab or a carriage return before one). A bookmarked post of someone else's that
 * starts `=HYPERLINK(...)` would otherwise run as one on the member's computer.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One field of a CSV row (RFC 4180): quoted when it holds a comma, a quote or a line break, its quotes
 * doubled; text that would start a formula gets a leading apostrophe, which spreadsheets read as "this
 * is text" (data.json keeps it as it is).
 */
export function csvField(value: CsvValue): string {
  const raw = value === null ? '' : String(value);
  const text = typeof value === 'string' && FORMULA_START.test(raw) ? `'${raw}` : raw;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A CSV file: a header row, then a row each, lines ended by CRLF; a byte order mark so spreadsheets read UTF-8. */
export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly CsvValue[]>): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/** The zip's name: socialconnect-<username>-<yyyy-mm-dd>.zip, the day as the member's clock has it. */
export function archiveName(username: string, at: Date): string {
  const day = [at.getFullYear(), at.getMonth() + 1, at.getDate()].map((part, index) => String(part).padStart(index === 0 ? 4 : 2, '0')).join('-');
  return `socialconnect-${username}-${day}.zip`;
}

/** An image's bytes by its URL, or undefined when it cannot be fetched. */
export type FetchImage = (url: string) => Promise<Uint8Array | undefined>;

/**
 * How long one image may take to arrive before the zip goes on without it (README.txt then names
 * it): an answer that never ends would otherwise hold the download at "Gathering your data…" for good.
 */
export const IMAGE_WAIT_MS = 20_000;

/** An image's bytes from `url`, or undefined when it is not there or has not come within `waitMs`. */
export async function fetchImageWithin(url: URL | string, waitMs: number = IMAGE_WAIT_MS): Promise<Uint8Array | undefined> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(waitMs) });
    return response.ok ? new Uint8Array(await response.arrayBuffer()) : undefined;
  } catch {
    return undefined;
  }
}

/** How far the zip has come: images fetched of all, then packing. */
export type ArchiveProgress = { stage: 'images'; done: number; count: number } | { stage: 'packing' };

const json = (value: unknown): Uint8Array => strToU8(`${JSON.stringify(value, null, 2)}\n`);
const names = (members: DataExport['following']) => toCsv(['username', 'firstName', 'lastName'], members.map((member) => [member.username, member.firstName, member.lastName]));

function readme(data: DataExport, missing: readonly string[]): string {
  const lines = [
    `SocialConnect data of @${data.profile.username}, exported ${data.exportedAt}.`,
    `Format version ${data.format}.`,
    '',
    'data.json       everything below in one file: what an import on another SocialConnect reads',
    'profile.json    your profile',
    'posts.json      your posts, oldest first; posts.csv the same for a spreadsheet',
    'replies.json    your replies, oldest first, with the post each answers; replies.csv the same',
    'follows.csv     whom you follow; mutes.csv whom you mute; blocks.csv whom you block',
    'bookmarks.csv   the posts you bookmarked',
    'images/         your avatar and the images of your posts',
    'manifest.json   the format version and the files, for programs',
    '',
    'To import: sign up on another SocialConnect, open Your account, and choose this file under',
    '"Import from another SocialConnect".',
  ];
  if (missing.length > 0) lines.push('', 'These images could not be fetched and are not in images/:', ...missing);
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * The zip of an export: its images fetched one at a time (`onProgress` hears each), each kept once
 * however many things name it. Answers the zip's bytes and the URLs of the images it could not fetch.
 */
export async function buildArchive(data: DataExport, fetchImage: FetchImage, onProgress: (progress: ArchiveProgress) => void = () => undefined): Promise<{ bytes: Uint8Array; missing: string[] }> {
  const wanted = [
    ...(data.profile.image === '' ? [] : [{ url: data.profile.image, name: 'avatar' }]),
    ...data.posts.flatMap((post, index) => {
      const name = `post-${String(index + 1).padStart(4, '0')}`;
      // A post's images after its first: post-0001-2, post-0001-3, ... in their order.
      const more = (post.moreImages ?? []).map((image, at) => ({ url: image.url, name: `${name}-${at + 2}` }));
      return [...(post.postImage === '' ? [] : [{ url: post.postImage, name }]), ...more];
    }),
  ];
  const files: Zippable = {};
  const fileOf = new Map<string, string>();
  const missing: string[] = [];
  for (const [index, { url, name }] of wanted.entries()) {
    onProgress({ stage: 'images', done: index, count: wanted.length });
    if (fileOf.has(url) || missing.includes(url)) continue;
    const bytes = await fetchImage(url).catch(() => undefined);
    const kind = bytes && sniffImage(bytes);
    if (!bytes || !kind) {
      missing.push(url);
      continue;
    }
    const file = `images/${name}.${IMAGE_KINDS[kind].ext}`;
    // Images are compressed already: stored as they are.
    files[file] = [bytes, { level: 0 }];
    fileOf.set(url, file);
  }
  onProgress({ stage: 'images', done: wanted.length, count: wanted.length });
  onProgress({ stage: 'packing' });

  const archived: ArchivedData = {
    ...data,
    profile: { ...data.profile, imageFile: fileOf.get(data.profile.image) ?? '' },
    posts: data.posts.map(({ moreImages, ...post }) => ({
      ...post,
      imageFile: fileOf.get(post.postImage) ?? '',
      ...(moreImages ? { moreImages: moreImages.map((image) => ({ ...image, file: fileOf.get(image.url) ?? '' })) } : {}),
    })),
  };
  const { posts, replies, profile } = archived;
  Object.assign(files, {
    'README.txt': strToU8(readme(data, missing)),
    'manifest.json': json({ app: 'SocialConnect', format: data.format, exportedAt: data.exportedAt, username: data.profile.username, data: DATA_FILE, images: [...fileOf.values()], missingImages: missing }),
    [DATA_FILE]: json(archived),
    'profile.json': json(profile),
    'posts.json': json(posts),
    'replies.json': json(replies),
    // A post's images after its first, one a line: its file, a tab, and its description.
    'posts.csv': strToU8(toCsv(['id', 'createdAt', 'editedAt', 'content', 'warning', 'image', 'imageAlt', 'moreImages'], posts.map((post) => [
      post.id, post.createdAt, post.editedAt, post.content, post.warning, post.imageFile, post.imageAlt, (post.moreImages ?? []).map((image) => `${image.file}\t${image.alt}`).join('\n'),
    ]))),
    'replies.csv': strToU8(toCsv(['id', 'createdAt', 'postId', 'postAuthor', 'replyToId', 'content'], replies.map((reply) => [reply.id, reply.createdAt, reply.postId, reply.postAuthor, reply.replyToId, reply.content]))),
    'follows.csv': strToU8(names(data.following)),
    'mutes.csv': strToU8(names(data.muting)),
    'blocks.csv': strToU8(names(data.blocking)),
    'bookmarks.csv': strToU8(toCsv(['postId', 'postAuthor', 'content'], data.bookmarks.map((bookmark) => [bookmark.postId, bookmark.postAuthor, bookmark.content]))),
  });
  return { bytes: zipSync(files, { level: 6 }), missing };
}

/** Bytes as a data URL of the image they are; undefined when they are not one. */
function imageDataUrl(bytes: Uint8Array): string | undefined {
  const kind = sniffImage(bytes);
  if (!kind) return undefined;
  let binary = '';
  for (let start = 0; start < bytes.length; start += 0x8000) binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  return `data:${IMAGE_KINDS[kind].mediaType};base64,${btoa(binary)}`;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The body of an import, from a zip this app made: its images as data URLs (one shipped with the
 * app, which every SocialConnect has, by its path). Throws an ArchiveError for a file that is not
 * such a zip, or a body over LIMITS.importBytesMax; what the zip holds is the backend's to check.
 */
export function readArchive(zip: Uint8Array): DataImportRequest {
  let data: ArchivedData;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(zip, { filter: (file) => file.name === DATA_FILE || file.name.startsWith('images/') });
    const parsed: unknown = JSON.parse(strFromU8(files[DATA_FILE] ?? new Uint8Array()));
    if (!isRecord(parsed) || !isRecord(parsed.profile) || !Array.isArray(parsed.posts)) throw new ArchiveError('notArchive');
    data = parsed as unknown as ArchivedData;
  } catch {
    throw new ArchiveError('notArchive');
  }
  const image = (url: string, file: string | undefined): string => {
    if (url.startsWith('/images/')) return url;
    const bytes = file ? files[file] : undefined;
    return (bytes && imageDataUrl(bytes)) ?? '';
  };
  const body: DataImportRequest = {
    format: data.format,
    profile: { userBio: data.profile.userBio, userPortfolioUrl: data.profile.userPortfolioUrl, language: data.profile.language, avatar: image(data.profile.image, data.profile.imageFile) },
    posts: data.posts.map((post) => {
      // An image the zip lacks (it could not be fetched) is left out; the rest of the post still goes.
      const more = (Array.isArray(post.moreImages) ? post.moreImages : []).map((kept) => ({ image: image(kept.url, kept.file), imageAlt: kept.alt })).filter((kept) => kept.image !== '');
      return {
        id: post.id, text: post.content, image: image(post.postImage, post.imageFile), imageAlt: post.imageAlt, warning: post.warning, createdAt: post.createdAt, editedAt: post.editedAt,
        ...(more.length > 0 ? { moreImages: more } : {}),
      };
    }),
    replies: (data.replies ?? []).map((reply) => ({ id: reply.id, postId: reply.postId, replyToId: reply.replyToId, text: reply.content, createdAt: reply.createdAt })),
    pinnedPostIds: data.pinnedPostIds ?? [],
    following: (data.following ?? []).map((member) => member.username),
    muting: (data.muting ?? []).map((member) => member.username),
    blocking: (data.blocking ?? []).map((member) => member.username),
    bookmarks: (data.bookmarks ?? []).map((bookmark) => bookmark.postId),
  };
  if (JSON.stringify(body).length > LIMITS.importBytesMax) throw new ArchiveError('tooLarge');
  return body;
}
