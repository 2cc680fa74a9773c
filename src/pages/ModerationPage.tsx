import { useState } from 'react';
import { LoadFailed } from '../components/LoadFailed';
import { usePageTitle } from '../components/usePageTitle';
import { TIMINGS } from '../config/timings';
import { useGetAuditLogQuery, useGetModerationQueueQuery } from '../features/moderation/moderationApi';
import { QueueEntryCard } from '../features/moderation/components/QueueEntryCard';
import { RestrictedMembersPage } from '../features/moderation/components/RestrictedMembers';
import { actionLabel } from '../features/moderation/components/words';
import { useLoaderOffAfter } from '../features/ui/useLoaderOffAfter';
import { selectCurrentMember } from '../features/users/currentMember';
import { useCapability } from '../lib/api/capabilities';
import { formatPostTime, toDateTimeAttribute } from '../lib/formatDate';
import { useAppSelector } from '../lib/store/hooks';
import { useLanguage, useT } from '../i18n/useT';
import './FeedPages.css';
import './ModerationPage.css';

/** One page of the queue, from `cursor`; the last one shown offers the next. */
function QueuePage({ cursor, last, onMore }: { cursor?: string; last: boolean; onMore: (cursor: string) => void }) {
  const say = useT();
  const { data, isLoading, isError, refetch } = useGetModerationQueueQuery(cursor === undefined ? {} : { cursor });
  if (isLoading) return <p className="feed-page__status" role="status">{say('moderation.loading')}</p>;
  if (isError || !data) return <LoadFailed text={say('moderation.loadFailed')} onTryAgain={refetch} />;
  return (
    <>
      {cursor === undefined ? (
        <p className="moderation-page__count" role="status" aria-live="polite">{say('moderation.openCount', { count: data.openCount })}</p>
      ) : null}
      {cursor === undefined && data.entries.length === 0 ? <p className="feed-page__status">{say('moderation.empty')}</p> : null}
      <ul className="moderation-page__queue">
        {data.entries.map((entry) => (
          <li key={`${entry.subject.kind}:${entry.subject.id}`}><QueueEntryCard entry={entry} /></li>
        ))}
      </ul>
      {last && data.nextCursor ? (
        <button type="button" className="button button--secondary moderation-page__more" onClick={() => onMore(data.nextCursor as string)}>{say('moderation.showMore')}</button>
      ) : null}
    </>
  );
}

/** One page of the audit log (admins alone), the newest first. */
function AuditLogPage({ cursor, last, onMore }: { cursor?: string; last: boolean; onMore: (cursor: string) => void }) {
  const say = useT();
  const language = useLanguage();
  const { data, isLoading, isError } = useGetAuditLogQuery(cursor === undefined ? {} : { cursor });
  if (isLoading) return <p className="feed-page__status" role="status">{say('moderation.loading')}</p>;
  if (isError || !data) return <p className="feed-page__status" role="alert">{say('moderation.loadFailed')}</p>;
  return (
    <>
      {cursor === undefined && data.entries.length === 0 ? <p className="feed-page__status">{say('moderation.auditEmpty')}</p> : null}
      <ol className="moderation-page__audit">
        {data.entries.map((entry) => (
          <li key={entry.id} className="moderation-page__audit-entry">
            <time dateTime={toDateTimeAttribute(entry.createdAt)}>{formatPostTime(entry.createdAt, language)}</time>{' '}
            {say('moderation.auditLine', {
              actor: entry.actor.username, action: actionLabel(entry.action), kind: entry.subject.kind, member: entry.member?.username ?? '?',
            })}
            {' — '}<span dir="auto">{entry.reason}</span>
          </li>
        ))}
      </ol>
      {last && data.nextCursor ? (
        <button type="button" className="button button--secondary" onClick={() => onMore(data.nextCursor as string)}>{say('moderation.showMoreAudit')}</button>
      ) : null}
    </>
  );
}

/** Pages of a list by cursor, the first first: each "Show more" adds the next. */
function usePages(): [Array<string | undefined>, (cursor: string) => void] {
  const [cursors, setCursors] = useState<Array<string | undefined>>([undefined]);
  return [cursors, (cursor) => setCursors((shown) => (shown.includes(cursor) ? shown : [...shown, cursor]))];
}

/**
 * /moderation, for moderators and admins (the `moderation` extension): the open reports grouped by
 * subject, the newest first, each with its content as reported and the actions; a new report shows
 * as it arrives (the live stream asks the queue again). Then the members who are limited or
 * suspended, where either is lifted. Admins also read the audit log.
 */
export function ModerationPage() {
  const say = useT();
  const has = useCapability('moderation');
  const me = useAppSelector(selectCurrentMember);
  const staff = me?.role === 'moderator' || me?.role === 'admin';
  const [queuePages, moreQueue] = usePages();
  const [restrictedPages, moreRestricted] = usePages();
  const [auditPages, moreAudit] = usePages();
  useLoaderOffAfter(has !== undefined && me !== null, TIMINGS.loaderOffShortMs);
  usePageTitle(say('page.moderation'));
  return (
    <div className="feed-page moderation-page">
      <h1 className="feed-page__title">{say('page.moderation')}</h1>
      {has === true && staff ? (
        <>
          <section aria-labelledby="moderation-queue-title">
            <h2 id="moderation-queue-title" className="moderation-page__heading">{say('moderation.queue')}</h2>
            {queuePages.map((cursor, index) => (
              <QueuePage key={cursor ?? 'first'} cursor={cursor} last={index === queuePages.length - 1} onMore={moreQueue} />
            ))}
          </section>
          <section aria-labelledby="moderation-restricted-title">
            <h2 id="moderation-restricted-title" className="moderation-page__heading">{say('moderation.restricted')}</h2>
            {restrictedPages.map((cursor, index) => (
              <RestrictedMembersPage key={cursor ?? 'first'} cursor={cursor} last={index === restrictedPages.length - 1} onMore={moreRestricted} />
            ))}
          </section>
          {me?.role === 'admin' ? (
            <section aria-labelledby="moderation-audit-title">
              <h2 id="moderation-audit-title" className="moderation-page__heading">{say('moderation.audit')}</h2>
              {auditPages.map((cursor, index) => (
                <AuditLogPage key={cursor ?? 'first'} cursor={cursor} last={index === auditPages.length - 1} onMore={moreAudit} />
              ))}
            </section>
          ) : null}
        </>
      ) : null}
      {has === false || (me !== null && !staff) ? <p className="feed-page__status">{say('moderation.unavailable')}</p> : null}
    </div>
  );
}
