/**
 * Reporting to the moderators: the demo member reports Liam's post from its menu with a reason and
 * a comment, and mutes him too; his posts leave her Home; on the post's own page a second report of
 * it says it was already reported. Where the network has rules, she names the rule it breaks, and
 * the moderators' queue shows it on her report (the demo member is an admin there: the stand-in's
 * `moderation` scenario, or roles and rules given on the real server). On the stand-in (desktop and
 * phone) and on the real server.
 */
import { expect, test } from './fixtures';
import { DEMO, expectToast, login, MEMBERS, postCard, seedPostId } from './helpers';

/** Liam's newest post: on the demo member's Home, who follows him. */
const LIAMS_ISLAND = 'Tiny island, big noon sun.';
const LIAMS_ISLAND_ID = seedPostId(19);
/** The description of the rule "Be kind", as the `moderation` scenario has it. */
const BE_KIND = 'Disagree with ideas, never with people. No insults, threats or harassment.';

test.describe('Reports', { tag: ['@phone', '@server', '@standin'] }, () => {
  test('the demo member reports a post from its menu with a reason and a comment, mutes its author, and cannot report it twice', async ({ page }) => {
    await login(page);
    const card = postCard(page, LIAMS_ISLAND);
    await expect(card).toBeVisible();

    await card.getByRole('button', { name: `More about ${MEMBERS.liam.name}` }).click();
    await page.getByRole('button', { name: 'Report post' }).click();
    const dialog = page.getByRole('dialog', { name: `Report a post by ${MEMBERS.liam.name}` });
    await expect(dialog).toBeVisible();
    const reasons = dialog.getByRole('radiogroup', { name: 'Why are you reporting this?' });
    await expect(reasons.getByRole('radio')).toHaveCount(4);
    await reasons.getByRole('radio', { name: 'Spam' }).check();
    const comment = dialog.getByRole('textbox', { name: 'Anything the moderators should know? (optional)' });
    await comment.fill('The same travel link under every post.');
    await expect(dialog.getByText('962 characters left')).toBeVisible();
    await dialog.getByRole('checkbox', { name: `Also mute @${MEMBERS.liam.username}` }).check();
    await dialog.getByRole('button', { name: 'Send report' }).click();

    await expectToast(page, 'Thanks — your report was sent to the moderators.');
    await expect(dialog).toHaveCount(0);
    await expectToast(page, `You muted ${MEMBERS.liam.name}. Their posts will no longer show in your Home, Explore or notifications.`);
    await expect(postCard(page, LIAMS_ISLAND)).toHaveCount(0);

    // The backend kept it: on the post's own page, the same report again is refused, the dialog
    // keeping what was chosen and typed.
    await page.goto(`/posts/${LIAMS_ISLAND_ID}`);
    const again = postCard(page, LIAMS_ISLAND);
    await again.getByRole('button', { name: `More about ${MEMBERS.liam.name}` }).click();
    await page.getByRole('button', { name: 'Report post' }).click();
    const second = page.getByRole('dialog', { name: `Report a post by ${MEMBERS.liam.name}` });
    await second.getByRole('radio', { name: 'Abuse or harassment' }).check();
    await second.getByRole('textbox', { name: 'Anything the moderators should know? (optional)' }).fill('Still there.');
    await second.getByRole('button', { name: 'Send report' }).click();
    await expect(second.getByRole('alert')).toHaveText('You already reported this, and your report is still open. The moderators will look at it.');
    await expect(second.getByRole('radio', { name: 'Abuse or harassment' })).toBeChecked();
    await expect(second.getByRole('textbox', { name: 'Anything the moderators should know? (optional)' })).toHaveValue('Still there.');
    await second.getByRole('button', { name: 'Cancel' }).click();
    await expect(second).toHaveCount(0);
  });

  test('the demo member reports a post naming the rule it breaks, and the moderators\' queue shows the rule', async ({ page, realServer, request }) => {
    if (realServer) {
      // The rules of the stand-in's `moderation` scenario, written by the demo member made an admin.
      await realServer.setRoles({ [DEMO.id]: 'admin' });
      const admin = await request.post('/api/auth/login', { data: { username: DEMO.username, password: DEMO.password } });
      const { encodedToken } = (await admin.json()) as { encodedToken: string };
      const written = await request.put('/api/rules', {
        headers: { authorization: encodedToken },
        data: { rules: [{ title: 'Be kind', description: BE_KIND }, { title: 'Share what is yours', description: 'Post photos and words you made or may share.' }, { title: 'No spam', description: '' }] },
      });
      expect(written.status()).toBe(200);
    }
    await login(page, realServer ? {} : { scenario: 'moderation' });
    const card = postCard(page, LIAMS_ISLAND);
    await card.getByRole('button', { name: `More about ${MEMBERS.liam.name}` }).click();
    await page.getByRole('button', { name: 'Report post' }).click();
    const dialog = page.getByRole('dialog', { name: `Report a post by ${MEMBERS.liam.name}` });
    await dialog.getByRole('radio', { name: 'Abuse or harassment' }).check();
    const rule = dialog.getByRole('combobox', { name: 'Which rule does it break?' });
    await expect(rule).toHaveValue('');
    await expect(rule.getByRole('option')).toHaveText(['No particular rule', 'Be kind', 'Share what is yours', 'No spam']);
    await rule.selectOption({ label: 'Be kind' });
    await expect(rule).toHaveAccessibleDescription(BE_KIND);
    await dialog.getByRole('textbox', { name: 'Anything the moderators should know? (optional)' }).fill('Mocks everyone who replies.');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expectToast(page, 'Thanks — your report was sent to the moderators.');
    await expect(dialog).toHaveCount(0);

    // The moderators read which rule it breaks, on her report.
    await page.goto('/moderation');
    const reported = page.getByRole('article', { name: 'Post by @liam_chen' });
    const report = reported.getByRole('list', { name: 'Reports' }).getByRole('listitem');
    await expect(report).toHaveCount(1);
    await expect(report).toContainText('Abuse or harassment');
    await expect(report).toContainText('Rule: Be kind');
    await expect(report).toContainText('Mocks everyone who replies.');
    await expect(report).toContainText(`Reported by @${DEMO.username}`);
  });
});
