import { useEffect, useState } from 'react';
import type { StandInWorkbench } from '../../../mocks/workbench';

/** An authenticator's code changes every 30 seconds; the list reads them again each second. */
const READ_EVERY_MS = 1000;
const STEP_SECONDS = 30;

/**
 * The authenticator app of every member with two-factor sign-in on (the `two-factor` scenario's
 * demo_user): the code it shows now, and how long it still works, for QA to log in with.
 */
export function AuthenticatorSection({ workbench }: { workbench: StandInWorkbench }) {
  const [codes, setCodes] = useState<Array<{ username: string; code: string }>>([]);
  const [left, setLeft] = useState(STEP_SECONDS);
  useEffect(() => {
    let live = true;
    const read = () => {
      void workbench.authenticatorCodes().then((found) => {
        if (!live) return;
        setCodes(found);
        setLeft(STEP_SECONDS - (Math.floor(Date.now() / 1000) % STEP_SECONDS));
      });
    };
    read();
    const timer = window.setInterval(read, READ_EVERY_MS);
    return () => {
      live = false;
      window.clearInterval(timer);
    };
  }, [workbench]);
  return (
    <section aria-labelledby="workbench-authenticator">
      <h3 id="workbench-authenticator" className="workbench__heading">Authenticator</h3>
      {codes.length === 0 ? (
        <p className="workbench__text">No member has two-factor sign-in on: turn it on from Your account, or choose the two-factor scenario.</p>
      ) : (
        <ul className="workbench__list" aria-label="Authenticator codes">
          {codes.map(({ username, code }) => (
            <li key={username} className="workbench__text">
              {username}: <strong>{code}</strong> ({left} s left)
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
