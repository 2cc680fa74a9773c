import { hasCapability } from '../../../lib/api/capabilities';
import { useAppSelector } from '../../../lib/store/hooks';
import { ContentWarningField, contentWarningFits } from '../warnings/ContentWarningField';
import { charactersLeft } from './CharacterCount';
import { ImageDescriptionField, imageAltFits } from './ImageDescriptionField';
import { ImageDescriptions } from './ImageDescriptions';

/** A post as its edit windows see it: its first image, and the ones after it (`more-images`). */
export interface EditedPost {
  postImage: string;
  moreImages?: readonly { url: string; alt: string }[];
}

/** What an edit window offers besides the text, where the backend keeps it. */
export interface EditExtras {
  /** The image's description (`alt-text`), for a post with an image. */
  describes: boolean;
  /** A description for each image, for a post with several. */
  several: boolean;
  /** The content warning (`content-warnings`). */
  warns: boolean;
}

/** What is typed in an edit window. */
export interface EditTyped {
  text: string;
  imageAlt: string;
  moreImageAlts: readonly string[];
  warning: string;
}

/** What the edit window of `post` offers, and whether each part of what is typed fits its limit. */
export function useEditExtras(post: EditedPost, { text, imageAlt, moreImageAlts, warning }: EditTyped): EditExtras & { fits: boolean } {
  const altText = useAppSelector((state) => hasCapability(state, 'altText'));
  const warns = useAppSelector((state) => hasCapability(state, 'contentWarnings'));
  const describes = altText && post.postImage !== '';
  const fits = charactersLeft(text) >= 0 && (!describes || [imageAlt, ...moreImageAlts].every(imageAltFits)) && (!warns || contentWarningFits(warning));
  return { describes, several: describes && (post.moreImages?.length ?? 0) > 0, warns, fits };
}

/**
 * Below an edit's text, where focus starts: the content warning, then the image's description, or
 * each image's beside it. `onAlt` names an image by its place in the post, the first at 0.
 */
export function EditExtraFields({ post, extras, typed, onWarning, onAlt }: {
  post: EditedPost;
  extras: EditExtras;
  typed: EditTyped;
  onWarning: (warning: string) => void;
  onAlt: (index: number, alt: string) => void;
}) {
  return (
    <>
      {extras.warns ? <ContentWarningField text={typed.warning} onText={onWarning} /> : null}
      {extras.several ? (
        <ImageDescriptions images={[post.postImage, ...(post.moreImages ?? []).map(({ url }) => url)]} alts={[typed.imageAlt, ...typed.moreImageAlts]} onAlt={onAlt} />
      ) : extras.describes ? <ImageDescriptionField text={typed.imageAlt} onText={(value) => onAlt(0, value)} /> : null}
    </>
  );
}
