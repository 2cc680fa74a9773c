/**
 * The parts of a post's or a reply's text that are more than text: `@username` mentions, `http(s)://`
 * addresses and `#tags`. Text is never read as HTML: a client makes its elements from these parts,
 * so markup in a text stays text. Both backends read mentions and tags with the same rules.
 */
import { LIMITS } from './limits';
import { parseWebUrl } from './validation';

export type TextPart =
  | { kind: 'text'; text: string }
  /** `@name`, where name could be a username (a client links it only when a member has it). */
  | { kind: 'mention'; text: string; username: string }
  /** An http or https address: `href` is the address, `display` it shortened for reading. */
  | { kind: 'link'; text: string; href: string; display: string }
  | { kind: 'tag'; text: string; tag: string };

/** The longest tag read as one, in characters. */
export const TAG_MAX = 50;
/** How much of an address a shortened one shows before "…". */
export const LINK_DISPLAY_MAX = 32;

const USERNAME = `[A-Za-z0-9_]{${LIMITS.usernameMin},${LIMITS.usernameMax}}`;
/** What a tag is made of: letters, digits and underscores, at least one letter. */
const TAG_CHARACTERS = /^[\p{L}\p{N}_]+$/u;
const HAS_LETTER = /\p{L}/u;
// One pass over the text: an address, a mention or a tag, each starting where a word does not go on
// (so "ann@example.com" holds no mention, "a#b" no tag).
const PARTS_SOURCE = [
  '(?<link>https?:\\/\\/[^\\s<>"]+)',
  `(?<![\\p{L}\\p{N}_@])@(?<username>${USERNAME})(?![\\p{L}\\p{N}_@])`,
  '(?<![\\p{L}\\p{N}_#&])#(?<tag>[\\p{L}\\p{N}_]+)',
].join('|');

/** Punctuation that ends a sentence after an address rather than belonging to it. */
const TRAILING = /[.,;:!?'"\u2019\u201d]+$/u;

/** An address without the punctuation after it; a closing bracket stays only if it has its opening one. */
function trimAddress(address: string): string {
  let trimmed = address.replace(TRAILING, '');
  for (const [open, close] of [['(', ')'], ['[', ']']] as const) {
    while (trimmed.endsWith(close) && trimmed.split(close).length > trimmed.split(open).length) {
      trimmed = trimmed.slice(0, -1).replace(TRAILING, '');
    }
  }
  return trimmed;
}

/** An address as it reads shortened: no scheme, no "www.", at most LINK_DISPLAY_MAX characters then "…". */
export function shortenAddress(href: string): string {
  const bare = href.replace(/^https?:\/\//i, '').replace(/^www\./i, '').replace(/\/$/, '');
  const characters = Array.from(bare);
  return characters.length > LINK_DISPLAY_MAX ? `${characters.slice(0, LINK_DISPLAY_MAX - 1).join('')}…` : bare;
}

/** A text as its parts, in order; the parts' texts joined are the text itself. */
export function textParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  const pushText = (value: string): void => {
    if (value === '') return;
    const last = parts[parts.length - 1];
    if (last?.kind === 'text') last.text += value;
    else parts.push({ kind: 'text', text: value });
  };
  // Its own expression each time: the search position is this text's alone.
  const search = new RegExp(PARTS_SOURCE, 'giu');
  for (let match = search.exec(text); match !== null; match = search.exec(text)) {
    const start = match.index;
    const groups = match.groups ?? {};
    let part: TextPart | undefined;
    let length = match[0].length;
    if (groups.link !== undefined) {
      const address = trimAddress(groups.link);
      length = address.length;
      if (parseWebUrl(address)) part = { kind: 'link', text: address, href: address, display: shortenAddress(address) };
    } else if (groups.username !== undefined) {
      part = { kind: 'mention', text: match[0], username: groups.username };
    } else if (groups.tag !== undefined && isTag(groups.tag)) {
      part = { kind: 'tag', text: match[0], tag: groups.tag };
    }
    if (!part) continue;
    pushText(text.slice(at, start));
    parts.push(part);
    at = start + length;
    // An address cut short of its match: what follows it is read again.
    search.lastIndex = at;
  }
  pushText(text.slice(at));
  return parts;
}

/** The usernames a text mentions, each once, in the order they first appear (case as written). */
export function mentionedUsernames(text: string): string[] {
  const seen = new Map<string, string>();
  for (const part of textParts(text)) {
    if (part.kind === 'mention' && !seen.has(part.username.toLowerCase())) seen.set(part.username.toLowerCase(), part.username);
  }
  return [...seen.values()];
}

/**
 * Whether `tag` (without its "#") is one a text can hold: 1 to TAG_MAX letters, digits or
 * underscores, at least one of them a letter ("#42" is a number, not a tag).
 */
export function isTag(tag: string): boolean {
  return TAG_CHARACTERS.test(tag) && HAS_LETTER.test(tag) && Array.from(tag).length <= TAG_MAX;
}

/**
 * A tag as stored and compared: tags match ignoring case, so "#SomeTag" and "#sometag" are one tag.
 * Both backends keep and look up this form.
 */
export function normaliseTag(tag: string): string {
  return tag.toLowerCase();
}

/** The tags a text holds, each once, normalised, in the order they first appear. */
export function tagsOf(text: string): string[] {
  const tags = new Set<string>();
  for (const part of textParts(text)) {
    if (part.kind === 'tag') tags.add(normaliseTag(part.tag));
  }
  return [...tags];
}
