import { useState } from 'react';
import { useAppSelector } from '../../../lib/store/hooks';
import type { UserSummary } from '../../../types/api';
import { useT } from '../../../i18n/useT';
import { nameOf } from '../../relations/components/RelationActions';
import { selectHasModeration } from '../reportsApi';
import { ReportDialog } from './ReportDialog';

/** Report, on another member's profile: asks why, then tells the moderators. Nothing for a backend without `moderation`. */
export function ReportMemberButton({ user }: { user: UserSummary }) {
  const say = useT();
  const shown = useAppSelector(selectHasModeration);
  const [open, setOpen] = useState(false);
  if (!shown) return null;
  return (
    <>
      <button type="button" className="pill-button" aria-label={say('report.memberName', { name: nameOf(user) })} onClick={() => setOpen(true)}>
        {say('report.member')}
      </button>
      {open ? <ReportDialog about={{ member: user._id }} author={user} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
