import { useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { RuleError } from '../../../../contract/errors';
import { readPostSearch } from '../../../../contract/search';
import { useCapability } from '../../../lib/api/capabilities';
import { usePeopleNamed } from '../usePeopleNamed';
import { PeopleFailed } from './PeopleFailed';
import { PersonRow } from './PersonRow';
import './PersonRow.css';
import './PeopleSearch.css';
import { useT } from '../../../i18n/useT';

/** How many of the people found the search lists; the search page lists more. */
const PEOPLE_SHOWN = 20;

export interface PeopleSearchProps {
  /**
   * 'panel' lists the matches in place (side panel); 'bar' shows them in a drop-down under the field
   * that closes when focus leaves the search (top bar).
   */
  variant?: 'panel' | 'bar';
  className?: string;
}

/**
 * People search (spec sections 2 and 5): as the member types, the members whose first or last name
 * contains the text (the first PEOPLE_SHOWN, and how many there are), each with Follow/Unfollow, or
 * 'No User Found'; until the first answer is in, it says it is loading; a search that failed says so,
 * with Try again. The count is announced politely.
 * Escape clears the search from anywhere in it; ArrowDown and ArrowUp move through the people found.
 * With a backend that searches posts (`post-search`), Enter opens the search page (on its Posts tab
 * when the words can search posts, else on People) and the last link opens it on Posts.
 */
export function PeopleSearch({ variant = 'panel', className }: PeopleSearchProps) {
  const t = useT();
  const inputId = useId();
  const resultsId = useId();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(true);
  const { people: matches, total, waiting, failed, retry } = usePeopleNamed(query, PEOPLE_SHOWN);
  const searchesPosts = useCapability('postSearch') === true;
  const navigate = useNavigate();

  const searching = query.trim() !== '';
  const showResults = searching && (variant === 'panel' || open);

  const inputRef = useRef<HTMLInputElement>(null);
  const foundRef = useRef<HTMLDivElement>(null);

  // Anywhere in the search: Escape clears it and goes back to the field; the arrows move from the
  // field through the people found (their names) and back.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && query !== '') {
      event.preventDefault();
      setQuery('');
      inputRef.current?.focus();
      return;
    }
    if (event.key === 'Enter' && event.target === inputRef.current && searchesPosts && searching) {
      event.preventDefault();
      searchPageOpened();
      // Words too few or too short for posts ("ma") are a name: the People tab, where they find someone.
      navigate(paths.search.href(query.trim(), readPostSearch(query) instanceof RuleError ? 'people' : 'posts'));
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const links = Array.from(foundRef.current?.querySelectorAll<HTMLElement>('a[href]') ?? []);
    if (links.length === 0) return;
    const at = links.indexOf(document.activeElement as HTMLElement);
    const next = event.key === 'ArrowDown' ? Math.min(at + 1, links.length - 1) : at - 1;
    event.preventDefault();
    if (next < 0) inputRef.current?.focus();
    else links[next]?.focus();
  };

  // The top bar's search empties once it has opened what was found; the side panel's stays.
  const searchPageOpened = () => {
    if (variant === 'bar') setQuery('');
  };

  // The top bar's drop-down closes when focus moves outside the search.
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (variant === 'bar' && !event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
  };

  return (
    <div
      className={['people-search', `people-search--${variant}`, className ?? ''].filter(Boolean).join(' ')}
      role="search"
      // The top bar and the side panel each hold one: distinct names keep the two landmarks apart.
      aria-label={variant === 'bar' ? t('search.bar') : t('search.panel')}
      onFocus={() => setOpen(true)}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
    >
      <label htmlFor={inputId} className="visually-hidden">
        {t('search.label')}
      </label>
      <span className="people-search__field">
        <svg className="people-search__icon" aria-hidden="true" viewBox="0 0 24 24" width="18" height="18">
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M20 20l-4.2-4.2" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <input
          ref={inputRef}
          id={inputId}
          className="text-input search-input people-search__input"
          type="search"
          placeholder={t('search.placeholder')}
          autoComplete="off"
          spellCheck={false}
          value={query}
          aria-controls={showResults && matches.length > 0 ? resultsId : undefined}
          onChange={(event) => setQuery(event.target.value)}
        />
      </span>
      <div ref={foundRef} className="people-search__found">
        <div className="people-search__status" role="status" aria-live="polite">
          {showResults && matches.length === 0 && !failed ? <p className="people-search__empty">{t(waiting ? 'people.loading' : 'search.none')}</p> : null}
          {showResults && matches.length > 0 ? (
            <span className="visually-hidden">{t('people.found', { count: total })}</span>
          ) : null}
        </div>
        {showResults && failed ? (
          <PeopleFailed
            onRetry={() => {
              // Back to the field before the button goes: the member carries on typing, and the top bar's list stays open.
              inputRef.current?.focus();
              retry();
            }}
          />
        ) : null}
        {showResults && matches.length > 0 ? (
          <ul id={resultsId} className="person-list people-search__results" aria-label={t('search.results')}>
            {matches.map((person) => (
              <PersonRow key={person._id} user={person} onOpen={variant === 'bar' ? () => setQuery('') : undefined} />
            ))}
          </ul>
        ) : null}
        {showResults && total > matches.length ? (
          // More found than listed: how many, and where they all are (the search page's People tab).
          <p className="people-search__more">
            {searchesPosts ? (
              <Link to={paths.search.href(query.trim(), 'people')} onClick={searchPageOpened}>
                {t('people.shownOf', { shown: matches.length, count: total })}
              </Link>
            ) : t('people.shownOf', { shown: matches.length, count: total })}
          </p>
        ) : null}
        {showResults && searchesPosts ? (
          <p className="people-search__posts">
            <Link to={paths.search.href(query.trim())} onClick={searchPageOpened}>
              {t('search.postsFor', { query: query.trim() })}
            </Link>
          </p>
        ) : null}
      </div>
    </div>
  );
}
