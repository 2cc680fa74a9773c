import { useAppSelector } from '../../lib/store/hooks';
import { selectCurrentUserId } from '../auth/sessionSlice';
import { useDraft, type Draft } from './useDraft';

/** What an edit window starts from: a post's, or a scheduled post's, text, warning and descriptions. */
interface Edited {
  content: string;
  imageAlt?: string;
  warning?: string;
  moreImages?: ReadonlyArray<{ url: string; alt: string }>;
}

/**
 * What is typed in an edit window, kept as the composer keeps its draft (at `place`: a reload with
 * the window open finds it), starting from what the post holds and `also` (a scheduled post's time).
 * `typed` is what the form shows and sends; `onAlt` changes the description of the image at `index`
 * (0: the first; the images after it, `more-images`, in the post's order).
 */
export function useEditDraft(post: Edited, place: string, also: Partial<Draft> = {}) {
  const shownAfterFirst = post.moreImages ?? [];
  const [draft, updateDraft] = useDraft(useAppSelector(selectCurrentUserId), place, {
    text: post.content, imageAlt: post.imageAlt ?? '', warning: post.warning ?? '', moreImages: shownAfterFirst.map(({ url, alt }) => ({ image: url, imageAlt: alt })), ...also,
  });
  const moreImageAlts = shownAfterFirst.map(({ alt }, index) => draft.moreImages[index]?.imageAlt ?? alt);
  const onAlt = (index: number, value: string) => updateDraft(index === 0 ? { imageAlt: value } : {
    moreImages: shownAfterFirst.map(({ url }, at) => ({ image: url, imageAlt: at === index - 1 ? value : (moreImageAlts[at] ?? '') })),
  });
  const typed = { text: draft.text, imageAlt: draft.imageAlt, moreImageAlts, warning: draft.warning };
  return { draft, typed, updateDraft, onAlt };
}
