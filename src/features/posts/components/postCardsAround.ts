/** A card's feed, as focusAfterRemoval reads it: its cards in order, and the place of the list (its empty text shows there). */
export function postCardsAround(card: HTMLElement): { items: HTMLElement[]; within: HTMLElement } {
  const feed = card.parentElement;
  const items = feed ? Array.from(feed.children).filter((item): item is HTMLElement => item instanceof HTMLElement && item.tagName === 'ARTICLE') : [card];
  return { items, within: feed?.closest('.post-list')?.parentElement ?? card.ownerDocument.body };
}
