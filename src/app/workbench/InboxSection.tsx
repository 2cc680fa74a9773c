import { useSyncExternalStore } from 'react';
import type { StandInWorkbench } from '../../../mocks/workbench';

/**
 * The stand-in's inbox: the mail it sent (a forgotten password's link), newest first, each with its
 * text and its link, which opens here (the stand-in keeps the link's token with its store).
 */
export function InboxSection({ workbench }: { workbench: StandInWorkbench }) {
  const { inbox } = workbench;
  // The inbox's array changes in place: the time of its newest mail says when it did.
  useSyncExternalStore(inbox.subscribe, () => inbox.mails().at(-1)?.sentAt ?? '');
  const mails = [...inbox.mails()].reverse();
  return (
    <section aria-labelledby="workbench-inbox">
      <h3 id="workbench-inbox" className="workbench__heading">Inbox</h3>
      <p className="workbench__text" role="status">
        {mails.length === 0 ? 'No mail yet: "Forgot password?" on the login page sends one to an account with an email address.' : `${mails.length === 1 ? '1 mail' : `${mails.length} mails`}, the newest first.`}
      </p>
      {mails.length > 0 ? (
        <ul className="workbench__list" aria-label="Mail sent">
          {mails.map((mail) => (
            <li key={`${mail.sentAt}-${mail.link}`} className="workbench__mail">
              <p className="workbench__text"><strong>{mail.subject}</strong></p>
              <p className="workbench__text">To {mail.to}, {new Date(mail.sentAt).toLocaleString()}</p>
              <pre className="workbench__mail-text">{mail.text}</pre>
              <a href={mail.link}>Open the link in this tab</a>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
