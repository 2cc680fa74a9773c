/**
 * A forgotten password, as a member meets it: they join with an email address, forget their
 * password, ask for a link from the login page, open the mail's link, set a new password and log in
 * with it; the link works once. On the stand-in, QA reads the mail in the workbench's inbox; on the
 * real server (no SMTP_URL), in the .eml file it writes under its data folder.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { expectToast, logout, openWorkbench, signUp, submitLogin, urlPath } from './helpers';

const RIVER = { firstName: 'River', lastName: 'Song', username: 'river_song', email: 'river.song@example.com', password: 'first-password-1' };
const NEW_PASSWORD = 'a-brand-new-pass';

/** River joins, then logs out: the login page is where she finds she forgot her password. */
async function joinAndLeave(page: Page): Promise<void> {
  await signUp(page, RIVER);
  await logout(page);
}

/** "Forgot password?" on the login page, her address typed, the link asked for. */
async function askForLink(page: Page, login: string): Promise<void> {
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(urlPath('/forgot-password'));
  await page.getByLabel('Email or username').fill(login);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByText('If an account matches, we sent a link to its email address. It works for 60 minutes.')).toBeVisible();
}

/** The new password typed twice on the link's page, set; she is sent to log in with it. */
async function setNewPassword(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Set a new password', level: 1 })).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm New Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set the password' }).click();
  await expectToast(page, 'Your new password is set. Log in with it.');
  await expect(page).toHaveURL(urlPath('/login'));
}

async function logsInWithNewPassword(page: Page): Promise<void> {
  await submitLogin(page, RIVER.username, NEW_PASSWORD);
  await expectToast(page, 'Logged In Successfully!');
  await expect(page).toHaveURL(urlPath('/'));
}

/** A quoted-printable body as its text. */
function decoded(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_all, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

test.describe('A forgotten password', () => {
  test('on the stand-in: the link from the workbench inbox sets a new password, once', { tag: ['@standin'] }, async ({ page }) => {
    await joinAndLeave(page);
    await askForLink(page, RIVER.email);

    const inbox = (await openWorkbench(page)).getByRole('region', { name: 'Inbox' });
    // The newest: joining sent the mail that confirms her address first.
    const mail = inbox.getByRole('list', { name: 'Mail sent' }).getByRole('listitem').filter({ hasText: 'Set a new password for SocialConnect' });
    await expect(mail).toHaveCount(1);
    await expect(mail).toContainText('Set a new password for SocialConnect');
    await expect(mail).toContainText(`To ${RIVER.email}`);
    const link = await mail.getByRole('link', { name: 'Open the link in this tab' }).getAttribute('href');
    await mail.getByRole('link', { name: 'Open the link in this tab' }).click();
    await setNewPassword(page);
    await logsInWithNewPassword(page);

    // The same link again, after a reload: refused, with the way to ask for a new one.
    await logout(page);
    await page.goto(link!);
    await page.getByLabel('New Password', { exact: true }).fill('yet-another-pass');
    await page.getByLabel('Confirm New Password', { exact: true }).fill('yet-another-pass');
    await page.getByRole('button', { name: 'Set the password' }).click();
    await expectToast(page, 'This link has expired or was already used. Ask for a new one.');
    await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
  });

  test('on the real server: the link from the mail it wrote sets a new password, once', { tag: ['@server', '@postgres'] }, async ({ page, realServer }) => {
    if (!realServer) throw new Error('This journey runs against the real server only.');
    await joinAndLeave(page);
    const mailFiles = () => (existsSync(realServer.mailFolder) ? readdirSync(realServer.mailFolder) : []);
    const before = new Set(mailFiles());
    await askForLink(page, RIVER.username);

    let link = '';
    await expect(async () => {
      const written = mailFiles().filter((name) => !before.has(name));
      const mail = written.map((name) => readFileSync(join(realServer.mailFolder, name), 'utf8')).find((text) => text.includes(`To: ${RIVER.email}`) && text.includes('reset-password'));
      link = /https?:\/\/[^\s]+\/reset-password#token=[A-Za-z0-9_-]+/.exec(decoded(mail ?? ''))?.[0] ?? '';
      expect(link).not.toBe('');
    }).toPass({ timeout: 5_000 });
    await page.goto(link);
    await setNewPassword(page);
    await logsInWithNewPassword(page);

    await logout(page);
    await page.goto(link);
    await page.getByLabel('New Password', { exact: true }).fill('yet-another-pass');
    await page.getByLabel('Confirm New Password', { exact: true }).fill('yet-another-pass');
    await page.getByRole('button', { name: 'Set the password' }).click();
    await expectToast(page, 'This link has expired or was already used. Ask for a new one.');
  });
});
