import type { ReactNode, Ref } from 'react';
import type { PopupPlacement } from './popupPlacement';
import './PopupPanel.css';

/**
 * The panel a menu button opens: beside its button where usePopupPlacement measured it has room
 * (below or above, aligned to the button's end or start edge, moved back in when neither fits).
 * `className` adds what the menu's own items need (a column, a width).
 */
export function PopupPanel({ panelRef, placement, className, children }: { panelRef: Ref<HTMLDivElement>; placement: PopupPlacement; className?: string; children: ReactNode }) {
  return (
    <div
      ref={panelRef}
      className={className ? `popup-panel ${className}` : 'popup-panel'}
      data-placement={placement.block}
      data-align={placement.inline}
      style={placement.shift === 0 ? undefined : { translate: `${placement.shift}px 0` }}
    >
      {children}
    </div>
  );
}
