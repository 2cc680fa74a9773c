import { useState } from 'react';
import { backendFileUrl } from '../../../config/env';
import { formatPostTime, toDateTimeAttribute } from '../../../lib/formatDate';
import { useLanguage, useT } from '../../../i18n/useT';
import type { ModerationAction, QueueEntry } from '../../../types/api';
import { ActionDialog } from './ActionDialog';
import { actionLabel, reasonLabel } from './words';

/** What a subject is, as the queue names it: a post or a reply by someone, or a member. */
export function subjectNameOf(entry: Pick<QueueEntry, 'content'>, say: ReturnType<typeof useT>): string {
  const { content } = entry;
  if (content.kind === 'member') return say('moderation.aboutMember', { username: content.username });
  return say(content.kind === 'post' ? 'moderation.aboutPost' : 'moderation.aboutReply', { username: content.username });
}

/** The actions the queue offers on a subject: those the member's standing and role leave open. */
function actionsFor(entry: QueueEntry): ModerationAction[] {
  const actions: ModerationAction[] = entry.reports.length > 0 ? ['dismiss'] : [];
  if (entry.subject.kind !== 'member' && entry.exists) actions.push('remove');
  const member = entry.member;
  if (!member || member.role !== 'member') return actions;
  actions.push('warn');
  if (member.standing === 'good') actions.push('limit', 'suspend');
  if (member.standing === 'limited') actions.push('unlimit', 'suspend');
  if (member.standing === 'suspended') actions.push('unsuspend');
  return actions;
}

/**
 * One subject of the queue: what was reported as it read then (and whether it is gone or edited
 * since), each report with its reason, comment, rule, reporter and time, the member's history, and
 * a button for each action, which asks for the reason in a dialog.
 */
export function QueueEntryCard({ entry }: { entry: QueueEntry }) {
  const say = useT();
  const language = useLanguage();
  const [acting, setActing] = useState<ModerationAction | null>(null);
  const name = subjectNameOf(entry, say);
  const { content, member } = entry;
  const headingId = `moderation-${entry.subject.kind}-${entry.subject.id}`;

  return (
    <article className="moderation-entry" aria-labelledby={headingId}>
      <h3 id={headingId} className="moderation-entry__title">{name}</h3>
      <p className="moderation-entry__count">{say('moderation.reportCount', { count: entry.reports.length })}</p>
      {!entry.exists ? <p className="moderation-entry__flag">{say('moderation.gone')}</p> : null}
      {entry.edited ? <p className="moderation-entry__flag">{say('moderation.edited')}</p> : null}
      <figure className="moderation-entry__content">
        <figcaption className="moderation-entry__caption">{say('moderation.asReported')}</figcaption>
        {content.kind === 'member' ? (
          <blockquote dir="auto">
            <p>{content.firstName} {content.lastName} (@{content.username})</p>
            {content.bio ? <p>{content.bio}</p> : null}
          </blockquote>
        ) : (
          <blockquote dir="auto">
            <p className="moderation-entry__text">{content.text}</p>
            {content.kind === 'post' ? content.images.map((image, index) => (
              <img key={`${image}-${index}`} className="moderation-entry__image" src={backendFileUrl(image)} alt={say('moderation.reportedImage', { number: index + 1 })} />
            )) : null}
          </blockquote>
        )}
      </figure>
      <ul className="moderation-entry__reports" aria-label={say('moderation.reportsList')}>
        {entry.reports.map((report) => (
          <li key={report.id} className="moderation-entry__report">
            <span className="moderation-entry__reason">{reasonLabel(report.reason)}</span>
            {report.rule ? <span className="moderation-entry__rule">{say('moderation.ruleNamed', { title: report.rule.title })}</span> : null}
            {report.comment ? <q dir="auto" className="moderation-entry__comment">{report.comment}</q> : null}
            <span className="moderation-entry__reporter">
              {say('moderation.reportedBy', { username: report.reporter.username })}{' '}
              <time dateTime={toDateTimeAttribute(report.createdAt)}>{formatPostTime(report.createdAt, language)}</time>
            </span>
          </li>
        ))}
      </ul>
      {member ? (
        <section className="moderation-entry__history" aria-label={say('moderation.historyOf', { username: member.username })}>
          <p>
            {say('moderation.earlierReports', { count: member.earlierReports })}
            {member.standing !== 'good' ? ` · ${say(member.standing === 'limited' ? 'moderation.standingLimited' : 'moderation.standingSuspended')}` : ''}
          </p>
          {member.actions.length > 0 ? (
            <ul className="moderation-entry__actions-taken">
              {member.actions.map((taken) => (
                <li key={`${taken.createdAt}-${taken.action}`}>
                  {actionLabel(taken.action)}: <span dir="auto">{taken.reason}</span>{' '}
                  <time dateTime={toDateTimeAttribute(taken.createdAt)}>{formatPostTime(taken.createdAt, language)}</time>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}
      <div className="moderation-entry__buttons" role="group" aria-label={say('moderation.actionsFor', { subject: name })}>
        {actionsFor(entry).map((action) => (
          <button key={action} type="button" className={action === 'dismiss' ? 'button button--secondary' : 'button button--primary'} onClick={() => setActing(action)}>
            {actionLabel(action)}
          </button>
        ))}
      </div>
      {acting ? <ActionDialog subject={entry.subject} action={acting} subjectName={name} onClose={() => setActing(null)} /> : null}
    </article>
  );
}
