import { TitledSection } from '../../../components/TitledSection';
import { useCapability } from '../../../lib/api/capabilities';
import { formatPostTime, toDateTimeAttribute } from '../../../lib/formatDate';
import { useLanguage, useT } from '../../../i18n/useT';
import type { ModerationNotice } from '../../../types/api';
import { useGetModerationNoticesQuery } from '../moderationApi';

function noticeText(notice: ModerationNotice, say: ReturnType<typeof useT>): string {
  switch (notice.action) {
    case 'remove': return say(notice.subject.kind === 'reply' ? 'notices.removedReply' : 'notices.removedPost');
    case 'warn': return say('notices.warned');
    case 'limit': return say('notices.limited');
    case 'unlimit': return say('notices.unlimited');
    case 'suspend': return say('notices.suspended');
    case 'unsuspend': return say('notices.unsuspended');
    case 'dismiss': return '';
  }
}

/**
 * What the moderators did about the member or what they wrote, and why (the `moderation`
 * extension), newest first, above their notifications; nothing when there is none.
 */
export function ModerationNotices() {
  const say = useT();
  const language = useLanguage();
  const has = useCapability('moderation') === true;
  const { data: notices } = useGetModerationNoticesQuery(undefined, { skip: !has });
  if (!has || !notices || notices.length === 0) return null;
  return (
    <TitledSection block="moderation-notices" title={say('notices.title')}>
      <ul className="moderation-notices__list">
        {notices.map((notice) => (
          <li key={notice.id} className="moderation-notices__item">
            <p>{noticeText(notice, say)}</p>
            <p>{say('notices.reason')} <span dir="auto">{notice.reason}</span></p>
            <time dateTime={toDateTimeAttribute(notice.createdAt)}>{formatPostTime(notice.createdAt, language)}</time>
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}
