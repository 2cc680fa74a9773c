import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useAppSelector } from '../../../lib/store/hooks';
import { selectHasMuteBlock, useGetRelationListInfiniteQuery } from '../../relations/relationsApi';
import { selectCurrentMember } from '../currentMember';
import { useGetUsersQuery } from '../usersApi';
import { followingKeyOf } from '../followUpdates';
import { selectWhoToFollow } from '../usersSelectors';
import { PersonRow } from './PersonRow';
import './PersonRow.css';
import './WhoToFollow.css';
import { useT } from '../../../i18n/useT';

/** How many people the list shows at first, and how many more each 'Show more people' adds. */
const WHO_TO_FOLLOW_PAGE = 5;

/**
 * The ids the member followed when the members list last loaded. Kept by the list itself: a follow
 * changes the member's record at once, but the list keeps its people (with Unfollow) until it loads
 * again. Null until both the list and the member's record are known.
 */
function useFollowedWhenLoaded(): string | null {
  const { fulfilledTimeStamp } = useGetUsersQuery();
  const me = useAppSelector(selectCurrentMember);
  const [basis, setBasis] = useState<{ loadedAt: number; followed: string } | null>(null);
  if (fulfilledTimeStamp !== undefined && me && basis?.loadedAt !== fulfilledTimeStamp) {
    setBasis({ loadedAt: fulfilledTimeStamp, followed: followingKeyOf(me) });
  }
  return basis?.followed ?? null;
}

/**
 * The members the member mutes (the `mute-block` extension), as the pages of that list read so far
 * say: its first, which every profile and post menu reads too, and any the settings page read after
 * it. Nobody is suggested to follow someone the member chose not to hear from. Null while it is read;
 * empty for a backend without the extension, and when the read failed (the suggestions then show
 * everyone rather than nothing).
 */
function useMutedIds(): ReadonlySet<string> | null {
  const has = useAppSelector(selectHasMuteBlock);
  const { data, isError } = useGetRelationListInfiniteQuery('muted', { skip: !has });
  return useMemo(() => {
    if (!has || (!data && isError)) return NO_ONE;
    return data ? new Set(data.pages.flatMap((page) => page.users.map((member) => member._id))) : null;
  }, [has, data, isError]);
}

const NO_ONE: ReadonlySet<string> = new Set();

/**
 * Members the current member did not follow when the list loaded, and does not mute, each with
 * Follow/Unfollow (spec section 2). A follow leaves the entry where it is, now with Unfollow, so the next button never
 * slides under the pointer. A handful show at first; 'Show more people' adds more.
 */
export function WhoToFollow() {
  const t = useT();
  const headingId = useId();
  const { isLoading } = useGetUsersQuery();
  const followedWhenLoaded = useFollowedWhenLoaded();
  const suggested = useAppSelector((state) => selectWhoToFollow(state, followedWhenLoaded));
  const muted = useMutedIds();
  const people = useMemo(() => (muted === null || muted.size === 0 ? suggested : suggested.filter((person) => !muted.has(person._id))), [suggested, muted]);
  const [limit, setLimit] = useState(WHO_TO_FOLLOW_PAGE);
  const listRef = useRef<HTMLUListElement>(null);
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
      <h2 id={headingId} className="who-to-follow__heading">
        {t('people.whoToFollow')}
      </h2>
      {isLoading || followedWhenLoaded === null || muted === null ? (
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
              <span className="who-to-follow__count">{t('people.shownOf', { shown: shown.length, count: people.length })}</span>
            </div>
          ) : null}
        </>
      ) : (
        <p className="who-to-follow__empty">{t('people.none')}</p>
      )}
    </section>
  );
}
