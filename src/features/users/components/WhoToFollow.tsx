import { useEffect, useId, useRef } from 'react';
import { useAppSelector } from '../../../app/hooks';
import { useGetUsersQuery } from '../usersApi';
import { selectWhoToFollow } from '../usersSelectors';
import { PersonRow } from './PersonRow';
import './PersonRow.css';
import './WhoToFollow.css';

export const WHO_TO_FOLLOW_HEADING = 'Who to follow?';
export const NO_ONE_TO_FOLLOW = 'No one to Follow...!';

/** Members the current member does not follow yet, each with a Follow button (spec section 2). */
export function WhoToFollow() {
  const headingId = useId();
  const { isLoading } = useGetUsersQuery();
  const people = useAppSelector(selectWhoToFollow);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const lastFocused = useRef<HTMLElement | null>(null);

  // Following someone removes their row, and with it the focused button: focus goes to the heading
  // instead of being lost, so a keyboard member can carry on.
  useEffect(() => {
    const last = lastFocused.current;
    const active = document.activeElement;
    if (last && !last.isConnected && (active === null || active === document.body)) headingRef.current?.focus();
  }, [people]);

  return (
    <section
      className="who-to-follow"
      aria-labelledby={headingId}
      onFocus={(event) => {
        lastFocused.current = event.target;
      }}
    >
      <h2 ref={headingRef} id={headingId} className="who-to-follow__heading" tabIndex={-1}>
        {WHO_TO_FOLLOW_HEADING}
      </h2>
      {isLoading ? (
        <p className="who-to-follow__empty">Loading people…</p>
      ) : people.length > 0 ? (
        <ul className="person-list" aria-labelledby={headingId}>
          {people.map((person) => (
            <PersonRow key={person._id} user={person} />
          ))}
        </ul>
      ) : (
        <p className="who-to-follow__empty">{NO_ONE_TO_FOLLOW}</p>
      )}
    </section>
  );
}
