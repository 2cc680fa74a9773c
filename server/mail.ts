/**
 * The server's mail to members (contract/mail.ts says what each mail says). With SMTP_URL, sent by
 * nodemailer to that server, from MAIL_FROM. Without it, nobody is mailed: each mail is written as an
 * .eml file to DATA_DIR/mail (readable by the server's owner alone) and its link to the log, so a
 * self-hoster without a mail server can still let a member set a new password.
 */
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';
import type { Mailer, OutgoingMail } from '../contract/mail';
import { privateFolder } from './privateFiles';

export interface MailLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface MailSettings {
  smtpUrl: string | undefined;
  from: string;
  /** Where mail is written when there is no SMTP server. */
  folder: string;
}

/** What became of a mail: sent to the SMTP server, written to a file (no SMTP_URL), or failed. */
export type MailOutcome = 'sent' | 'written' | 'failed';

export interface ServerMailer extends Mailer {
  /** Where the mailer says what it did, and what failed (the app's log, once it has one). */
  reportTo(log: MailLog): void;
  /** Tells `onOutcome` what became of each mail from now on (the operator's numbers). */
  reportOutcomesTo(onOutcome: (outcome: MailOutcome) => void): void;
  /** How many mails are being sent or written now. */
  pending(): number;
  /** Waits for the mail being sent or written now: for a stop, and for tests. */
  settled(): Promise<void>;
  close(): void;
}

const CONSOLE_LOG: MailLog = {
  info: (details, message) => console.log(message, details),
  error: (details, message) => console.error(message, details),
};

export function createServerMailer({ smtpUrl, from, folder }: MailSettings): ServerMailer {
  let log = CONSOLE_LOG;
  let outcome = (_outcome: MailOutcome): void => undefined;
  const pending = new Set<Promise<void>>();
  const transport = smtpUrl ? createTransport(smtpUrl) : createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  async function deliver(mail: OutgoingMail): Promise<void> {
    const message = { from, to: mail.to, subject: mail.subject, text: mail.text };
    if (smtpUrl) {
      await transport.sendMail(message);
      log.info({ to: mail.to, subject: mail.subject }, 'Mail sent.');
      outcome('sent');
      return;
    }
    const built = await transport.sendMail(message);
    const warning = privateFolder(folder);
    if (warning) log.error({ folder }, warning);
    const file = join(folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
    await writeFile(file, built.message as Buffer, { mode: 0o600 });
    log.info({ to: mail.to, subject: mail.subject, file, link: mail.link }, 'No SMTP_URL: the mail was written to a file, and its link is here.');
    outcome('written');
  }

  return {
    send(mail) {
      const sending = deliver(mail).catch((error: unknown) => {
        log.error({ err: error, to: mail.to, subject: mail.subject }, 'A mail could not be sent.');
        outcome('failed');
      });
      pending.add(sending);
      void sending.finally(() => pending.delete(sending));
      return sending;
    },
    reportTo(next) {
      log = next;
    },
    reportOutcomesTo(next) {
      outcome = next;
    },
    pending: () => pending.size,
    async settled() {
      await Promise.all([...pending]);
    },
    close() {
      transport.close();
    },
  };
}
