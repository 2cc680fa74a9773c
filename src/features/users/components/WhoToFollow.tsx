import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useAppSelector } from '../../../lib/store/hooks';
import type { MemberSuggestions } from '../../../types/api';
import { selectCurrentMember } from '../currentMember';
import { useGetSuggestionsQuery } from '../usersApi';
import { PeopleFailed } from './PeopleFailed';
import { PersonRow } from './PersonRow';
import './PersonRow.css';
import './WhoToFollow.css';
import { useT } from '../../../i18n/useT';

/** How many people the list shows at first, and how many more each 'Show more people' adds. */
const WHO_TO_FOLLOW_PAGE = 5;

const NO_ONE: MemberSuggestions = { users: [], total: 0 };

/**
 * Whom the member followed when the suggestions last arrived (`loadedAt`): those are left out, also
 * from an answer kept from before a follow (the app started with the network gone, the follow waiting
 * to be sent). A follow after that changes the member's record at once, but the list keeps its
 * people (with Unfollow) until it loads again. Null until the member's record is known.
 */
function useFollowedWhenLoaded(loadedAt: number | undefined): ReadonlySet<string> | null {
  const me = useAppSelector(selectCurrentMember);
  const [basis, setBasis] = useState<{ loadedAt: number; followed: ReadonlySet<string> } | null>(null);
  if (loadedAt !== undefined && me && basis?.loadedAt !== loadedAt) {
    setBasis({ loadedAt, followed: new Set(me.following.map((entry) => entry._id)) });
  }
  return basis?.followed ?? null;
}

/**
 * Whom the member might follow (spec section 2), as the backend chose when the list loaded (the
 * `suggestions` extension; from a backend without it, as the app chose from the members list): not
 * themselves, nobody they follow or mute. Each with Follow/Unfollow: a follow leaves the entry where
 * it is, now with Unfollow, so the next button never slides under the pointer; the next load leaves
 * them out. A handful show at first; 'Show more people' adds more. A list that could not load says so,
 * with Try again.
 */
export function WhoToFollow() {
  const t = useT();
  const headingId = useId();
  const { data, isSuccess, isError, fulfilledTimeStamp, refetch } = useGetSuggestionsQuery();
  const { users: answered, total: counted } = data ?? NO_ONE;
  const followed = useFollowedWhenLoaded(fulfilledTimeStamp);
  const people = useMemo(() => (followed === null ? answered : answered.filter((person) => !followed.has(person._id))), [answered, followed]);
  const total = counted - (answered.length - people.length);
  const [limit, setLimit] = useState(WHO_TO_FOLLOW_PAGE);
  const listRef = useRef<HTMLUListElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusAfterShowing = useRef<number | null>(null);
  const shown = people.slice(0, limit);

  // Keyboard and screen-reader members carry on at the first person 'Show more people' added.
  useEffect(() => {
    const index = focusAfterShowing.current;
    focusAfterShowing.current = null;
    if (index !== null) listRef.current?.querySelectorAll<HTMLElement>('.person-row__link')[index]?.focus();
  }, [limit]);

  const showMore = () => {
    focusAfterShowing.current = shown.length;
    setLimit((current) => current + WHO_TO_FOLLOW_PAGE);
  };

  return (
    <section className="who-to-follow" aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} className="who-to-follow__heading" tabIndex={-1}>
        {t('people.whoToFollow')}
      </h2>
      {data === undefined && isError ? (
        <PeopleFailed
          onRetry={() => {
            // The button goes once the people come: the member carries on from the list's heading.
            headingRef.current?.focus();
            void refetch();
          }}
        />
      ) : !isSuccess || followed === null ? (
        <p className="who-to-follow__empty">{t('people.loading')}</p>
      ) : people.length > 0 ? (
        <>
          <ul ref={listRef} className="person-list" aria-labelledby={headingId}>
            {shown.map((person) => (
              <PersonRow key={person._id} user={person} />
            ))}
          </ul>
          {people.length > shown.length ? (
            <div className="who-to-follow__more">
              <button type="button" className="pill-button" onClick={showMore}>
                {t('people.showMore')}
              </button>
              <span className="who-to-follow__count">{t('people.shownOf', { shown: shown.length, count: total })}</span>
            </div>
          ) : null}
        </>
      ) : (
        <p className="who-to-follow__empty">{t('people.none')}</p>
      )}
    </section>
  );
}
