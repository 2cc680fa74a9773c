import { useState } from 'react';
import { LoadFailed } from '../../../components/LoadFailed';
import { useT } from '../../../i18n/useT';
import type { ModerationAction, RestrictedMembers } from '../../../types/api';
import { useGetRestrictedMembersQuery } from '../moderationApi';
import { ActionDialog } from './ActionDialog';
import { actionLabel } from './words';

/** A member as the list names them: no email address, nothing private. */
type ModerationMember = RestrictedMembers['members'][number];

/** What a moderator can do about a member who is limited or suspended: lift it, or suspend one who is limited. */
function actionsFor(member: ModerationMember): ModerationAction[] {
  if (member.role !== 'member') return [];
  if (member.standing === 'suspended') return ['unsuspend'];
  if (member.standing === 'limited') return ['unlimit', 'suspend'];
  return [];
}

/** One member who is limited or suspended, their standing, and the actions it leaves open, each asking for the reason. */
function RestrictedMember({ member }: { member: ModerationMember }) {
  const say = useT();
  const [acting, setActing] = useState<ModerationAction | null>(null);
  const name = say('moderation.aboutMember', { username: member.username });
  return (
    <li className="moderation-restricted__member">
      <span className="moderation-restricted__who">
        <strong dir="auto">{member.name}</strong> <span className="moderation-restricted__username">@{member.username}</span>
      </span>
      <span className="moderation-restricted__standing">{say(member.standing === 'suspended' ? 'moderation.standingSuspended' : 'moderation.standingLimited')}</span>
      <div className="moderation-entry__buttons" role="group" aria-label={say('moderation.actionsFor', { subject: name })}>
        {actionsFor(member).map((action) => (
          <button key={action} type="button" className="button button--secondary" onClick={() => setActing(action)}>{actionLabel(action)}</button>
        ))}
      </div>
      {acting ? <ActionDialog subject={{ kind: 'member', id: member.id }} action={acting} subjectName={name} onClose={() => setActing(null)} /> : null}
    </li>
  );
}

/**
 * One page of the members who are limited or suspended, by username; the last one shown offers the
 * next. A suspended member is hidden from everyone and can be reported no more: this is where a
 * moderator finds them to lift the suspension.
 */
export function RestrictedMembersPage({ cursor, last, onMore }: { cursor?: string; last: boolean; onMore: (cursor: string) => void }) {
  const say = useT();
  const { data, isLoading, isError, refetch } = useGetRestrictedMembersQuery(cursor === undefined ? {} : { cursor });
  if (isLoading) return <p className="feed-page__status" role="status">{say('moderation.restrictedLoading')}</p>;
  if (isError || !data) return <LoadFailed text={say('moderation.restrictedFailed')} onTryAgain={refetch} />;
  return (
    <>
      {cursor === undefined && data.members.length === 0 ? <p className="feed-page__status">{say('moderation.restrictedEmpty')}</p> : null}
      <ul className="moderation-restricted">
        {data.members.map((member) => <RestrictedMember key={member.id} member={member} />)}
      </ul>
      {last && data.nextCursor ? (
        <button type="button" className="button button--secondary moderation-page__more" onClick={() => onMore(data.nextCursor as string)}>{say('moderation.showMoreRestricted')}</button>
      ) : null}
    </>
  );
}
