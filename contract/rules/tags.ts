/** Tags (the `tags` extension): the posts whose text holds `#tag`, matched ignoring case. */
import { refusal } from '../errors';
import { isTag, normaliseTag } from '../richText';
import type { PostSource } from '../store';

/**
 * The posts a tag names, from the tag as a path gives it (without its "#"): refused with a clear
 * message when no text could hold it as a tag (empty, too long, other characters, no letter).
 */
export function taggedPosts(tag: string): Extract<PostSource, { kind: 'tag' }> {
  if (!isTag(tag)) throw refusal('tagInvalid');
  return { kind: 'tag', tag: normaliseTag(tag) };
}
