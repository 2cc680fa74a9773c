import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../../lib/store/hooks';
import { SORT_LABELS, selectSortMode, type SortMode } from '../feedSlice';
import { sortChosen } from '../sortChosen';
import { SortIcon } from './icons';
import './SortMenu.css';
import { usePressOutside } from '../../../components/usePressOutside';

import type { MessageId } from '../../../i18n/catalogues/en';
import { useT } from '../../../i18n/useT';
export const SORT_CHOICES: ReadonlyArray<{ mode: SortMode; label: MessageId }> = [
  { mode: 'latest', label: 'sort.latest' },
  { mode: 'oldest', label: 'sort.oldest' },
  { mode: 'trending', label: 'sort.trending' },
];

export interface SortMenuProps {
  /** The heading level of the current sort label. */
  headingLevel?: 2 | 3;
}

/** The feed's heading (the current sort label) and the 'Sort posts' menu: Latest, Oldest, Trending. */
export function SortMenu({ headingLevel = 2 }: SortMenuProps) {
  const say = useT();
  const dispatch = useAppDispatch();
  const sortMode = useAppSelector(selectSortMode);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const itemRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const menuId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  useEffect(() => {
    if (open) itemRefs.current[active]?.focus();
  }, [open, active]);

  usePressOutside(open, [menuRef, buttonRef], () => setOpen(false));

  const openMenu = (index = Math.max(0, SORT_CHOICES.findIndex((choice) => choice.mode === sortMode))) => {
    setActive(index);
    setOpen(true);
  };

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const choose = (mode: SortMode) => {
    close(true);
    dispatch(sortChosen(mode));
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openMenu(0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu(SORT_CHOICES.length - 1);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const last = SORT_CHOICES.length - 1;
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
  };

  return (
    <div className="sort-menu">
      <Heading className="sort-menu__heading">{say(SORT_LABELS[sortMode])}</Heading>
      <div className="sort-menu__anchor">
        <button
          ref={buttonRef}
          type="button"
          className="sort-menu__button"
          aria-label={say('sort.menu')}
          title={say('sort.menu')}
          aria-haspopup="menu"
          aria-expanded={open}
          aria-controls={open ? menuId : undefined}
          onClick={() => (open ? close(false) : openMenu())}
          onKeyDown={onButtonKeyDown}
        >
          <SortIcon />
        </button>
        {open ? (
          <ul ref={menuRef} id={menuId} className="sort-menu__list" role="menu" aria-label={say('sort.menu')} onKeyDown={onMenuKeyDown}>
            {SORT_CHOICES.map((choice, index) => (
              <li key={choice.mode} role="none">
                <button
                  ref={(element) => {
                    itemRefs.current[index] = element;
                  }}
                  type="button"
                  role="menuitem"
                  tabIndex={index === active ? 0 : -1}
                  className={`sort-menu__item${choice.mode === sortMode ? ' is-current' : ''}`}
                  aria-current={choice.mode === sortMode ? 'true' : undefined}
                  onClick={() => choose(choice.mode)}
                >
                  {say(choice.label)}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
