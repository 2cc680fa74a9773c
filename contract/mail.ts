/**
 * Mail to members (the `accounts` extension): what each says, written once for both backends. The
 * server sends it by SMTP, or writes it to its log and a folder when it has no mail server; the
 * stand-in keeps it in an inbox the QA workbench shows.
 */
import { LIMITS } from './limits';

export interface OutgoingMail {
  to: string;
  subject: string;
  /** Plain text: every mail client shows it, and it holds the link whole. */
  text: string;
  /** The link the mail is for, also inside its text. */
  link: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

/** The mail with a link that sets a new password. */
export function passwordResetMail({ to, name, username, link }: { to: string; name: string; username: string; link: string }): OutgoingMail {
  return {
    to,
    subject: 'Set a new password for SocialConnect',
    link,
    text: [
      `Hello ${name},`,
      '',
      `Someone asked to set a new password for your SocialConnect account @${username}. If it was you, open this link within ${LIMITS.passwordResetMinutes} minutes:`,
      '',
      link,
      '',
      'The link works once. Setting a new password logs your account out on every device.',
      'If it was not you, ignore this mail: your password stays as it is.',
    ].join('\n'),
  };
}

/** The mail with a link that confirms an email address is the member's. */
export function emailConfirmMail({ to, name, username, link }: { to: string; name: string; username: string; link: string }): OutgoingMail {
  return {
    to,
    subject: 'Confirm your email address for SocialConnect',
    link,
    text: [
      `Hello ${name},`,
      '',
      `This address was given for the SocialConnect account @${username}. If it was you, open this link within ${LIMITS.emailConfirmHours} hours to confirm it:`,
      '',
      link,
      '',
      'If it was not you, ignore this mail: the address will not be confirmed.',
    ].join('\n'),
  };
}

/** A mailer that keeps what it is given, newest last: the stand-in's inbox, and the tests'. */
export function keepingMailer(): Mailer & { sent: OutgoingMail[] } {
  const sent: OutgoingMail[] = [];
  return { sent, send: async (mail) => void sent.push(mail) };
}
