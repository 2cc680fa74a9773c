/**
 * The server's mail (server/mail.ts), as a member meets it: a forgotten password's link reaches a
 * real SMTP server on loopback (smtp-server), and the link read from the mail received sets the new
 * password, once; an address no account has gets the same answer and no mail. Without SMTP_URL, the
 * mail is written to a private folder and its link to the log.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import type { SignupResponse } from '../../contract/api';
import { SAMPLE_SIGNUP } from '../../contract/seed/default';
import { createServerMailer, type MailLog } from '../mail';
import { seededWithDemoToken, startTestServer, type TestServer } from '../testing/serverTarget';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** An SMTP server on a free loopback port, keeping every message it receives. */
async function startSmtp(): Promise<{ port: number; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((to) => to.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const address = smtp.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { port, received, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}

/** A quoted-printable body as its text (soft line breaks joined, `=XX` decoded). */
function decodedBody(raw: string): string {
  const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
  if (!/Content-Transfer-Encoding: quoted-printable/i.test(raw)) return body;
  return Buffer.from(body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_all, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');
}

async function post(server: TestServer, path: string, body: unknown): Promise<{ status: number; json: unknown }> {
  const answer = await fetch(`${server.baseUrl}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: answer.status, json: await answer.json() };
}

async function until(check: () => boolean): Promise<void> {
  for (let waited = 0; !check() && waited < 5_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
}

const JOINING = { ...SAMPLE_SIGNUP, username: 'mail_reader', email: 'mail.reader@example.com' };

describe('mail to members', () => {
  it('sends a reset link by SMTP; the link read from the mail sets the password once; an unknown address gets no mail', async () => {
    const smtp = await startSmtp();
    const folder = mkdtempSync(join(tmpdir(), 'socialconnect-mail-'));
    const mail = createServerMailer({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from: 'SocialConnect <no-reply@social.test>', folder });
    const server = await startTestServer({ kind: 'pglite', mail, appOrigin: 'https://social.test' });
    try {
      await seededWithDemoToken(server);
      expect((await post(server, '/auth/signup', JOINING)).status).toBe(201);

      expect(await post(server, '/auth/forgot-password', { login: 'nobody@example.com' })).toEqual({ status: 200, json: {} });
      expect(await post(server, '/auth/forgot-password', { login: JOINING.email })).toEqual({ status: 200, json: {} });
      // Joining mailed the link that confirms the address; asking, the reset link.
      await until(() => smtp.received.length >= 2);
      await mail.settled();
      // Only the account's own address was mailed: nothing went to the address no account has.
      expect(smtp.received.map((message) => [message.from, message.to])).toEqual([['no-reply@social.test', [JOINING.email]], ['no-reply@social.test', [JOINING.email]]]);
      expect(smtp.received[0]!.raw).toMatch(/^Subject: Confirm your email address for SocialConnect\r?$/m);
      const raw = smtp.received[1]!.raw;
      expect(raw).toMatch(/^Subject: Set a new password for SocialConnect\r?$/m);
      const link = /https:\/\/social\.test\/reset-password#token=([A-Za-z0-9_-]+)/.exec(decodedBody(raw));
      expect(link).not.toBeNull();

      const token = link![1]!;
      expect(await post(server, '/auth/reset-password', { token, password: 'read-from-the-mail' })).toEqual({ status: 200, json: {} });
      const login = await post(server, '/auth/login', { username: JOINING.username, password: 'read-from-the-mail' });
      expect(login.status).toBe(200);
      expect((login.json as SignupResponse).encodedToken).toEqual(expect.any(String));
      expect((await post(server, '/auth/reset-password', { token, password: 'a-second-time' })).status).toBe(400);
      // Nothing was written to the folder: the mail went by SMTP.
      expect(readdirSync(folder)).toEqual([]);
    } finally {
      await server.close();
      mail.close();
      await smtp.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('without SMTP_URL, writes each mail to a private file and its link to the log', async () => {
    const folder = join(mkdtempSync(join(tmpdir(), 'socialconnect-data-')), 'mail');
    const lines: { details: Record<string, unknown>; message: string }[] = [];
    const log: MailLog = { info: (details, message) => lines.push({ details: details as Record<string, unknown>, message }), error: (details, message) => lines.push({ details: details as Record<string, unknown>, message }) };
    const mail = createServerMailer({ smtpUrl: undefined, from: 'SocialConnect <no-reply@localhost>', folder });
    mail.reportTo(log);
    await mail.send({ to: 'someone@example.com', subject: 'Set a new password for SocialConnect', text: 'Open https://social.test/reset-password#token=abc', link: 'https://social.test/reset-password#token=abc' });
    const [file] = readdirSync(folder);
    expect(file).toMatch(/\.eml$/);
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    expect(statSync(join(folder, file!)).mode & 0o777).toBe(0o600);
    const written = readFileSync(join(folder, file!), 'utf8');
    expect(written).toMatch(/^To: someone@example\.com$/m);
    expect(decodedBody(written.replace(/\n/g, '\r\n'))).toContain('https://social.test/reset-password#token=abc');
    expect(lines).toEqual([{ message: expect.stringContaining('No SMTP_URL'), details: expect.objectContaining({ to: 'someone@example.com', link: 'https://social.test/reset-password#token=abc', file: join(folder, file!) }) }]);
    mail.close();
    rmSync(join(folder, '..'), { recursive: true, force: true });
  });

  it('logs a mail it could not send, and does not throw', async () => {
    const lines: string[] = [];
    // A port nothing listens on: the connection is refused at once.
    const mail = createServerMailer({ smtpUrl: 'smtp://127.0.0.1:9', from: 'SocialConnect <no-reply@localhost>', folder: tmpdir() });
    mail.reportTo({ info: (_details, message) => lines.push(message), error: (_details, message) => lines.push(message) });
    await mail.send({ to: 'someone@example.com', subject: 'Subject', text: 'Text', link: 'https://social.test/' });
    expect(lines).toEqual(['A mail could not be sent.']);
    mail.close();
  });
});
