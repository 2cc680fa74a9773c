import type { ImageSizes, Post } from '../../types/api';

/** One of a post's images as a card shows it: its URL, its description ('' when none) and its size and copies where known. */
export interface ShownImage {
  src: string;
  alt: string;
  sizes?: ImageSizes;
}

/**
 * A post's images in the author's order: the spec's `postImage` first, then those after it (the
 * `more-images` extension); none for a post without an image. A scheduled post has the same fields.
 */
export function postImagesOf(post: Pick<Post, 'postImage' | 'imageAlt' | 'imageSizes' | 'moreImages'>): ShownImage[] {
  if (!post.postImage) return [];
  return [
    { src: post.postImage, alt: post.imageAlt ?? '', ...(post.imageSizes ? { sizes: post.imageSizes } : {}) },
    ...(post.moreImages ?? []).map(({ url, alt, sizes }) => ({ src: url, alt, ...(sizes ? { sizes } : {}) })),
  ];
}
