import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { RuleError } from '../../contract/errors';
import { readPostSearch } from '../../contract/search';
import { PAGE_LIMIT_MAX } from '../../contract/api';
import { usePageTitle } from '../components/usePageTitle';
import { TIMINGS } from '../config/timings';
import { PostList } from '../features/posts/components/PostList';
import { usePagedPosts } from '../features/posts/pagedPosts';
import { useCatchUp } from '../features/live/useNewPosts';
import { PersonRow } from '../features/users/components/PersonRow';
import '../features/users/components/PersonRow.css';
import { usePeopleNamed } from '../features/users/usePeopleNamed';
import { PeopleFailed } from '../features/users/components/PeopleFailed';
import { useLoaderOffAfter } from '../features/ui/useLoaderOffAfter';
import { refusalText } from '../i18n/failureTexts';
import { useT } from '../i18n/useT';
import { useCapability } from '../lib/api/capabilities';
import { WithPostCardExtras } from './PostCardExtras';
import './FeedPages.css';
import './SearchPage.css';

type Tab = 'posts' | 'people';
const TABS: readonly Tab[] = ['posts', 'people'];

/**
 * /search?q=&in=posts|people: one field, and what it finds in two tabs. Posts (the `post-search`
 * extension) are the backend's: words anywhere in the text, ignoring case and accents, `#tag` and
 * `from:username`, newest first, a page at a time; a search that cannot be sent says why before any
 * call. People are the spec's people search. The tabs follow the ARIA tabs pattern: the arrows,
 * Home and End move between them.
 */
export function SearchPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const searchesPosts = useCapability('postSearch');
  // A backend that does not search posts has people alone: no tab that could show nothing.
  const tabs = searchesPosts === false ? (['people'] as const) : TABS;
  const tab: Tab = params.get('in') === 'people' || searchesPosts === false ? 'people' : 'posts';
  usePageTitle(q === '' ? t('search.title') : `${t('search.title')}: ${q}`);

  // The field keeps what is typed; a new search from elsewhere (the top bar) puts its words in it.
  const [typed, setTyped] = useState(q);
  const [typedFor, setTypedFor] = useState(q);
  if (typedFor !== q) {
    setTypedFor(q);
    setTyped(q);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // At once, not as a transition: the field and the list it searches change together.
    setParams({ q: typed.trim(), in: tab }, { flushSync: true });
  };

  const idBase = useId();
  const tabId = (which: Tab) => `${idBase}-tab-${which}`;
  const panelId = (which: Tab) => `${idBase}-panel-${which}`;
  const tabRefs = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});
  const panelRef = useRef<HTMLDivElement>(null);
  const choose = (which: Tab) => {
    setParams({ q, in: which }, { replace: true });
    tabRefs.current[which]?.focus();
  };
  const onTabKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = tabs.indexOf(tab);
    const next = event.key === 'ArrowRight' || event.key === 'ArrowDown' ? tabs[(at + 1) % tabs.length]
      : event.key === 'ArrowLeft' || event.key === 'ArrowUp' ? tabs[(at + tabs.length - 1) % tabs.length]
      : event.key === 'Home' ? tabs[0]
      : event.key === 'End' ? tabs[tabs.length - 1]
      : undefined;
    if (next === undefined) return;
    event.preventDefault();
    choose(next);
  };

  return (
    <div className="feed-page search-page">
      <h1 className="feed-page__title">{t('search.title')}</h1>
      <form role="search" className="search-page__form" aria-label={t('search.field')} onSubmit={submit}>
        <label htmlFor={`${idBase}-q`} className="visually-hidden">{t('search.field')}</label>
        <input
          id={`${idBase}-q`}
          className="text-input search-input search-page__input"
          type="search"
          name="q"
          autoComplete="off"
          spellCheck={false}
          maxLength={400}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        <button type="submit" className="button button--primary">{t('search.submit')}</button>
      </form>
      <div role="tablist" aria-label={t('search.tabs')} className="search-page__tabs" onKeyDown={onTabKey}>
        {tabs.map((which) => (
          <button
            key={which}
            ref={(element) => { tabRefs.current[which] = element; }}
            type="button"
            role="tab"
            id={tabId(which)}
            className="search-page__tab"
            aria-selected={tab === which}
            aria-controls={panelId(which)}
            tabIndex={tab === which ? 0 : -1}
            onClick={() => choose(which)}
          >
            {t(which === 'posts' ? 'search.tabPosts' : 'search.tabPeople')}
          </button>
        ))}
      </div>
      <div ref={panelRef} role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)} className="search-page__panel" tabIndex={-1}>
        {tab === 'posts' ? (
          <PostsFound q={q} available={searchesPosts === true} />
        ) : (
          // Try again goes once the people come: the member carries on from the tab's panel.
          <PeopleFound q={q} onRetry={() => panelRef.current?.focus()} />
        )}
      </div>
    </div>
  );
}

/** The Posts tab: what the backend finds, or why there is nothing to show. */
function PostsFound({ q, available }: { q: string; available: boolean }) {
  const t = useT();
  const read = q === '' ? undefined : readPostSearch(q);
  const refused = read instanceof RuleError ? refusalText(read.code, read.message) : undefined;
  const asks = available && q !== '' && refused === undefined;
  const pages = usePagedPosts({ list: 'search', q }, { skip: !asks, ...useCatchUp() });
  useLoaderOffAfter(pages.isSuccess || pages.isError || !asks, TIMINGS.loaderOffLongMs);
  const quoted = `“${q}”`;
  const status = q === '' ? t('search.prompt')
    : refused ?? (pages.isError && !pages.loaded ? t('search.postsFailed') : undefined);
  if (status !== undefined) return <p className="feed-page__status" role="status">{status}</p>;
  // Until the backend's health answer is in, and while the first page loads.
  if (!available || pages.isLoading) return <p className="feed-page__status" role="status">{t('feed.loading')}</p>;
  return (
    <WithPostCardExtras>
      <PostList posts={pages.posts} more={pages.more} emptyText={t('search.postsEmpty', { query: quoted })} label={t('search.postsFeed', { query: quoted })} />
    </WithPostCardExtras>
  );
}

/** How many of the people found the People tab lists (the most a call answers). */
const PEOPLE_LISTED = PAGE_LIMIT_MAX;

/**
 * The People tab: the spec's people search (first or last name), each with Follow/Unfollow; the
 * first PEOPLE_LISTED, and how many there are. `onRetry` runs as Try again asks once more after a
 * failed search.
 */
function PeopleFound({ q, onRetry }: { q: string; onRetry: () => void }) {
  const t = useT();
  const { people: matches, total, waiting, failed, retry } = usePeopleNamed(q, PEOPLE_LISTED);
  if (q === '') return <p className="feed-page__status" role="status">{t('search.prompt')}</p>;
  if (failed) {
    return (
      <PeopleFailed
        onRetry={() => {
          onRetry();
          retry();
        }}
      />
    );
  }
  if (waiting) return <p className="feed-page__status" role="status">{t('people.loading')}</p>;
  return (
    <>
      <p className="visually-hidden" role="status">{matches.length === 0 ? t('search.none') : t('people.found', { count: total })}</p>
      {matches.length === 0 ? (
        <p className="feed-page__status" aria-hidden="true">{t('search.none')}</p>
      ) : (
        <ul className="person-list" aria-label={t('search.results')}>
          {matches.map((person) => <PersonRow key={person._id} user={person} />)}
        </ul>
      )}
      {total > matches.length ? <p className="feed-page__status">{t('people.shownOf', { shown: matches.length, count: total })}</p> : null}
    </>
  );
}
