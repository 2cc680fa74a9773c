import { Link } from 'react-router-dom';
import { LoadFailed } from '../../../components/LoadFailed';
import { TitledSection } from '../../../components/TitledSection';
import { paths } from '../../../config/paths';
import { useCapability } from '../../../lib/api/capabilities';
import { formatPostTime, toDateTimeAttribute } from '../../../lib/formatDate';
import { useLanguage, useT } from '../../../i18n/useT';
import type { ReportSummary } from '../../../types/api';
import { reasonLabel } from '../../moderation/components/words';
import { useGetMyReportsQuery } from '../reportsApi';

/** What the report was about, linked where it has a page of its own (a reply's page needs its post, which the summary does not carry). */
function About({ report }: { report: ReportSummary }) {
  const say = useT();
  switch (report.about.kind) {
    case 'post': return <Link to={paths.post.href(report.about.id)}>{say('yourReports.aboutPost')}</Link>;
    case 'member': return <Link to={paths.profile.href(report.about.id)}>{say('yourReports.aboutMember')}</Link>;
    case 'reply': return <>{say('yourReports.aboutReply')}</>;
  }
}

function statusText(report: ReportSummary, say: ReturnType<typeof useT>): string {
  switch (report.status) {
    case 'open': return say('yourReports.open');
    case 'resolved': return say('yourReports.resolved');
    case 'dismissed': return say('yourReports.dismissed');
  }
}

/**
 * The member's own reports (the `moderation` extension), newest first, each with what the
 * moderators made of it: still waiting, acted on, or looked at with nothing done. Asked again each
 * time the page opens; nothing when the member has reported nothing; when they cannot be read,
 * says so under the section's title with a button to ask again.
 */
export function YourReports() {
  const say = useT();
  const language = useLanguage();
  const has = useCapability('moderation') === true;
  const { data: reports, isError, isFetching, refetch } = useGetMyReportsQuery(undefined, { skip: !has, refetchOnMountOrArgChange: true });
  if (!has) return null;
  if (isError) {
    return (
      <TitledSection block="your-reports" title={say('yourReports.title')}>
        <LoadFailed text={say('yourReports.loadFailed')} onTryAgain={refetch} asking={isFetching} />
      </TitledSection>
    );
  }
  if (!reports || reports.length === 0) return null;
  return (
    <TitledSection block="your-reports" title={say('yourReports.title')}>
      <ul className="your-reports__list">
        {reports.map((report) => (
          <li key={report.id} className="your-reports__item">
            <p><About report={report} /> · {reasonLabel(report.reason)}</p>
            <p className={`your-reports__status your-reports__status--${report.status}`}>{statusText(report, say)}</p>
            <time dateTime={toDateTimeAttribute(report.createdAt)}>{formatPostTime(report.createdAt, language)}</time>
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}
