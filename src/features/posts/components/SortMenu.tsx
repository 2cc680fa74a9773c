import { useId, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '../../../lib/store/hooks';
import { SORT_LABELS, selectSortMode, type SortMode } from '../feedSlice';
import { sortChosen } from '../sortChosen';
import { SortIcon } from './icons';
import './SortMenu.css';
import { useMenuKeys } from '../../../components/useMenuKeys';
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
  const menu = useMenuKeys(SORT_CHOICES.length);
  const { open, active, buttonRef } = menu;
  const menuRef = useRef<HTMLUListElement>(null);
  const menuId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  usePressOutside(open, [menuRef, buttonRef], menu.dismiss);

  // Opened by a press, at the sort in use.
  const openMenu = () => menu.openAt(Math.max(0, SORT_CHOICES.findIndex((choice) => choice.mode === sortMode)));

  const choose = (mode: SortMode) => {
    menu.close(true);
    dispatch(sortChosen(mode));
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
          onClick={() => (open ? menu.close(false) : openMenu())}
          onKeyDown={menu.onButtonKeyDown}
        >
          <SortIcon />
        </button>
        {open ? (
          <ul ref={menuRef} id={menuId} className="sort-menu__list" role="menu" aria-label={say('sort.menu')} onKeyDown={menu.onMenuKeyDown}>
            {SORT_CHOICES.map((choice, index) => (
              <li key={choice.mode} role="none">
                <button
                  ref={menu.itemRef(index)}
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
