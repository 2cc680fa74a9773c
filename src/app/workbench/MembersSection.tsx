import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { StandInWorkbench } from '../../../mocks/workbench';
import type { LoginResponse } from '../../types/api';

type Member = Awaited<ReturnType<StandInWorkbench['members']>>[number];

export interface MembersSectionProps {
  workbench: StandInWorkbench;
  /** The app starts over as the member the answer names, on Home. */
  onLogIn: (answer: LoginResponse) => void;
}

/**
 * QA logs in as any member of the stand-in, without their password: to see the network as the
 * author of a post, a member who was blocked, or one with another role. The list is read when the
 * panel opens, when the stand-in's data changes, and each time the list is focused (a member who
 * joined meanwhile is in it).
 */
export function MembersSection({ workbench, onLogIn }: MembersSectionProps) {
  const realServer = useSyncExternalStore(workbench.subscribe, workbench.realServer);
  const [members, setMembers] = useState<readonly Member[]>([]);
  const [chosen, setChosen] = useState('');
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<string>();
  const [failure, setFailure] = useState<string>();

  const read = useCallback(() => {
    void workbench.members().then((found) => {
      setMembers(found);
      // The member chosen stays chosen while they are there; otherwise the first.
      setChosen((current) => (found.some(({ id }) => id === current) ? current : (found[0]?.id ?? '')));
    }, (error: unknown) => setFailure(`The stand-in's members could not be read: ${error instanceof Error ? error.message : String(error)}`));
  }, [workbench]);
  useEffect(() => {
    read();
    return workbench.subscribe(read);
  }, [workbench, read]);

  const logIn = async () => {
    const member = members.find(({ id }) => id === chosen);
    if (busy || !member) return;
    setBusy(true);
    setSaid(undefined);
    setFailure(undefined);
    try {
      onLogIn(await workbench.logInAs(member.id));
      setSaid(`Logged in as ${member.name} (@${member.username}), on Home.`);
    } catch (error) {
      setFailure(`Could not log in as @${member.username}: ${error instanceof Error ? error.message : String(error)}`);
      read();
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="workbench-members">
      <h3 id="workbench-members" className="workbench__heading">Log in as</h3>
      {realServer ? (
        <p className="workbench__text">A real server answers: its members log in with their own passwords. Switch back to the stand-in to log in as any member.</p>
      ) : (
        <>
          <p className="workbench__text">Any member of the stand-in, without their password: the app starts over as them, on Home.</p>
          <label className="workbench__field">
            Member
            <select value={chosen} onChange={(event) => setChosen(event.target.value)} onFocus={read}>
              {members.map(({ id, username, name }) => (
                <option key={id} value={id}>{`${name} (@${username})`}</option>
              ))}
            </select>
          </label>
          {/* Not `disabled` while at work: the focus stays on it, in the panel. */}
          <button type="button" className="button button--primary" aria-disabled={busy || members.length === 0} onClick={() => void logIn()}>
            Log in as this member
          </button>
          {failure ? <p className="workbench__error" role="alert">{failure}</p> : null}
          <p className="workbench__text" role="status">{said}</p>
        </>
      )}
    </section>
  );
}
