/**
 * Moderation: a member reports a post; a moderator sees it arrive in the queue without a reload,
 * removes the post with a reason; its author reads why above their notifications, and the reporter
 * that it was resolved; an admin reads the action in the audit log. On the stand-in (the `moderation` scenario: demo_user an admin, Maya a
 * moderator) and on the real server (the same roles given on the server), where the member reports
 * from another browser.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DEMO, expectToast, login, logout, MEMBERS } from './helpers';

const LIAMS_POST = 'First light over the ridge this morning. Worth every minute of the 4 a.m. alarm.';
const REASON = 'Posting the same photo in every group is spam here.';

/** Zoe logs in through the API from `page` and reports Liam's post: as the app's Report dialog sends it. */
async function zoeReportsLiamsPost(page: Page): Promise<void> {
  const status = await page.evaluate(async ({ username, password, text }) => {
    const login = await fetch('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
    const { encodedToken } = (await login.json()) as { encodedToken: string };
    const posts = (await (await fetch('/api/posts/user/liam_chen')).json()) as { posts: Array<{ _id?: string; id?: string; content?: string; text?: string }> };
    const post = posts.posts.find((candidate) => (candidate.content ?? candidate.text) === text);
    const reported = await fetch('/api/reports', {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: encodedToken },
      body: JSON.stringify({ about: { post: post?.id ?? post?._id }, reason: 'spam', comment: 'Same photo everywhere.' }),
    });
    return reported.status;
  }, { username: MEMBERS.zoe.username, password: DEMO.password, text: LIAMS_POST });
  expect(status).toBe(201);
}

test.describe('Moderation', { tag: ['@server', '@standin'] }, () => {
  test('a report arrives live, a moderator removes the post with a reason, the author reads why, the reporter sees it resolved, an admin reads the audit log', async ({ page, browser, realServer, baseURL }) => {
    await realServer?.setRoles({ [MEMBERS.maya.id]: 'moderator', [DEMO.id]: 'admin' });
    await login(page, { username: MEMBERS.maya.username, scenario: 'moderation' });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Moderation/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Open reports' })).toBeVisible();
    const liams = page.getByRole('article', { name: 'Post by @liam_chen' });
    await expect(liams).toHaveCount(0);

    // The member reports from another browser on the server; on the stand-in, whose network lives in
    // this browser, from this page, beside the app.
    if (realServer) {
      const other = await browser.newContext({ baseURL });
      const member = await other.newPage();
      await member.goto('/login');
      await zoeReportsLiamsPost(member);
      await other.close();
    } else {
      await zoeReportsLiamsPost(page);
    }
    // It arrives without a reload, as reported.
    await expect(liams).toBeVisible();
    await expect(liams).toContainText(LIAMS_POST);
    await expect(liams).toContainText('Reported by @zoe_martin');
    await expect(liams).toContainText('Same photo everywhere.');

    await liams.getByRole('button', { name: 'Remove' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove: Post by @liam_chen' });
    const reason = dialog.getByRole('textbox', { name: 'Reason' });
    await expect(reason).toBeFocused();
    await reason.fill(REASON);
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expectToast(page, 'Done: Remove.');
    await expect(dialog).toHaveCount(0);
    await expect(liams).toHaveCount(0);

    // The author reads why, above his notifications.
    await logout(page);
    await login(page, { username: MEMBERS.liam.username });
    await page.goto('/notifications');
    const notices = page.getByRole('region', { name: 'From the moderators' });
    await expect(notices).toContainText('The moderators removed one of your posts.');
    await expect(notices).toContainText(REASON);

    // The reporter reads that the moderators acted on her report.
    await logout(page);
    await login(page, { username: MEMBERS.zoe.username });
    await page.goto('/notifications');
    const reports = page.getByRole('region', { name: 'Your reports' });
    await expect(reports.getByRole('listitem')).toHaveCount(1);
    await expect(reports.getByRole('listitem')).toContainText('A post you reported · Spam');
    await expect(reports.getByRole('listitem')).toContainText('Resolved: the moderators acted on it');

    // An admin reads the action in the audit log.
    await logout(page);
    await login(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Moderation/ }).click();
    const audit = page.getByRole('region', { name: 'Audit log' });
    await expect(audit.getByRole('listitem').first()).toContainText('@maya_patel · Remove · post by @liam_chen');
    await expect(audit.getByRole('listitem').first()).toContainText(REASON);
  });
});
