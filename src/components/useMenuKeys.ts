import { useEffect, useRef, useState, type KeyboardEvent } from 'react';

/**
 * A menu button's menu of `count` items, as the ARIA menu button pattern moves through it: Arrow
 * Down or Up on the button opens it at the first or the last item; in the menu the arrows move (and
 * wrap), Home and End go to the ends, Escape closes it with the focus back on the button, and Tab
 * closes it and moves on. The focus follows the active item while it is open.
 */
export function useMenuKeys(count: number) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<Array<HTMLButtonElement | null>>([]);

  useEffect(() => {
    if (open) itemRefs.current[active]?.focus();
  }, [open, active]);

  const openAt = (index: number) => {
    setActive(index);
    setOpen(true);
  };
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };
  const last = count - 1;

  return {
    open,
    active,
    buttonRef,
    openAt,
    close,
    /** Closes the menu without moving the focus (a press outside it). */
    dismiss: () => setOpen(false),
    /** The ref of item `index`, which the focus goes to when it is the active one. */
    itemRef: (index: number) => (element: HTMLButtonElement | null) => {
      itemRefs.current[index] = element;
    },
    onButtonKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
      if (event.key === 'ArrowDown') {
        event.preventDefault();
        openAt(0);
      } else if (event.key === 'ArrowUp') {
        event.preventDefault();
        openAt(last);
      }
    },
    onMenuKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      switch (event.key) {
        case 'ArrowDown':
          event.preventDefault();
          setActive((index) => (index >= last ? 0 : index + 1));
          break;
        case 'ArrowUp':
          event.preventDefault();
          setActive((index) => (index <= 0 ? last : index - 1));
          break;
        case 'Home':
          event.preventDefault();
          setActive(0);
          break;
        case 'End':
          event.preventDefault();
          setActive(last);
          break;
        case 'Escape':
          event.preventDefault();
          event.stopPropagation();
          close(true);
          break;
        case 'Tab':
          close(false);
          break;
        default:
          break;
      }
    },
  };
}
