import { useId, useState, type FormEvent } from 'react';
import { SubmitButton } from '../../../components/ProgressLabel';
import { t } from '../../../i18n/i18n';
import { useT } from '../../../i18n/useT';
import type { StaffMember } from '../../../types/api';
import { classifyFailure, errorMessage } from '../../../lib/apiError';
import { notifyError, notifySuccess, worded } from '../../ui/notify';
import { useLazyFindMembersQuery } from '../../users/usersApi';
import { useGetStaffQuery, useSetRoleMutation } from '../moderationApi';
import '../../../components/SettingsSection.css';

/**
 * The network's admins and moderators, as an admin names them: a member named a moderator by their
 * username, a moderator made a member again by their button. An admin has no button: admins are
 * named on the server. A username no member has is said under the field, which keeps it.
 */
export function StaffEditor() {
  const say = useT();
  const fieldId = useId();
  const noteId = useId();
  const listId = useId();
  const { data: staff, isLoading, isError } = useGetStaffQuery();
  const [findMember] = useLazyFindMembersQuery();
  const [setRole, { isLoading: saving }] = useSetRoleMutation();
  const [username, setUsername] = useState('');
  const [problem, setProblem] = useState<string>();

  const name = async () => {
    const typed = username.trim().replace(/^@/, '');
    if (typed === '') {
      setProblem(say('moderation.usernameRequired'));
      return;
    }
    let member: { _id: string } | undefined;
    try {
      member = (await findMember({ username: typed }).unwrap()).users[0];
    } catch (error) {
      // The field keeps the username; a lost connection is said by the app's notice.
      if (classifyFailure(error, false).kind !== 'network') notifyError(worded((words) => words.refusalTextOf(error), errorMessage(error)));
      return;
    }
    if (!member) {
      setProblem(say('moderation.usernameUnknown', { username: typed }));
      return;
    }
    setProblem(undefined);
    try {
      const { member: named } = await setRole({ memberId: member._id, role: 'moderator' }).unwrap();
      notifySuccess(t('moderation.named', { username: named.username }));
      setUsername('');
    } catch {
      // The app's listener said why; the field keeps the username.
    }
  };
  const unname = async (member: StaffMember) => {
    try {
      await setRole({ memberId: member.id, role: 'member' }).unwrap();
      notifySuccess(t('moderation.unnamed', { username: member.username }));
      document.getElementById(fieldId)?.focus();
    } catch {
      // The app's listener said why; the list is as it was.
    }
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!saving) void name();
  };

  return (
    <div className="staff-editor">
      <p className="settings-note">{say('moderation.staffAbout')}</p>
      {isLoading ? <p className="feed-page__status">{say('moderation.staffLoading')}</p> : null}
      {isError && !staff ? <p className="feed-page__status" role="status">{say('failure.generic')}</p> : null}
      <h3 id={listId} className="visually-hidden">{say('moderation.staffList')}</h3>
      {staff ? (
        <ul className="staff-editor__list" aria-labelledby={listId}>
          {staff.staff.map((member) => (
            <li key={member.id} className="staff-editor__member">
              <span className="staff-editor__who">
                <strong>{member.name}</strong> <span className="staff-editor__username">@{member.username}</span>
              </span>
              <span className="staff-editor__role">{say(member.role === 'admin' ? 'moderation.roleAdmin' : 'moderation.roleModerator')}</span>
              {member.role === 'moderator' ? (
                <button type="button" className="button button--secondary" aria-disabled={saving || undefined} onClick={() => !saving && void unname(member)}>
                  {say('moderation.unname', { username: member.username })}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <form className="staff-editor__form" noValidate onSubmit={onSubmit} aria-busy={saving}>
        <label className="rules-editor__label" htmlFor={fieldId}>{say('moderation.username')}</label>
        <div className="staff-editor__row">
          <input
            id={fieldId}
            className="text-input rules-editor__input"
            name="username"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={username}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? noteId : undefined}
            onChange={(event) => {
              setUsername(event.target.value);
              setProblem(undefined);
            }}
          />
          <SubmitButton className="button button--primary" formSaysBusy pending={saving} idle={say('moderation.nameModerator')} busy={say('moderation.nameModerator')} />
        </div>
        {problem ? <p id={noteId} className="rules-editor__problem" role="status">{problem}</p> : null}
      </form>
    </div>
  );
}
