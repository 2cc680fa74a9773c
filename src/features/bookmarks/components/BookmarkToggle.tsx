import { memo } from 'react';
import type { AppDispatch, RootState } from '../../../app/store';
import { strokeIcon } from '../../../components/strokeIcon';
import { useAppSelector } from '../../../lib/store/hooks';
import type { Post } from '../../../types/api';
import { flipToggle } from '../../ui/notify';
import { useOnePress } from '../../ui/useOnePress';
import { bookmarksApi, useAddBookmarkMutation, useRemoveBookmarkMutation } from '../bookmarksApi';
import { selectIsBookmarked } from '../bookmarksSelectors';
import { t } from '../../../i18n/i18n';
import { useT } from '../../../i18n/useT';

const BookmarkIcon = strokeIcon(20, 'M19 21l-7-5-7 5V5a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2z');

/**
 * A post's bookmark toggle (in the post card's actions): shows at once, toasts when the backend
 * agrees, and goes back if it refuses. Re-renders only when this post's bookmark state flips.
 */
export const BookmarkToggle = memo(function BookmarkToggle({ post }: { post: Post }) {
  const say = useT();
  const isBookmarked = useAppSelector((state) => selectIsBookmarked(state, post.id));
  const [addBookmark] = useAddBookmarkMutation();
  const [removeBookmark] = useRemoveBookmarkMutation();
  const onePress = useOnePress();

  const onToggle = () => onePress(() => flipToggle(
    isBookmarked,
    { call: () => addBookmark(post).unwrap(), toast: t('bookmark.added') },
    { call: () => removeBookmark(post.id).unwrap(), toast: t('bookmark.removed') },
  ));

  return (
    <button
      type="button"
      className={`post-card__action post-card__action--bookmark${isBookmarked ? ' is-active' : ''}`}
      aria-label={say('bookmark.name')}
      aria-pressed={isBookmarked}
      // Found by the b shortcut (postShortcuts in the posts feature).
      data-post-action="bookmark"
      onClick={() => void onToggle()}
    >
      <BookmarkIcon filled={isBookmarked} />
    </button>
  );
});

/** Spec: deleting a bookmarked post first removes its bookmark. Fails as the removal fails. */
export function removeBookmarkIfBookmarked(postId: string) {
  return async (dispatch: AppDispatch, getState: () => RootState): Promise<void> => {
    if (!selectIsBookmarked(getState(), postId)) return;
    const removal = dispatch(bookmarksApi.endpoints.removeBookmark.initiate(postId));
    try {
      await removal.unwrap();
    } finally {
      removal.reset();
    }
  };
}
