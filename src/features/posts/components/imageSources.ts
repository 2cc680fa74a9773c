import { backendFileUrl } from '../../../config/env';
import type { ImageSizes } from '../../../types/api';

/** The widest an image shows in a card: the page's column (640) less the card's padding and border. */
const CARD_IMAGE_MAX_WIDTH = 606;
/** The tallest it shows (PostCard.css: `max-height: min(70vh, 560px)`). */
const CARD_IMAGE_MAX_HEIGHT = 560;

/**
 * How wide a card shows an image of this size, for the browser to pick its copy before layout
 * (`sizes`): the phone's column less its margins and the card's, or the desktop's card, and never
 * wider than a tall image shows at its greatest height, or than the image itself.
 */
export function cardImageSizes({ width, height }: { width: number; height: number }): string {
  const widest = Math.min(CARD_IMAGE_MAX_WIDTH, Math.round((CARD_IMAGE_MAX_HEIGHT * width) / height), width);
  return `(max-width: 768px) min(calc(100vw - 58px), ${widest}px), ${widest}px`;
}

/** The `srcset` of an image with copies: each copy at its width, and the image itself at its own. */
export function cardImageSrcSet(src: string, sizes: ImageSizes): string | undefined {
  if (sizes.sources.length === 0) return undefined;
  return [...sizes.sources, { url: src, width: sizes.width }].map(({ url, width }) => `${backendFileUrl(url)} ${width}w`).join(', ');
}

/**
 * How wide a card's grid shows each of a post's several images (half the card, less the gap between
 * them), for the browser to pick its copy.
 */
export const GRID_IMAGE_SIZES = '(max-width: 768px) calc((100vw - 62px) / 2), 301px';
