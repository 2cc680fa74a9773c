import { useLayoutEffect, useState, type RefObject } from 'react';

/** The space kept between a popup and the viewport's edges. */
const EDGE_PX = 8;

/** Where a popup opens beside its button: above or below it, aligned to its end or start edge, moved back in by `shift` px (physical, rightwards) when neither edge fits. */
export interface PopupPlacement {
  block: 'below' | 'above';
  inline: 'end' | 'start';
  shift: number;
}

export const PLACED_BELOW: PopupPlacement = { block: 'below', inline: 'end', shift: 0 };

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** The window, less what bars fixed over its top and foot cover (a popup under them is not seen). */
export interface Viewport {
  width: number;
  height: number;
  coveredTop?: number;
  coveredBottom?: number;
}

/**
 * Where a popup of `size` is seen whole beside `anchor` in `viewport`: below, unless it does not fit
 * there and there is more room above; aligned with the anchor's end edge (where a post's ⋯ sits),
 * unless that runs off the viewport and the start edge does not; moved back in otherwise.
 */
export function placePopup(anchor: Box, size: { width: number; height: number }, viewport: Viewport, direction: 'ltr' | 'rtl' = 'ltr'): PopupPlacement {
  const roomBelow = viewport.height - (viewport.coveredBottom ?? 0) - anchor.bottom - EDGE_PX;
  const roomAbove = anchor.top - (viewport.coveredTop ?? 0) - EDGE_PX;
  const block = size.height > roomBelow && roomAbove > roomBelow ? 'above' : 'below';
  // The popup's left edge when aligned with the anchor's end, or its start.
  const rightAligned = anchor.right - size.width;
  const leftAligned = anchor.left;
  const [endLeft, startLeft] = direction === 'rtl' ? [leftAligned, rightAligned] : [rightAligned, leftAligned];
  const fits = (left: number) => left >= EDGE_PX && left + size.width <= viewport.width - EDGE_PX;
  if (fits(endLeft)) return { block, inline: 'end', shift: 0 };
  if (fits(startLeft)) return { block, inline: 'start', shift: 0 };
  const wanted = Math.min(Math.max(endLeft, EDGE_PX), Math.max(EDGE_PX, viewport.width - EDGE_PX - size.width));
  return { block, inline: 'end', shift: Math.round(wanted - endLeft) };
}

/**
 * How much of the window's top or foot a bar fixed over it covers, as the page's layout says in
 * `--covered-block-start` and `--covered-block-end` (in px) on the root element; 0 where none is said.
 */
function coveredBy(root: HTMLElement, edge: 'start' | 'end'): number {
  const value = Number.parseFloat(getComputedStyle(root).getPropertyValue(`--covered-block-${edge}`));
  return Number.isFinite(value) ? value : 0;
}

/**
 * Measures an open popup against its anchor before it is painted, and again when its `content` changes
 * (its size with it), and says where it fits (placePopup); below its anchor until measured.
 */
export function usePopupPlacement(anchorRef: RefObject<HTMLElement | null>, popupRef: RefObject<HTMLElement | null>, content: unknown): PopupPlacement {
  const [placement, setPlacement] = useState<PopupPlacement>(PLACED_BELOW);
  useLayoutEffect(() => {
    const anchor = anchorRef.current;
    const popup = popupRef.current;
    if (!anchor || !popup) return;
    const { width, height } = popup.getBoundingClientRect();
    const direction = getComputedStyle(popup).direction === 'rtl' ? 'rtl' : 'ltr';
    const root = document.documentElement;
    const viewport = { width: root.clientWidth || window.innerWidth, height: window.innerHeight, coveredTop: coveredBy(root, 'start'), coveredBottom: coveredBy(root, 'end') };
    setPlacement(placePopup(anchor.getBoundingClientRect(), { width, height }, viewport, direction));
  }, [anchorRef, popupRef, content]);
  return placement;
}
