import { useId } from 'react';
import { usePageTitle } from '../components/usePageTitle';
import { TIMINGS } from '../config/timings';
import { RelationList } from '../features/relations/components/RelationList';
import { useLoaderOffAfter } from '../features/ui/useLoaderOffAfter';
import { useCapability } from '../lib/api/capabilities';
import './FeedPages.css';
import './MutedAndBlockedPage.css';

export const MUTE_BLOCK_UNAVAILABLE = 'This network does not let members mute or block one another.';

/** /settings/muted-and-blocked: the members the member mutes and blocks (the `mute-block` extension). */
export function MutedAndBlockedPage() {
  const has = useCapability('muteBlock');
  const mutedId = useId();
  const blockedId = useId();
  useLoaderOffAfter(has !== undefined, TIMINGS.loaderOffShortMs);
  usePageTitle('Muted and blocked');
  return (
    <div className="feed-page">
      <h1 className="feed-page__title">Muted and blocked</h1>
      {has === true ? (
        <>
          <section aria-labelledby={mutedId}>
            <h2 id={mutedId} className="muted-and-blocked__title">Muted</h2>
            <p className="feed-page__status">Their posts and replies stay out of your Home, Explore and notifications. They are not told.</p>
            <RelationList list="muted" label="Muted members" />
          </section>
          <section aria-labelledby={blockedId}>
            <h2 id={blockedId} className="muted-and-blocked__title">Blocked</h2>
            <p className="feed-page__status">You do not see each other, follow each other, or reply to or mention each other.</p>
            <RelationList list="blocked" label="Blocked members" />
          </section>
        </>
      ) : null}
      {has === false ? <p className="feed-page__status">{MUTE_BLOCK_UNAVAILABLE}</p> : null}
    </div>
  );
}
