/**
 * Suspension, end to end: a member is logged in on two devices; a moderator, from the keyboard
 * alone, finds the member through a report about them on /moderation and suspends them with a
 * reason; both devices go to the login screen at once, saying the account is suspended, and logging
 * in is refused with the same words. The moderator then finds the member among the limited and
 * suspended (nobody else sees them now), lifts the suspension, and the member logs in again and reads
 * why above their notifications. On the real server alone: the stand-in's network lives in each
 * browser, so a member's two devices and the moderator cannot share one there.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { MESSAGES } from '../contract/messages';
import { test } from './devices';
import { expect } from './fixtures';
import { DEMO, expectToast, login, MEMBERS, submitLogin, urlPath } from './helpers';

/** A live change reaches the member's devices within this. */
const LIVE = { timeout: 2_000 };
const SUSPENDED = MESSAGES.accountSuspended;
const REASON = 'Sending the same link to every member, after a warning.';
const LIFTED = 'Appeal accepted: the links were a mistake.';

/** Zoe reports Liam himself, as the Report dialog on his profile sends it. */
async function zoeReportsLiam(request: APIRequestContext): Promise<void> {
  const loggedIn = await request.post('/api/auth/login', { data: { username: MEMBERS.zoe.username, password: DEMO.password } });
  expect(loggedIn.status()).toBe(200);
  const { encodedToken } = (await loggedIn.json()) as { encodedToken: string };
  const reported = await request.post('/api/reports', {
    headers: { authorization: encodedToken },
    data: { about: { member: MEMBERS.liam.id }, reason: 'spam', comment: 'He sends me the same link every day.' },
  });
  expect(reported.status()).toBe(201);
}

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails, naming where the focus is, after `max` presses. */
async function tabTo(page: Page, target: Locator, { max = 60, backwards = false } = {}): Promise<void> {
  for (let presses = 0; presses < max; presses += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  const active = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120) ?? 'nothing');
  throw new Error(`Tab never reached ${target.toString()} in ${max} presses; the focus is on ${active}`);
}

/** The moderator logs in from the keyboard: typing in each field, Enter to send. */
async function logInByKeyboard(page: Page, username: string): Promise<void> {
  await page.goto('/login');
  await tabTo(page, page.getByLabel('Username'));
  await page.keyboard.type(username);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type(DEMO.password);
  await page.keyboard.press('Enter');
  await expectToast(page, 'Logged In Successfully!');
  await expect(page.getByRole('heading', { name: 'Latest Posts' })).toBeVisible();
}

/** In the open action dialog: the reason typed, then the dialog's own button pressed with Enter. */
async function giveReason(page: Page, dialog: Locator, action: string, reason: string): Promise<void> {
  const field = dialog.getByRole('textbox', { name: 'Reason' });
  await expect(field).toBeFocused();
  await page.keyboard.type(reason);
  await tabTo(page, dialog.getByRole('button', { name: action, exact: true }), { max: 3 });
  await page.keyboard.press('Enter');
  await expectToast(page, `Done: ${action}.`);
  await expect(dialog).toHaveCount(0);
}

test.describe('Suspension', { tag: ['@server', '@postgres'] }, () => {
  test('a moderator suspends a member from the keyboard: both devices leave at once, login is refused until it is lifted', async ({ page, anotherDevice, realServer, request }) => {
    // Three browsers and six logins, each a password hash on the server: on a busy machine this
    // journey outgrows a test's usual minute (a worker's whole share of two shared cores).
    test.slow();
    await realServer?.setRoles({ [MEMBERS.maya.id]: 'moderator' });
    const laptop = await anotherDevice(MEMBERS.liam.username);
    const phone = await anotherDevice(MEMBERS.liam.username);
    await zoeReportsLiam(request);

    // The moderator reaches the report about Liam from the navigation (back from the page's content,
    // where the focus lands), and its Suspend button.
    await logInByKeyboard(page, MEMBERS.maya.username);
    await tabTo(page, page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Moderation/ }), { backwards: true });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(urlPath('/moderation'));
    await expect(page.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible();
    const report = page.getByRole('article', { name: 'Member @liam_chen' });
    await expect(report).toContainText('He sends me the same link every day.');
    await expect(report).toContainText('Reported by @zoe_martin');
    await tabTo(page, report.getByRole('button', { name: 'Suspend' }));
    await page.keyboard.press('Enter');
    await giveReason(page, page.getByRole('dialog', { name: 'Suspend: Member @liam_chen' }), 'Suspend', REASON);

    // Both of Liam's devices are on the login screen at once, saying why.
    for (const device of [laptop, phone]) {
      await expect(device).toHaveURL(urlPath('/login'), LIVE);
      await expect(device.getByRole('alert').filter({ hasText: SUSPENDED })).toBeVisible();
      await expect(device.getByText('Your session has ended. Please log in again.')).toHaveCount(0);
    }
    // His report is handled; he is among the limited and suspended, whom the moderators alone see.
    await expect(report).toHaveCount(0);
    const restricted = page.getByRole('region', { name: 'Limited and suspended members' });
    const liam = restricted.getByRole('listitem').filter({ hasText: '@liam_chen' });
    await expect(liam).toContainText('Liam Chen');
    await expect(liam).toContainText('Suspended');

    // Logging in again is refused, with the same words, and the form keeps what was typed.
    await submitLogin(laptop, MEMBERS.liam.username, DEMO.password);
    await expectToast(laptop, SUSPENDED);
    await expect(laptop).toHaveURL(urlPath('/login'));
    await expect(laptop.getByLabel('Username')).toHaveValue(MEMBERS.liam.username);

    // The moderator lifts the suspension from the list, by keyboard.
    await tabTo(page, liam.getByRole('button', { name: 'Lift suspension' }));
    await page.keyboard.press('Enter');
    await giveReason(page, page.getByRole('dialog', { name: 'Lift suspension: Member @liam_chen' }), 'Lift suspension', LIFTED);
    await expect(restricted).toContainText('No member is limited or suspended.');

    // Liam logs in again and reads what was done, and why.
    await login(phone, { username: MEMBERS.liam.username });
    await phone.goto('/notifications');
    const notices = phone.getByRole('region', { name: 'From the moderators' });
    await expect(notices.getByRole('listitem').first()).toContainText('The moderators lifted the suspension of your account.');
    await expect(notices.getByRole('listitem').first()).toContainText(LIFTED);
    await expect(notices.getByRole('listitem').nth(1)).toContainText('The moderators suspended your account.');
    await expect(notices.getByRole('listitem').nth(1)).toContainText(REASON);
  });
});
