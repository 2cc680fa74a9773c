import { LIMITS } from '../../contract/limits';
import type { MessageId } from './catalogues/en';
import type { ImageFileProblem } from '../lib/fileToDataUrl';
import { t } from './i18n';

/**
 * What the image pickers take, said beside them, on one line of a phone's Edit Profile (a longer one
 * pushed its Save below the window): a photo of any size is made smaller to fit (fitImage).
 */
export function imagePickHint(): string {
  return t('image.pickHint', { megabytes: LIMITS.imageBytesMax / (1024 * 1024) });
}

/** The refusal of an image over `pixelsMax` pixels (the backend's own limit): the number, and its square's side when it has a whole one. */
export function imagePixelsLimitText(pixelsMax: number): string {
  const side = Math.sqrt(pixelsMax);
  return t('image.tooManyPixels', { pixels: pixelsMax, square: Number.isInteger(side) ? 'yes' : 'no', side: String(side) });
}

type PickedFileProblem = Exclude<ImageFileProblem, 'too-many-pixels'>;

/** What a member is told of a picked image that cannot be used, unless its picker words it its own way. */
const IMAGE_PROBLEMS: Record<PickedFileProblem, MessageId> = {
  'not-image': 'image.notImage',
  'too-large': 'image.tooLarge',
  'cut-off': 'image.cutOff',
  unreadable: 'image.unreadable',
};

/**
 * What a member is told of a picked file that cannot be used; `own` words some problems the
 * picker's own way (the avatar's). One over the pixel limit is told the backend's own limit.
 */
export function imageProblemText(problem: ImageFileProblem, pixelsMax: number, own: Partial<Record<PickedFileProblem, MessageId>> = {}): string {
  if (problem === 'too-many-pixels') return imagePixelsLimitText(pixelsMax);
  return t(own[problem] ?? IMAGE_PROBLEMS[problem], { megabytes: LIMITS.imageBytesMax / (1024 * 1024) });
}
