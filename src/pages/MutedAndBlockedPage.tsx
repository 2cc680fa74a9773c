import { useId } from 'react';
import { usePageTitle } from '../components/usePageTitle';
import { TIMINGS } from '../config/timings';
import { RelationList } from '../features/relations/components/RelationList';
import { useLoaderOffAfter } from '../features/ui/useLoaderOffAfter';
import { useCapability } from '../lib/api/capabilities';
import { useT } from '../i18n/useT';
import './FeedPages.css';
import './MutedAndBlockedPage.css';

/** /settings/muted-and-blocked: the members the member mutes and blocks (the `mute-block` extension). */
export function MutedAndBlockedPage() {
  const say = useT();
  const has = useCapability('muteBlock');
  const mutedId = useId();
  const blockedId = useId();
  useLoaderOffAfter(has !== undefined, TIMINGS.loaderOffShortMs);
  usePageTitle(say('page.mutedAndBlocked'));
  return (
    <div className="feed-page">
      <h1 className="feed-page__title">{say('page.mutedAndBlocked')}</h1>
      {has === true ? (
        <>
          <section aria-labelledby={mutedId}>
            <h2 id={mutedId} className="muted-and-blocked__title">{say('mutedAndBlocked.muted')}</h2>
            <p className="feed-page__status">{say('mutedAndBlocked.mutedAbout')}</p>
            <RelationList list="muted" label={say('mutedAndBlocked.mutedList')} />
          </section>
          <section aria-labelledby={blockedId}>
            <h2 id={blockedId} className="muted-and-blocked__title">{say('mutedAndBlocked.blocked')}</h2>
            <p className="feed-page__status">{say('mutedAndBlocked.blockedAbout')}</p>
            <RelationList list="blocked" label={say('mutedAndBlocked.blockedList')} />
          </section>
        </>
      ) : null}
      {has === false ? <p className="feed-page__status">{say('mutedAndBlocked.unavailable')}</p> : null}
    </div>
  );
}
