/**
 * Where the keyboard's shortcuts find a post and its actions in the page: each card is an
 * <article data-post-id>, its Like, Bookmark and Show more buttons carry data-post-action, and the composer is
 * the form.composer. The app's shortcuts (app/useKeyboardShortcuts) read the page
 * through these alone, so the cards and the composer keep one way of being found.
 */
export type PostAction = 'like' | 'bookmark' | 'warning';

const POST = 'article[data-post-id]';

/** The cards of the page's feed, in order. */
export function feedPosts(root: ParentNode): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(`[role="feed"] > ${POST}`));
}

/** The card that holds `element` (the card itself, or one of its links and buttons), if any. */
export function postAround(element: Element | null): HTMLElement | null {
  return element?.closest<HTMLElement>(POST) ?? null;
}

/** The id of the post a card shows. */
export function postIdOf(card: HTMLElement): string {
  return card.dataset.postId ?? '';
}

/** A card's Like or Bookmark button, or the Show more (and less) of its content warning. */
export function postActionButton(card: HTMLElement, action: PostAction): HTMLButtonElement | null {
  return card.querySelector<HTMLButtonElement>(`button[data-post-action="${action}"]`);
}

/** The composer's text box, where the page has one. */
export function composerTextBox(root: ParentNode): HTMLTextAreaElement | null {
  return root.querySelector<HTMLTextAreaElement>('form.composer textarea');
}
