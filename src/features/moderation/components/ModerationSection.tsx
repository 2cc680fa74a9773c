import { useId } from 'react';
import { useT } from '../../../i18n/useT';
import { useCapability } from '../../../lib/api/capabilities';
import { useAppSelector } from '../../../lib/store/hooks';
import { selectOwnRole } from '../ownRole';
import { RulesEditor } from './RulesEditor';
import { StaffEditor } from './StaffEditor';
import './Moderation.css';

/**
 * Moderation, in Your account, for an admin alone (the `moderation` extension): the network's rules
 * a newcomer agrees to at signup, and the moderators. Nobody else sees it; the backends check the
 * role again on every call.
 */
export function ModerationSection() {
  const say = useT();
  const titleId = useId();
  const rulesId = useId();
  const staffId = useId();
  const has = useCapability('moderation');
  const role = useAppSelector(selectOwnRole);
  if (has !== true || role !== 'admin') return null;
  return (
    <section className="moderation" aria-labelledby={titleId}>
      <h2 id={titleId} className="muted-and-blocked__title">{say('moderation.title')}</h2>
      <section aria-labelledby={rulesId}>
        <h3 id={rulesId} className="moderation__title">{say('moderation.rulesTitle')}</h3>
        <RulesEditor />
      </section>
      <section aria-labelledby={staffId}>
        <h3 id={staffId} className="moderation__title">{say('moderation.staffTitle')}</h3>
        <StaffEditor />
      </section>
    </section>
  );
}
