import { useEffect, useId, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '../../../lib/store/hooks';
import { filtersClosed, filtersToggled, selectIsFiltersOpen, selectSortMode, type SortMode } from '../feedSlice';
import { sortChosen } from '../sortChosen';
import { SORT_CHOICES } from './SortMenu';
import { useT } from '../../../i18n/useT';
import { SortIcon } from './icons';
import './FilterPanel.css';
import { usePressOutside } from '../../../components/usePressOutside';

/**
 * The phone's filter panel: a 'Filters' toggle and the same sort choices as the sort menu. It closes
 * on a choice, on Escape and on a tap outside.
 */
export function FilterPanel() {
  const say = useT();
  const dispatch = useAppDispatch();
  const open = useAppSelector(selectIsFiltersOpen);
  const sortMode = useAppSelector(selectSortMode);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  // Open, it closes on Escape (focus back on the toggle) and on a tap or click anywhere else.
  usePressOutside(open, [rootRef], () => dispatch(filtersClosed()));
  useEffect(() => {
    if (!open) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      dispatch(filtersClosed());
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, dispatch]);

  const choose = (mode: SortMode) => {
    dispatch(filtersClosed());
    dispatch(sortChosen(mode));
  };

  return (
    <div className="filter-panel" ref={rootRef}>
      <button
        ref={toggleRef}
        type="button"
        className="pill-button filter-panel__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => dispatch(filtersToggled())}
      >
        <SortIcon />
        <span>{say('filters.toggle')}</span>
      </button>
      <div id={panelId} className="filter-panel__body" hidden={!open}>
        <fieldset className="filter-panel__group">
          <legend>{say('filters.sortBy')}</legend>
          {SORT_CHOICES.map((choice) => (
            <button
              key={choice.mode}
              type="button"
              className={`pill-button filter-panel__choice${choice.mode === sortMode ? ' is-current' : ''}`}
              aria-pressed={choice.mode === sortMode}
              onClick={() => choose(choice.mode)}
            >
              {say(choice.label)}
            </button>
          ))}
        </fieldset>
      </div>
    </div>
  );
}
