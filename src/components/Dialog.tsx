import { useEffect, useId, useRef, type ReactNode } from 'react';
import type { HistoryWindow } from './useHistoryWindow';
import { useT } from '../i18n/useT';
import './Dialog.css';

export interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Accessible name of the close button: "Close" unless given. */
  closeLabel?: string;
  /** A class beside `dialog` for a window of another size (an image viewer). */
  className?: string;
  /** Keys the window's content answers wherever its focus is (a viewer's arrows), before Escape and Tab. */
  onKeyDown?: (event: React.KeyboardEvent<HTMLDivElement>) => void;
}

const FOCUSABLE = 'a[href], button:not([disabled]), textarea:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog: puts focus on its content when it opens, keeps Tab inside, closes on Escape and
 * gives focus back to what had it before.
 */
export function Dialog({ title, onClose, children, closeLabel, className, onKeyDown: onContentKeyDown }: DialogProps) {
  const say = useT();
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);

  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const previouslyFocused = document.activeElement as HTMLElement | null;
    const panel = panelRef.current;
    // Focus starts on the dialog's content (the field marked data-autofocus, or its first control), not on Close.
    const items = Array.from(panel?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []);
    const first = panel?.querySelector<HTMLElement>('[data-autofocus]') ?? items.find((item) => !item.closest('.dialog__header')) ?? items[0];
    (first ?? panel)?.focus();
    return () => previouslyFocused?.focus?.();
  }, []);

  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    onContentKeyDown?.(event);
    if (event.defaultPrevented) return;
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    // Never empty: the close button is always there.
    const items = Array.from(panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const firstItem = items[0]!;
    const lastItem = items[items.length - 1]!;
    if (event.shiftKey && document.activeElement === firstItem) {
      event.preventDefault();
      lastItem.focus();
    } else if (!event.shiftKey && document.activeElement === lastItem) {
      event.preventDefault();
      firstItem.focus();
    }
  };

  return (
    <div className="dialog-backdrop" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div
        ref={panelRef}
        className={className ? `dialog ${className}` : 'dialog'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className="dialog__header">
          <h2 id={titleId} className="dialog__title">{title}</h2>
          <button type="button" className="icon-button" aria-label={closeLabel ?? say('dialog.close')} onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}

/** A question before a step that cannot be undone, shown while `historyWindow` is open: Cancel, or Delete, which closes it and then runs `onConfirm`. */
export function ConfirmDeleteDialog({ historyWindow, texts, keepLabel, onConfirm, buttons }: {
  historyWindow: HistoryWindow;
  texts: { confirmDeleteTitle: string; confirmDeleteText: string };
  /** Accessible name of the close button, which keeps things as they are ("Keep the post"). */
  keepLabel: string;
  onConfirm: () => void;
  /** The two buttons' words where "Cancel" and "Delete" would not say it ("Keep it", "Cancel post"). */
  buttons?: { keep: string; confirm: string };
}) {
  const say = useT();
  if (!historyWindow.isOpen) return null;
  return (
    <ConfirmDialog
      title={texts.confirmDeleteTitle}
      text={texts.confirmDeleteText}
      closeLabel={keepLabel}
      keep={buttons?.keep ?? say('dialog.cancel')}
      confirm={buttons?.confirm ?? say('dialog.delete')}
      onKeep={historyWindow.close}
      onConfirm={() => {
        historyWindow.close();
        onConfirm();
      }}
    />
  );
}

/**
 * A question with two answers: the one that keeps things as they are (also Close and Escape), and the
 * one that cannot be undone, marked as such.
 */
export function ConfirmDialog({ title, text, closeLabel, keep, confirm, onKeep, onConfirm }: {
  title: string;
  text: string;
  /** Accessible name of the close button: "Close" unless given. */
  closeLabel?: string;
  keep: string;
  confirm: string;
  onKeep: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog title={title} closeLabel={closeLabel} onClose={onKeep}>
      <p className="dialog__text">{text}</p>
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={onKeep}>
          {keep}
        </button>
        <button type="button" className="button button--danger" onClick={onConfirm}>
          {confirm}
        </button>
      </div>
    </Dialog>
  );
}
